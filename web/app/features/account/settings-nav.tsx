import type { AuthenticatedUser } from '@loopwright/contracts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const SETTINGS = [
  { to: '/settings/profile', label: 'My Profile' },
  { to: '/settings/community', label: 'Community Profile' },
  { to: '/settings/billing', label: 'Usage & Billing' },
  { to: '/settings/api-key', label: 'User API Key' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/security', label: 'Password & sessions' },
  { to: '/settings/team', label: 'Team members' },
  { to: '/settings/global', label: 'Global Settings' },
];
const ADMIN = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/mail-settings', label: 'Mail server' },
  { to: '/admin/mail-log', label: 'Mail log' },
  { to: '/admin/sso', label: 'Single sign-on' },
  { to: '/admin/audit-log', label: 'Audit log' },
  { to: '/admin/webhooks', label: 'Disabled webhooks' },
  { to: '/admin/plans', label: 'Plans' },
  { to: '/admin/academia', label: 'Academia applications' },
  { to: '/admin/community', label: 'Community' },
];

function Group({ title, items }: { title: string; items: { to: string; label: string }[] }) {
  return (
    <div>
      <h2>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The settings pages' frame: a side navigation (with Administration for admins) and the page. */
export function SettingsFrame({ user, children }: { user: AuthenticatedUser; children: ReactNode }) {
  return (
    <div className="acc-settings">
      <nav className="acc-settings-nav" aria-label="Settings">
        <Group title="Settings" items={SETTINGS} />
        {user.role === 'admin' ? <Group title="Administration" items={ADMIN} /> : null}
      </nav>
      <div className="acc-settings-main">{children}</div>
    </div>
  );
}
