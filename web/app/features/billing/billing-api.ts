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
type Url = ContentOf<B['checkout']>;

const ws = (workspaceId?: string) => (workspaceId ? { workspaceId } : {});

export const billingApi = {
  overview: (workspaceId?: string) => api.get<BillingOverview>('/billing', { query: ws(workspaceId) }),
  checkout: (body: BodyOf<B['checkout']>) => api.post<Url>('/billing/checkout', body),
  portal: (workspaceId?: string) => api.post<Url>('/billing/portal', ws(workspaceId)),
  cancel: (immediately: boolean, workspaceId?: string) =>
    api.post<BillingOverview>('/billing/subscription/cancel', { immediately, ...ws(workspaceId) }),
  undoCancel: (workspaceId?: string) => api.post<BillingOverview>('/billing/subscription/undo-cancel', ws(workspaceId)),
  resume: (workspaceId?: string) => api.post<Url>('/billing/subscription/resume', ws(workspaceId)),
  retryPayment: (workspaceId?: string) =>
    api.post<BillingOverview>('/billing/subscription/retry-payment', ws(workspaceId)),
  changePlan: (body: BodyOf<B['changePlan']>) => api.post<BillingOverview>('/billing/subscription/change', body),
  cancelPendingChange: (workspaceId?: string) =>
    api.post<BillingOverview>('/billing/subscription/pending-change/cancel', ws(workspaceId)),
  invoices: (workspaceId?: string) =>
    api.get<ContentOf<B['invoices']>>('/billing/invoices', { query: ws(workspaceId) }).then((c) => c.invoices),
  accountDetails: (workspaceId?: string) =>
    api.get<BillingAccountDetails>('/billing/account', { query: ws(workspaceId) }),
  saveAccountDetails: (body: AccountDetailsInput) => api.put<BillingAccountDetails>('/billing/account', body),
  setTaxId: (value: string, workspaceId?: string) =>
    api.put<BillingAccountDetails>('/billing/tax-id', { value, ...ws(workspaceId) }),
  deleteTaxId: (workspaceId?: string) =>
    api.delete<BillingAccountDetails>('/billing/tax-id', { query: ws(workspaceId) }),
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
