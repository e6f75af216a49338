import { Link, useLocation, type MetaFunction } from 'react-router';
import { AuthCard, PageLoading, PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { RequireAccount } from '../../features/account/guards';
import { TrialStart } from '../../features/plans/trial-start';
import '../../features/plans/plans.css';

export const meta: MetaFunction = () => [
  { title: 'Start your free trial — Loopwright' },
  { name: 'robots', content: 'noindex' },
];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoading label="Loading…" />;
}

/** /start-trial/{planName}/{billingCycle} on the app host: the trial start screen (no card). */
export default function StartTrialRoute() {
  const { user, loading, fetchUserComplete } = useSession();
  const location = useLocation();
  if (loading || !fetchUserComplete) return <PageLoading label="Loading your account…" />;
  if (!user) {
    const here = encodeURIComponent(location.pathname);
    return (
      <div className="trial-start">
        <PageTitle>Start your free trial</PageTitle>
        <AuthCard
          title="Start your 14-day free trial"
          lead="Create a free account first (no card needed), then come back here to start the trial."
        >
          <div className="acc-row acc-row--end">
            <Link className="button button--ghost" to={`/login?returnTo=${here}`}>
              Log in
            </Link>
            <Link className="button button--primary" to="/register">
              Create a free account
            </Link>
          </div>
        </AuthCard>
      </div>
    );
  }
  return <RequireAccount>{() => <TrialStart />}</RequireAccount>;
}
