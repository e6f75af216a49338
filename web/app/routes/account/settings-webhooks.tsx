import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  webhookEventLabels,
  webhookEventTypes,
  WebhookTexts,
  type ContentOf,
  type webhookEndpoints,
  type WebhookEventType,
} from '@loopwright/contracts';
import { api, errorMessage } from '../../lib/api-client';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';

type List = ContentOf<(typeof webhookEndpoints)['list']>;
type Item = List['items'][number];

/** The events checkboxes of the add and edit forms. */
function EventChoices({
  idPrefix,
  events,
  onChange,
}: {
  idPrefix: string;
  events: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
}) {
  return (
    <fieldset className="acc-field">
      <legend className="acc-field__label">Events</legend>
      {webhookEventTypes.map((event) => (
        <div className="acc-checkbox" key={event}>
          <input
            id={`${idPrefix}-${event}`}
            type="checkbox"
            checked={events.includes(event)}
            onChange={(e) => onChange(e.target.checked ? [...events, event] : events.filter((x) => x !== event))}
          />
          <label htmlFor={`${idPrefix}-${event}`}>
            {webhookEventLabels[event]} <span className="acc-mono">{event}</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** Edit one webhook's URL and events in place. */
function EditWebhook({
  hook,
  onSave,
  onCancel,
}: {
  hook: Item;
  onSave: (body: { url: string; events: WebhookEventType[] }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(hook.url);
  const [events, setEvents] = useState<WebhookEventType[]>(hook.events);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    if (!(await onSave({ url, events }))) setBusy(false);
  };
  return (
    <form onSubmit={submit} className="acc-stack" aria-label={`Edit webhook ${hook.url}`}>
      <div className="acc-field">
        <label className="acc-field__label" htmlFor={`url-${hook.id}`}>
          URL
        </label>
        <input
          id={`url-${hook.id}`}
          className="acc-input"
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <EventChoices idPrefix={`edit-${hook.id}`} events={events} onChange={setEvents} />
      <div className="acc-panel__actions">
        <button type="submit" className="button button--primary" disabled={busy || events.length === 0}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''));

/** Settings → Webhooks: subscribe URLs to events, edit, pause or resume them, see each delivery's status, send a test. */
export default function WebhooksSettingsPage() {
  const [list, setList] = useState<List | undefined>(undefined);
  const items = list?.items;
  const [editing, setEditing] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['diagram.version_saved']);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api.webhook.list().then(setList, (e: unknown) => {
        setList({ items: [], disableAfterFailures: 0, deliveriesKeptDays: 0 });
        setError(errorMessage(e));
      }),
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
  /** Runs `work`, shows its error if any, reloads; answers whether it worked. */
  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    let ok = true;
    try {
      await work();
    } catch (err) {
      ok = false;
      setError(errorMessage(err));
    }
    await load();
    return ok;
  };
  const saveEdit = async (id: string, body: { url: string; events: WebhookEventType[] }) => {
    const ok = await act(() => api.webhook.update({ params: { id }, body }));
    if (ok) setEditing(null);
    return ok;
  };

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
          <EventChoices idPrefix="event" events={events} onChange={setEvents} />
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
        {list && list.disableAfterFailures > 0 ? (
          <p className="acc-field__hint">
            A webhook whose last {list.disableAfterFailures} deliveries all failed is disabled automatically (you get a
            notification). Deliveries are listed for {list.deliveriesKeptDays} days.
          </p>
        ) : null}
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
          {hook.status === 'disabled' ? (
            <div className="acc-notice acc-notice--warning" role="status">
              <p>
                {fill(WebhookTexts.disabledNotice, {
                  when: dateTime(hook.disabledAt ?? hook.createdAt),
                  failures: hook.consecutiveFailures,
                })}
              </p>
            </div>
          ) : null}
          {hook.status === 'paused' ? (
            <div className="acc-notice acc-notice--info" role="status">
              <p>{WebhookTexts.pausedNotice}</p>
            </div>
          ) : null}
          {editing === hook.id ? (
            <EditWebhook hook={hook} onSave={(body) => saveEdit(hook.id, body)} onCancel={() => setEditing(null)} />
          ) : (
            <p>{hook.events.map((e) => webhookEventLabels[e]).join(' · ')}</p>
          )}
          <div className="acc-panel__actions">
            {editing === hook.id ? null : (
              <button type="button" className="button button--ghost" onClick={() => setEditing(hook.id)}>
                Edit
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                act(() => api.webhook.update({ params: { id: hook.id }, body: { active: hook.status !== 'active' } }))
              }
            >
              {hook.status === 'active' ? 'Pause' : 'Resume'}
            </button>
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
