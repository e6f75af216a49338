import { Navigate, type LoaderFunctionArgs } from 'react-router';
import { communityProfilePath } from '../features/account/account-menu';
import { requireSessionCookie, RequireAccount } from '../features/account/guards';

export function loader({ request }: LoaderFunctionArgs) {
  return requireSessionCookie(request);
}

/** /community/profile: your own designer profile (logged out → log in first; no username yet → onboarding). */
export default function MyCommunityProfile() {
  return <RequireAccount>{(user) => <Navigate to={communityProfilePath(user.username!)} replace />}</RequireAccount>;
}
