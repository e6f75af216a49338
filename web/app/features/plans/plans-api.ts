import type { BodyOf, ContentOf, planEndpoints } from '@loopwright/contracts';
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
  catalogue: () => api.get<CatalogueContent>('/plans'),
  subscription: () => api.get<ContentOf<P['subscription']>>('/subscription').then((c) => c.subscription),
  usage: () => api.get<ContentOf<P['usage']>>('/subscription/usage').then((c) => c.items),
  startTrial: (planName: string, cycle: string) =>
    api
      .post<ContentOf<P['startTrial']>>(`/start-trial/${encodeURIComponent(planName)}/${encodeURIComponent(cycle)}`, {})
      .then((c) => c.subscription),
  applyAcademia: (body: AcademiaInput) =>
    api.post<ContentOf<P['applyAcademia']>>('/academia/applications', body).then((c) => c.application),
  myAcademia: () => api.get<ContentOf<P['myAcademia']>>('/academia/applications/mine').then((c) => c.application),
  academiaBacklink: (backlinkUrl: string) =>
    api
      .put<ContentOf<P['academiaBacklink']>>('/academia/applications/mine/backlink', { backlinkUrl })
      .then((c) => c.application),
  adminPlans: () => api.get<AdminPlansContent>('/admin/plans'),
  adminUpdatePlan: (type: number, body: PlanUpdateInput) =>
    api.put<ContentOf<P['adminUpdatePlan']>>(`/admin/plans/${type}`, body).then((c) => c.plan),
  adminSelfHostedPlan: (planType: number) =>
    api.put<ContentOf<P['adminSelfHostedPlan']>>('/admin/plans-self-hosted', { planType }),
  adminRunPlanJob: (job: 'expire-trials' | 'academia-backlinks') =>
    api.post<ContentOf<P['adminRunPlanJob']>>(`/admin/plan-jobs/${job}/run`, {}),
  adminAcademia: (status?: string) =>
    api.get<ContentOf<P['adminAcademia']>>('/admin/academia-applications', { query: { status } }).then((c) => c.items),
  adminDecideAcademia: (id: string, decision: 'approve' | 'reject' | 'confirm-backlink') =>
    api
      .post<ContentOf<P['adminDecideAcademia']>>(`/admin/academia-applications/${id}/decision`, { decision })
      .then((c) => c.application),
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
