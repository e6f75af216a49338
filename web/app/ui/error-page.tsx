import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Texts } from '../lib/spec';

/** If rendering the error page itself fails: the last-resort message and a way home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="error-page">
        <h1>{Texts.errorPageFailed}</h1>
        <a className="button button--primary" href="/">
          {Texts.goBackHome}
        </a>
      </section>
    );
  }
}

function ErrorContent({ status, message }: { status: number; message?: string }) {
  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <title>{`${Texts.notFound} | Loopwright`}</title>
        <meta name="robots" content="noindex" />
        <p className="error-page__status">404</p>
        <h1 id="error-title">{Texts.notFound}</h1>
        <p>The link may be broken, or the page may have moved.</p>
        <Link className="button button--primary" to="/">
          {Texts.homepageButton}
        </Link>
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${Texts.errorHeading} | Loopwright`}</title>
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{Texts.errorHeading}</h1>
      {message ? <p>{message}</p> : null}
      <Link className="button button--primary" to="/">
        {Texts.homepageButton}
      </Link>
    </section>
  );
}

/** 404: the not-found text. Any other status: the heading, the message and a way home. */
export function ErrorPage(props: { status: number; message?: string }) {
  return (
    <ErrorPageGuard>
      <ErrorContent {...props} />
    </ErrorPageGuard>
  );
}
