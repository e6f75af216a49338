import { AuthTexts } from '@loopwright/contracts';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { GoogleSignIn } from './google-button';
import { useHeaderBanner } from './header-banner';
import type { LoginDialogPayload } from './login-dialog-payload';
import { RegisterForm } from './register-form';

// Loaded only when the dialog first opens: the form and its validation stay out of every page's first load.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function LoginDialog({ sourceAction, payload, onClose }: { sourceAction: string; payload: LoginDialogPayload | null; onClose: () => void }) {
  // A new account must confirm its e-mail before it can log in, so the payload's link is handed
  // to the login page, which opens it once the visitor is logged in.
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const banner = useHeaderBanner();
  const returnTo = `${location.pathname}${location.search}`;

  // Focus moves into the dialog, stays there (Tab wraps), and returns to the opener afterwards;
  // the page behind does not scroll.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, button, a[href]');
    first?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.current.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.current.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [onClose]);

  return createPortal(
    <div className="login-dialog" data-testid="login-dialog-root">
      <div className="login-dialog__overlay" data-testid="login-dialog-overlay" onClick={onClose} aria-hidden="true" />
      <div className="login-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <button type="button" className="acc-icon-button login-dialog__close" aria-label="Close" onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className="login-dialog__title">
          {AuthTexts.loginDialogTitle(sourceAction)}
        </h2>
        <p className="login-dialog__lead">It is free, and lets you like, follow and fork what the community builds.</p>
        <RegisterForm
          compact
          idPrefix="dialog"
          onRegistered={(email) => {
            onClose();
            banner.showNotice(`Almost there: we sent a confirmation link to ${email}. Follow it to finish creating your account.`);
          }}
          onFailed={(message) => {
            onClose();
            banner.showError(message);
          }}
        />
        <GoogleSignIn returnTo={returnTo} dividerFirst />
        <p className="login-dialog__switch">
          Already have an account?{' '}
          <Link to={loginHref(returnTo, payload)} onClick={onClose}>
            Log in instead
          </Link>
        </p>
      </div>
    </div>,
    document.body,
  );
}

function loginHref(returnTo: string, payload: LoginDialogPayload | null): string {
  const params = new URLSearchParams({ returnTo });
  if (payload?.link) params.set('open', payload.link);
  return `/login?${params.toString()}`;
}
