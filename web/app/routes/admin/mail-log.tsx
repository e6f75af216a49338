import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi, type MailLogEntry, type MailStatus } from '../../features/account/account-api';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';

const STATUSES: MailStatus[] = ['queued', 'sent', 'failed', 'stored'];
const STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', stored: 'Stored (no mail server)' };

interface LogPage {
  entries: MailLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export default function MailLogPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status = STATUSES.includes(statusParam as MailStatus) ? (statusParam as MailStatus) : undefined;
  const [log, setLog] = useState<LogPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    accountApi.mailLog(page, status).then(
      (answer) => {
        if (!live) return;
        setLog(answer);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(errorMessage(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [page, status]);

  const pages = log ? Math.max(1, Math.ceil(log.total / log.pageSize)) : 1;
  const go = (next: { page?: number; status?: string }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status ?? '';
    if (nextStatus) search.set('status', nextStatus);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <>
      <PageTitle>Mail log</PageTitle>
      <header>
        <h1>Mail log</h1>
        <p>
          Every message the instance sent or tried to send. Failed messages show the mail server’s answer; configure the server under <Link to="/admin/mail-settings">Mail server</Link>.
        </p>
      </header>
      <section className="acc-panel" aria-labelledby="log-title">
        <div className="acc-row" style={{ justifyContent: 'space-between' }}>
          <h2 id="log-title">Messages</h2>
          <label className="acc-row" style={{ gap: 8, fontSize: 14 }}>
            <span className="acc-field__label">Status</span>
            <select className="acc-input acc-input--select" style={{ width: 'auto' }} value={status ?? ''} onChange={(event) => go({ status: event.target.value, page: 1 })}>
              <option value="">All</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <FormMessage>{error}</FormMessage>
        {loading && !log ? <PageLoading label="Loading the mail log" /> : null}
        {log ? (
          <div className="acc-table-wrap" aria-busy={loading}>
            <table className="acc-table">
              <caption className="acc-visually-hidden">Outgoing messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Created</th>
                  <th scope="col">To</th>
                  <th scope="col">Message</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td style={{ whiteSpace: 'nowrap' }}>{dateTime(entry.createdAt)}</td>
                    <td>{entry.to}</td>
                    <td>
                      <div>{entry.subject ?? entry.template}</div>
                      {entry.subject ? <div className="acc-field__hint acc-mono">{entry.template}</div> : null}
                      {entry.error ? <div className="acc-field__error">{entry.error}</div> : null}
                    </td>
                    <td>
                      <span className={`acc-badge acc-badge--${entry.status}`}>{STATUS_LABELS[entry.status] ?? entry.status}</span>
                      {entry.sentAt ? <div className="acc-field__hint">{dateTime(entry.sentAt)}</div> : null}
                    </td>
                    <td>{entry.attempts}</td>
                  </tr>
                ))}
                {log.entries.length === 0 ? (
                  <tr>
                    <td className="acc-table__empty" colSpan={5}>
                      {status ? `No ${STATUS_LABELS[status].toLowerCase()} messages.` : 'No messages yet.'}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        ) : null}
        {log && log.total > 0 ? (
          <nav className="acc-pager" aria-label="Mail log pages">
            <span>
              Page {log.page} of {pages} · {log.total} message{log.total === 1 ? '' : 's'}
            </span>
            <span className="acc-row">
              <button type="button" className="button button--ghost acc-button--small" disabled={page <= 1 || loading} onClick={() => go({ page: page - 1 })}>
                Previous
              </button>
              <button type="button" className="button button--ghost acc-button--small" disabled={page >= pages || loading} onClick={() => go({ page: page + 1 })}>
                Next
              </button>
            </span>
          </nav>
        ) : null}
      </section>
    </>
  );
}
