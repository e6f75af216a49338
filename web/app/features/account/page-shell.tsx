import type { ReactNode } from 'react';

/** The page title, as React 19 hoists `<title>` into the head. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} | Loopwright`}</title>;
}

/** A centred card for sign-in, sign-up and the e-mailed-link pages. */
export function AuthCard({
  title,
  lead,
  wide,
  icon,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="acc-auth-page">
      <section className={`acc-auth-card${wide ? ' acc-auth-card--wide' : ''}`} aria-labelledby="auth-title">
        {icon}
        <h1 id="auth-title">{title}</h1>
        {lead ? <p className="acc-auth-card__lead">{lead}</p> : null}
        {children}
      </section>
    </div>
  );
}

export function StatusIcon({ kind }: { kind: 'mail' | 'success' | 'error' }) {
  const paths = {
    mail: (
      <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    ),
    success: (
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
    error: (
      <path
        d="M12 7v6M12 16.5v.5M12 3l10 18H2z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  };
  return (
    <div className={`acc-auth-card__icon${kind === 'mail' ? '' : ` acc-auth-card__icon--${kind}`}`} aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" focusable="false">
        {paths[kind]}
      </svg>
    </div>
  );
}

/** Placeholder lines while the session or a page's data loads. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="acc-page-loading" role="status" aria-live="polite">
      <span className="acc-visually-hidden">{label}</span>
      <span className="acc-skeleton" style={{ height: 28, width: '40%' }} />
      <span className="acc-skeleton" style={{ height: 16, width: '70%' }} />
      <span className="acc-skeleton" style={{ height: 160 }} />
    </div>
  );
}
