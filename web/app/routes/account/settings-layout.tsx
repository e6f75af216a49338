import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { requireSessionCookie, RequireAccount } from '../../features/account/guards';
import { SettingsFrame } from '../../features/account/settings-nav';

export function loader({ request }: LoaderFunctionArgs) {
  return requireSessionCookie(request);
}

/** /settings/*: only for logged-in members who finished onboarding. */
export default function SettingsLayout() {
  return (
    <RequireAccount>
      {(user) => (
        <SettingsFrame user={user}>
          <Outlet context={user} />
        </SettingsFrame>
      )}
    </RequireAccount>
  );
}
