import type { billingEndpoints, BodyOf, ContentOf } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { plansApi, type PlanInfo } from '../plans/plans-api';

export type PaidPlan = PlanInfo;

// Typed calls of billing; request and response types come from the contracts.
type B = typeof billingEndpoints;
export type BillingOverview = ContentOf<B['overview']>;
export type BillingSubscription = NonNullable<BillingOverview['subscription']>;
export type BillingInvoice = ContentOf<B['invoices']>['invoices'][number];
export type BillingAccountDetails = ContentOf<B['accountDetails']>;
export type AccountDetailsInput = BodyOf<B['saveAccountDetails']>;

const ws = (workspaceId?: string) => (workspaceId ? { workspaceId } : {});

export const billingApi = {
  overview: (workspaceId?: string) => api.billing.overview({ query: ws(workspaceId) }),
  checkout: (body: BodyOf<B['checkout']>) => api.billing.checkout({ body }),
  portal: (workspaceId?: string) => api.billing.portal({ body: ws(workspaceId) }),
  cancel: (immediately: boolean, workspaceId?: string) =>
    api.billing.cancel({ body: { immediately, ...ws(workspaceId) } }),
  undoCancel: (workspaceId?: string) => api.billing.undoCancel({ body: ws(workspaceId) }),
  resume: (workspaceId?: string) => api.billing.resume({ body: ws(workspaceId) }),
  retryPayment: (workspaceId?: string) => api.billing.retryPayment({ body: ws(workspaceId) }),
  changePlan: (body: BodyOf<B['changePlan']>) => api.billing.changePlan({ body }),
  cancelPendingChange: (workspaceId?: string) => api.billing.cancelPendingChange({ body: ws(workspaceId) }),
  invoices: (workspaceId?: string) => api.billing.invoices({ query: ws(workspaceId) }).then((c) => c.invoices),
  accountDetails: (workspaceId?: string) => api.billing.accountDetails({ query: ws(workspaceId) }),
  saveAccountDetails: (body: AccountDetailsInput) => api.billing.saveAccountDetails({ body }),
  setTaxId: (value: string, workspaceId?: string) => api.billing.setTaxId({ body: { value, ...ws(workspaceId) } }),
  deleteTaxId: (workspaceId?: string) => api.billing.deleteTaxId({ query: ws(workspaceId) }),
};

/** The plans that can be bought (active, with a price), from the plan catalogue the admin edits. */
export function usePaidPlans(): PaidPlan[] | undefined {
  const [plans, setPlans] = useState<PaidPlan[] | undefined>(undefined);
  useEffect(() => {
    plansApi.catalogue().then(
      (content) => setPlans(content.plans.filter((p) => p.active && p.price.monthly > 0)),
      () => setPlans([]),
    );
  }, []);
  return plans;
}
