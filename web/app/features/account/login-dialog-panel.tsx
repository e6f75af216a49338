import { AuthTexts } from '@loopwright/contracts';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../ui/modal';
import { GoogleSignIn } from './google-button';
import { useHeaderBanner } from './header-banner';
import { rememberLinkForAfterSignup, type LoginDialogPayload } from './login-dialog-payload';
import { RegisterForm } from './register-form';

// Loaded only when the dialog first opens: the form and its validation stay out of every page's first load.

export default function LoginDialog({
  sourceAction,
  payload,
  onClose,
}: {
  sourceAction: string;
  payload: LoginDialogPayload | null;
  onClose: () => void;
}) {
  // A new account must confirm its e-mail before it can log in, so the payload's link is handed
  // to the login page, which opens it once the visitor is logged in.
  const titleId = useId();
  const location = useLocation();
  const banner = useHeaderBanner();
  const returnTo = payload?.returnTo ?? `${location.pathname}${location.search}`;

  // The one modal primitive: focus trap, Escape, overlay click, z-index 9000 over a 0.45 overlay.
  return (
    <Modal onClose={onClose} labelledBy={titleId} className="login-dialog__panel">
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
        returnTo={returnTo}
        onRegistered={(email, confirmation) => {
          rememberLinkForAfterSignup(payload?.link);
          onClose();
          banner.showNotice(
            confirmation === 'administrator'
              ? `Your account for ${email} is created. ${AuthTexts.confirmByAdministrator}`
              : `Almost there: we sent a confirmation link to ${email}. Follow it to finish creating your account.`,
          );
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
    </Modal>
  );
}

function loginHref(returnTo: string, payload: LoginDialogPayload | null): string {
  const params = new URLSearchParams({ returnTo });
  if (payload?.link) params.set('open', payload.link);
  return `/login?${params.toString()}`;
}
