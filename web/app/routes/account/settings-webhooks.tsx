import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  webhookEventLabels,
  webhookEventTypes,
  type ContentOf,
  type webhookEndpoints,
  type WebhookEventType,
} from '@loopwright/contracts';
import { api, errorMessage } from '../../lib/api-client';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';

type Item = ContentOf<(typeof webhookEndpoints)['list']>['items'][number];

/** Settings → Webhooks: subscribe URLs to events, see each delivery's status, send a test. */
export default function WebhooksSettingsPage() {
  const [items, setItems] = useState<Item[] | undefined>(undefined);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['diagram.version_saved']);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api.webhook.list().then(
        (c) => setItems(c.items),
        (e: unknown) => {
          setItems([]);
          setError(errorMessage(e));
        },
      ),
    [],
  );
  useEffect(() => void load(), [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.webhook.create({ body: { url, events } });
      setSecret(answer.secret);
      setUrl('');
      await load();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    }
    await load();
  };
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <header>
        <h1>Webhooks</h1>
        <p>
          Loopwright posts a signed JSON message to your URL when something happens, instead of your program asking
          again and again. Check each one with <span className="acc-mono">verifyWebhook</span> from{' '}
          <span className="acc-mono">@loopwright/client</span> (see docs/developers.md).
        </p>
      </header>
      <section className="acc-panel" aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title">Add a webhook</h2>
        <form onSubmit={create} className="acc-stack">
          <div className="acc-field">
            <label className="acc-field__label" htmlFor="webhook-url">
              URL
            </label>
            <input
              id="webhook-url"
              className="acc-input"
              type="url"
              required
              placeholder="https://ci.example.com/loopwright"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <fieldset className="acc-field">
            <legend className="acc-field__label">Events</legend>
            {webhookEventTypes.map((event) => (
              <div className="acc-checkbox" key={event}>
                <input
                  id={`event-${event}`}
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
                <label htmlFor={`event-${event}`}>
                  {webhookEventLabels[event]} <span className="acc-mono">{event}</span>
                </label>
              </div>
            ))}
          </fieldset>
          <div className="acc-panel__actions">
            <button type="submit" className="button button--primary" disabled={busy || events.length === 0}>
              {busy ? 'Adding…' : 'Add webhook'}
            </button>
          </div>
        </form>
        {secret ? (
          <div className="acc-notice acc-notice--warning" role="alert">
            <p>
              <strong>Copy the signing secret now.</strong> It is shown once:{' '}
              <span className="acc-mono" data-testid="webhook-secret">
                {secret}
              </span>
            </p>
          </div>
        ) : null}
        <div aria-live="polite">
          <FormMessage>{error}</FormMessage>
        </div>
      </section>
      {items === undefined ? <PageLoading label="Loading your webhooks" /> : null}
      {items?.length === 0 ? (
        <p className="acc-field__hint" style={{ fontSize: 15 }}>
          You have no webhooks yet.
        </p>
      ) : null}
      {items?.map((hook) => (
        <section className="acc-panel" key={hook.id} aria-label={`Webhook ${hook.url}`}>
          <h2 className="acc-mono" style={{ wordBreak: 'break-all' }}>
            {hook.url}
          </h2>
          <p>{hook.events.map((e) => webhookEventLabels[e]).join(' · ')}</p>
          <div className="acc-panel__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => act(() => api.webhook.test({ params: { id: hook.id } }))}
            >
              Send test
            </button>
            <button
              type="button"
              className="button acc-button--danger"
              onClick={() => act(() => api.webhook.delete({ params: { id: hook.id } }))}
            >
              Delete
            </button>
            <button type="button" className="button button--ghost" onClick={() => void load()}>
              Refresh
            </button>
          </div>
          <div className="acc-table-wrap">
            <table className="acc-table">
              <caption className="acc-field__hint" style={{ textAlign: 'left' }}>
                Latest deliveries
              </caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {hook.deliveries.length === 0 ? (
                  <tr>
                    <td colSpan={5}>Nothing sent yet.</td>
                  </tr>
                ) : (
                  hook.deliveries.map((d) => (
                    <tr key={d.id}>
                      <td className="acc-mono">{d.event}</td>
                      <td>{deliveryStatus(d)}</td>
                      <td>{d.attempts}</td>
                      <td>{d.responseStatus ? `HTTP ${d.responseStatus}` : (d.error ?? '—')}</td>
                      <td>{dateTime(d.deliveredAt ?? d.createdAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

function deliveryStatus(d: Item['deliveries'][number]): string {
  if (d.status === 'delivered') return 'Delivered';
  if (d.status === 'failed') return 'Failed';
  return d.attempts === 0 ? 'Sending' : 'Retrying';
}
