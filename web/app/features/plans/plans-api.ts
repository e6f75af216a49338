import type { BodyOf, ContentOf, planEndpoints, QueryOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the plan screens (types from the endpoint contracts; nothing re-declared).
type P = typeof planEndpoints;
export type CatalogueContent = ContentOf<P['catalogue']>;
export type PlanInfo = CatalogueContent['plans'][number];
export type SubscriptionInfo = ContentOf<P['subscription']>['subscription'];
export type UsageInfo = ContentOf<P['usage']>['items'][number];
export type AcademiaApplication = ContentOf<P['applyAcademia']>['application'];
export type AcademiaInput = BodyOf<P['applyAcademia']>;
export type AdminPlansContent = ContentOf<P['adminPlans']>;
export type PlanUpdateInput = BodyOf<P['adminUpdatePlan']>;

export const plansApi = {
  catalogue: () => api.plan.catalogue(),
  subscription: () => api.plan.subscription().then((c) => c.subscription),
  usage: () => api.plan.usage().then((c) => c.items),
  startTrial: (planName: string, cycle: string) =>
    api.plan
      .startTrial({ params: { planName, billingCycle: cycle as 'monthly' | 'yearly' } })
      .then((c) => c.subscription),
  applyAcademia: (body: AcademiaInput) => api.plan.applyAcademia({ body }).then((c) => c.application),
  myAcademia: () => api.plan.myAcademia().then((c) => c.application),
  academiaBacklink: (backlinkUrl: string) =>
    api.plan.academiaBacklink({ body: { backlinkUrl } }).then((c) => c.application),
  adminPlans: () => api.plan.adminPlans(),
  adminUpdatePlan: (type: number, body: PlanUpdateInput) =>
    api.plan.adminUpdatePlan({ params: { type }, body }).then((c) => c.plan),
  adminSelfHostedPlan: (planType: number) => api.plan.adminSelfHostedPlan({ body: { planType } }),
  adminRunPlanJob: (job: 'expire-trials' | 'academia-backlinks') => api.plan.adminRunPlanJob({ params: { job } }),
  adminAcademia: (status?: string) =>
    api.plan.adminAcademia({ query: { status: status as QueryOf<P['adminAcademia']>['status'] } }).then((c) => c.items),
  adminDecideAcademia: (id: string, decision: 'approve' | 'reject' | 'confirm-backlink') =>
    api.plan.adminDecideAcademia({ params: { id }, body: { decision } }).then((c) => c.application),
};

const number = new Intl.NumberFormat('en-US');
/** A limit as people read it: 3,000 or Unlimited. */
export const formatLimit = (value: number | null) => (value === null ? 'Unlimited' : number.format(value));
export const formatDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' })
    : '';
export const statusLabels: Record<SubscriptionInfo['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  payment_pending: 'Payment pending',
  expired: 'Expired',
  cancel_scheduled: 'Cancellation scheduled',
  canceled: 'Canceled',
};
