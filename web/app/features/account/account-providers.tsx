import type { ReactNode } from 'react';
import { HeaderBannerProvider } from './header-banner';
import { LoginDialogProvider } from './login-dialog';
import { SessionProvider } from './session';
import './account.css';

/** Session, header banner and login dialog for the whole page (wrapped around the layout in root.tsx). */
export function AccountProviders({ hasSession, children }: { hasSession: boolean; children: ReactNode }) {
  return (
    <SessionProvider hasSession={hasSession}>
      <HeaderBannerProvider>
        <LoginDialogProvider>{children}</LoginDialogProvider>
      </HeaderBannerProvider>
    </SessionProvider>
  );
}
