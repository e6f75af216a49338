import { ACCESS_TOKEN_RENEWAL_MS, type AuthenticatedUser } from '@loopwright/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, readResponse } from '../../lib/api-client';
import { takeEarlyUserinfo } from '../../lib/early-requests';
import { accountApi } from './account-api';

export interface SessionState {
  /** The logged-in user (possibly still without a community username), or null. */
  user: AuthenticatedUser | null;
  /** True while the user is being fetched (userIsFetching). */
  loading: boolean;
  /** True once the first user fetch has finished, whatever its result. */
  fetchUserComplete: boolean;
  /** Logged in and has a community username (the spec's definition of authenticated). */
  authenticated: boolean;
  /** Logged in but the onboarding (community username) is not finished. */
  needsOnboarding: boolean;
  /** Fetches the user again; tries one token refresh when the session has expired. */
  refetch: () => Promise<AuthenticatedUser | null>;
  /** Replaces the user after a call that answered with it (login, profile update…). */
  setUser: (user: AuthenticatedUser | null) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Who is logged in. The user is fetched once on load (when the request carried a session
 * cookie), again whenever the tab becomes visible, and the access token is renewed silently every
 * ACCESS_TOKEN_RENEWAL_MS while someone is logged in; a failed renewal logs out.
 */
export function SessionProvider({ hasSession, children }: { hasSession: boolean; children: ReactNode }) {
  const [user, setUserState] = useState<AuthenticatedUser | null>(null);
  const [loading, setLoading] = useState(hasSession);
  const [fetchUserComplete, setFetchUserComplete] = useState(!hasSession);
  const userRef = useRef<AuthenticatedUser | null>(null);
  const inFlight = useRef<Promise<AuthenticatedUser | null> | null>(null);

  const setUser = useCallback((next: AuthenticatedUser | null) => {
    userRef.current = next;
    setUserState(next);
  }, []);

  const fetchUser = useCallback(
    (options: { tryRefresh: boolean }): Promise<AuthenticatedUser | null> => {
      if (inFlight.current) return inFlight.current;
      const run = (async () => {
        try {
          // The first check may already be on its way (started by the page head on an editor address).
          const early = await takeEarlyUserinfo();
          return early ? (await readResponse<{ user: AuthenticatedUser }>(early)).user : await accountApi.userinfo();
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 401) throw error;
          if (!options.tryRefresh) return null;
          try {
            await accountApi.refresh();
          } catch {
            return null;
          }
          try {
            return await accountApi.userinfo();
          } catch {
            return null;
          }
        }
      })()
        .then(
          (fetched) => {
            setUser(fetched);
            return fetched;
          },
          // Offline or a server error: keep whoever we had.
          () => userRef.current,
        )
        .finally(() => {
          inFlight.current = null;
          setLoading(false);
          setFetchUserComplete(true);
        });
      inFlight.current = run;
      return run;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      await accountApi.logout();
    } catch {
      // The cookies may already be gone; the user is logged out here either way.
    }
    setUser(null);
  }, [setUser]);

  // First fetch, only when the request carried a session cookie.
  useEffect(() => {
    if (hasSession) void fetchUser({ tryRefresh: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Fetch again when the tab becomes visible (a login or logout in another tab shows up here).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void fetchUser({ tryRefresh: userRef.current !== null });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [fetchUser]);

  // Silent renewal every hour while logged in; a failed renewal logs out.
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setInterval(() => {
      accountApi.refresh().catch((error: unknown) => {
        if (error instanceof ApiError && error.status !== 0 && error.status < 500) void logout();
      });
    }, ACCESS_TOKEN_RENEWAL_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn, logout]);

  const value = useMemo<SessionState>(
    () => ({
      user,
      loading,
      fetchUserComplete,
      authenticated: user !== null && !!user.username,
      needsOnboarding: user !== null && !user.username,
      refetch: () => fetchUser({ tryRefresh: true }),
      setUser,
      logout,
    }),
    [user, loading, fetchUserComplete, fetchUser, setUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The name to show: the full name, else the community username, else the e-mail. */
export function displayName(user: Pick<AuthenticatedUser, 'fullName' | 'name' | 'username' | 'email'>): string {
  return user.fullName?.trim() || user.name?.trim() || user.username || user.email;
}
