import { LibraryTexts } from '@loopwright/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { accountApi, type ApiKeySummary, type ApiKeyUsage } from '../../features/account/account-api';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';

export default function ApiKeySettingsPage() {
  const [summary, setSummary] = useState<ApiKeySummary | null | undefined>(undefined);
  const [fresh, setFresh] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const [usage, setUsage] = useState<ApiKeyUsage | null>(null);

  useEffect(() => {
    accountApi.getApiKey().then(
      (answer) => {
        setSummary(answer.key);
        setUsage(answer.usage);
      },
      (e: unknown) => {
        setSummary(null);
        setError(errorMessage(e));
      },
    );
  }, []);

  const create = async () => {
    setBusy('create');
    setError(null);
    setNotice(null);
    setConfirming(null);
    try {
      const answer = await accountApi.createApiKey();
      setFresh(answer.key);
      setSummary(answer.summary);
    } catch (e) {
      setError(`${LibraryTexts.userKeyNotChanged}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };
  const revoke = async () => {
    setBusy('revoke');
    setError(null);
    setConfirming(null);
    try {
      await accountApi.revokeApiKey();
      setSummary(null);
      setFresh(null);
      setNotice('Your API key is revoked. Programs that used it can no longer call the API.');
    } catch (e) {
      setError(`${LibraryTexts.userKeyNotChanged}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageTitle>User API Key</PageTitle>
      <header>
        <h1>User API Key</h1>
        <p>
          Scripts and tools such as <span className="acc-mono">loopwright-sim</span> call the API on your behalf with
          this key, sent as <span className="acc-mono">Authorization: Bearer &lt;key&gt;</span>.
        </p>
      </header>
      <section className="acc-panel" aria-labelledby="key-title">
        <h2 id="key-title">Your key</h2>
        {summary === undefined ? <PageLoading label="Loading your API key" /> : null}
        {fresh ? <NewKey value={fresh} /> : null}
        {summary ? (
          <dl className="acc-key-meta">
            <dt>Key</dt>
            <dd className="acc-mono">{summary.prefix}…</dd>
            <dt>Created</dt>
            <dd>{dateTime(summary.createdAt)}</dd>
            <dt>Last used</dt>
            <dd>{summary.lastUsedAt ? dateTime(summary.lastUsedAt) : 'Never'}</dd>
          </dl>
        ) : summary === null && !fresh ? (
          <p className="acc-field__hint" style={{ fontSize: 15 }}>
            You have no API key yet.
          </p>
        ) : null}
        <div aria-live="polite">
          <FormMessage>{error}</FormMessage>
          <FormMessage kind="success">{notice}</FormMessage>
        </div>
        {confirming ? (
          <div className="acc-notice acc-notice--warning" role="alertdialog" aria-labelledby="confirm-key-text">
            <p id="confirm-key-text">
              {confirming === 'regenerate'
                ? 'A new key replaces the current one at once: programs using the old key will stop working.'
                : 'Revoking the key stops every program that uses it.'}
            </p>
            <div className="acc-row" style={{ marginTop: 10 }}>
              <button
                type="button"
                className="button acc-button--small acc-button--danger"
                onClick={confirming === 'regenerate' ? create : revoke}
                ref={(button) => button?.focus()}
              >
                {confirming === 'regenerate' ? 'Yes, regenerate' : 'Yes, revoke'}
              </button>
              <button
                type="button"
                className="button acc-button--small button--ghost"
                onClick={() => setConfirming(null)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        {summary !== undefined ? (
          <div className="acc-panel__actions">
            {summary ? (
              <>
                <button
                  type="button"
                  className="button acc-button--danger"
                  disabled={busy !== null}
                  onClick={() => setConfirming('revoke')}
                >
                  {busy === 'revoke' ? 'Revoking…' : 'Revoke key'}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => setConfirming('regenerate')}
                >
                  {busy === 'create' ? 'Generating…' : 'Regenerate key'}
                </button>
              </>
            ) : (
              <button type="button" className="button button--primary" disabled={busy !== null} onClick={create}>
                {busy === 'create' ? 'Generating…' : 'Generate API key'}
              </button>
            )}
          </div>
        ) : null}
      </section>
      {usage ? <RateLimitPanel usage={usage} /> : null}
    </>
  );
}

/** The key's rate limit and what is left of it this minute (the same numbers as the RateLimit headers). */
function RateLimitPanel({ usage }: { usage: ApiKeyUsage }) {
  const used = usage.limit - usage.remaining;
  return (
    <section className="acc-panel" aria-labelledby="limits-title">
      <h2 id="limits-title">Rate limit</h2>
      <p>
        Your key may make <strong>{usage.limit.toLocaleString('en-US')}</strong> calls every {usage.windowSeconds}{' '}
        seconds. Every answer says what is left in its <span className="acc-mono">RateLimit</span> header; a call over
        the limit is answered 429 with <span className="acc-mono">Retry-After</span>.
      </p>
      <dl className="acc-key-meta" data-testid="api-key-usage">
        <dt>Left this minute</dt>
        <dd>
          {usage.remaining.toLocaleString('en-US')} of {usage.limit.toLocaleString('en-US')}
        </dd>
        <dt>Used this minute</dt>
        <dd>{used.toLocaleString('en-US')}</dd>
        <dt>Starts again in</dt>
        <dd>{usage.resetSeconds} s</dd>
      </dl>
      <progress max={usage.limit} value={used} aria-label="Calls used this minute" style={{ width: '100%' }} />
    </section>
  );
}

/** The full key, shown once, with a copy button. */
function NewKey({ value }: { value: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="acc-stack acc-stack--tight">
      <div className="acc-notice acc-notice--warning" role="alert">
        <p>
          <strong>Copy your new API key now.</strong> It will not be shown again: we only keep a fingerprint of it.
        </p>
      </div>
      <label className="acc-field__label" htmlFor="new-api-key">
        Your new API key
      </label>
      <div className="acc-key-box">
        <input
          id="new-api-key"
          ref={input}
          className="acc-input"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-api-key"
        />
        <button type="button" className="button button--primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="acc-field__hint" aria-live="polite">
        {copied === 'yes'
          ? 'The key is on your clipboard.'
          : copied === 'failed'
            ? 'Copying did not work here: the key is selected, press Ctrl+C (⌘C on a Mac).'
            : ''}
      </p>
    </div>
  );
}
