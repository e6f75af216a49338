import type { AuthenticatedUser } from '@loopwright/contracts';
import type { ReactNode } from 'react';
import { Navigate, redirect, useLocation, useOutletContext, useSearchParams } from 'react-router';
import { ErrorPage } from '../../ui/error-page';
import { safeReturnTo } from './account-api';
import { PageLoading } from './page-shell';
import { hasSessionCookie } from './session-hint';
import { useSession } from './session';

/** Route loaders of private pages: no session cookie at all → a real redirect to /login. */
export function requireSessionCookie(request: Request): null {
  if (hasSessionCookie(request)) return null;
  const url = new URL(request.url);
  throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}

type Mode = 'member' | 'admin' | 'onboarding';

/**
 * Renders `children(user)` once the session says who is here. Logged out → /login (coming back
 * here); logged in without a username → /onboarding; `admin` pages show a 404 to anyone else;
 * the onboarding page sends users who already have a username on to where they were going.
 */
export function RequireAccount({
  mode = 'member',
  children,
}: {
  mode?: Mode;
  children: (user: AuthenticatedUser) => ReactNode;
}) {
  const { user, loading, fetchUserComplete } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const here = `${location.pathname}${location.search}`;
  if (loading || !fetchUserComplete) {
    return (
      <div className="acc-page-loading-shell">
        <PageLoading label="Loading your account…" />
      </div>
    );
  }
  if (!user) return <Navigate to={`/login?returnTo=${encodeURIComponent(here)}`} replace />;
  if (mode === 'onboarding') {
    const next = afterOnboarding(params.get('returnTo'));
    // An administrator need not join the community to run the instance.
    if (user.username || (user.role === 'admin' && next.startsWith('/admin'))) return <Navigate to={next} replace />;
    return <>{children(user)}</>;
  }
  const adminPage = mode === 'admin' && user.role === 'admin';
  if (!user.username && !adminPage) return <Navigate to={`/onboarding?returnTo=${encodeURIComponent(here)}`} replace />;
  if (mode === 'admin' && user.role !== 'admin') return <ErrorPage status={404} />;
  return <>{children(user)}</>;
}

/** Where onboarding ends: where the person was going, or the app (never the marketing home page). */
export function afterOnboarding(returnTo: string | null): string {
  const next = safeReturnTo(returnTo, APP_HOME);
  return next === '/' || next === '/en' || next === '/en/' ? APP_HOME : next;
}

/** The diagram list, with a first diagram or a template suggested to newcomers. */
export const APP_HOME = '/diagrams?welcome=1';

/** The logged-in user, for pages inside the settings layout (which passes it as outlet context). */
export function useSettingsUser(): AuthenticatedUser {
  return useOutletContext<AuthenticatedUser>();
}
