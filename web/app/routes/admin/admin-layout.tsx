import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { requireSessionCookie, RequireAccount } from '../../features/account/guards';
import { SettingsFrame } from '../../features/account/settings-nav';

export function loader({ request }: LoaderFunctionArgs) {
  return requireSessionCookie(request);
}

/** /admin/* (except setup): administrators only; anyone else sees the not-found page. */
export default function AdminLayout() {
  return (
    <RequireAccount mode="admin">
      {(user) => (
        <SettingsFrame user={user}>
          <Outlet context={user} />
        </SettingsFrame>
      )}
    </RequireAccount>
  );
}
