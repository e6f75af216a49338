import { index, layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Sign-up, sign-in, onboarding, settings and admin routes (served with and without /en). */
export function accountRoutes(idPrefix: string): RouteConfigEntry[] {
  const id = (name: string) => ({ id: `${idPrefix}account-${name}` });
  return [
    route('login', 'routes/account/login.tsx', id('login')),
    route('register', 'routes/account/register.tsx', id('register')),
    route('password-recovery', 'routes/account/password-recovery.tsx', id('password-recovery')),
    route('reset-password', 'routes/account/reset-password.tsx', id('reset-password')),
    route('confirm-email', 'routes/account/confirm-email.tsx', id('confirm-email')),
    route('unlock-account', 'routes/account/unlock-account.tsx', id('unlock-account')),
    route('onboarding', 'routes/account/onboarding.tsx', id('onboarding')),
    route('settings', 'routes/account/settings-layout.tsx', id('settings'), [
      index('routes/account/settings-index.tsx', id('settings-index')),
      route('profile', 'routes/account/settings-profile.tsx', id('settings-profile')),
      route('community', 'routes/account/settings-community.tsx', id('settings-community')),
      route('api-key', 'routes/account/settings-api-key.tsx', id('settings-api-key')),
      route('webhooks', 'routes/account/settings-webhooks.tsx', id('settings-webhooks')),
      route('security', 'routes/account/settings-security.tsx', id('settings-security')),
      route('team', 'routes/account/settings-team.tsx', id('settings-team')),
      route('billing', 'routes/account/settings-billing.tsx', id('settings-billing')),
      // Billing (Stripe): the screens reached from Usage & Billing
      route('billing/checkout/:plan/:cycle', 'routes/billing/checkout.tsx', id('billing-checkout')),
      route('billing/checkout/complete', 'routes/billing/checkout-complete.tsx', id('billing-checkout-complete')),
      route('billing/upgrade/:plan/:cycle', 'routes/billing/upgrade.tsx', id('billing-upgrade')),
      route('billing/account', 'routes/billing/account-details.tsx', id('billing-account')),
      route('billing/history', 'routes/billing/history.tsx', id('billing-history')),
      route('global', 'routes/account/settings-global.tsx', id('settings-global')),
    ]),
    route('admin/setup', 'routes/admin/setup.tsx', id('admin-setup')),
    layout('routes/admin/admin-layout.tsx', id('admin'), [
      route('admin/mail-settings', 'routes/admin/mail-settings.tsx', id('admin-mail-settings')),
      route('admin/mail-log', 'routes/admin/mail-log.tsx', id('admin-mail-log')),
      route('admin/mail-log/:id', 'routes/admin/mail-message.tsx', id('admin-mail-message')),
      route('admin/users', 'routes/admin/users.tsx', id('admin-users')),
      route('admin/sso', 'routes/admin/sso.tsx', id('admin-sso')),
      route('admin/audit-log', 'routes/admin/audit-log.tsx', id('admin-audit-log')),
      route('admin/webhooks', 'routes/admin/webhooks.tsx', id('admin-webhooks')),
      route('admin/plans', 'routes/admin/plans.tsx', id('admin-plans')),
      route('admin/academia', 'routes/admin/academia.tsx', id('admin-academia')),
      route('admin/community', 'routes/admin/community.tsx', id('admin-community')),
    ]),
  ];
}
