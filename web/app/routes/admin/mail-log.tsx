import { countOf } from '@loopwright/contracts';
import { Link, useSearchParams } from 'react-router';
import type { MailStatus } from '../../features/account/account-api';
import { PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi } from '../../features/admin/admin-api';
import { FilterBar } from '../../features/admin/filter-bar';
import { MAIL_STATUSES, MAIL_STATUS_LABELS, MailStatusBadge } from '../../features/admin/mail-status';
import { LogTable } from '../../features/admin/log-table';
import { pageFrom } from '../../features/admin/pager';
import { useLoaded } from '../../features/admin/use-loaded';
import '../../features/admin/admin.css';

/** /admin/mail-log: every message with its status, recipient, subject and time; open one to read it. */
export default function MailLogPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const statusParam = params.get('status');
  const status = MAIL_STATUSES.includes(statusParam as MailStatus) ? (statusParam as MailStatus) : undefined;
  const search = params.get('search') ?? undefined;
  const loaded = useLoaded(() => adminApi.mailLog({ page, status, search }), `${page}|${status}|${search}`);
  const filtered = !!(status || search);

  return (
    <>
      <PageTitle>Mail log</PageTitle>
      <header>
        <h1>Mail log</h1>
        <p>
          Every message the instance sent or tried to send. Failed messages show the mail server’s answer. While no mail
          server is configured, messages are kept here with their full text and links: open one to read it. Configure
          the server under <Link to="/admin/mail-settings">Mail server</Link>.
        </p>
      </header>
      <LogTable
        name="Mail log"
        heading="Messages"
        filters={
          <FilterBar
            label="Filter the mail log"
            placeholder="Recipient or subject"
            param="status"
            choices={MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }))}
          />
        }
        loaded={loaded}
        caption="Outgoing messages, newest first"
        columns={['Status', 'Recipient', 'Subject', 'Time']}
        noun={['message', 'messages']}
        filtered={filtered}
        row={(entry) => (
          <>
            <td>
              <MailStatusBadge status={entry.status} />
              {entry.status === 'failed' && entry.error ? <div className="adm-reason">{entry.error}</div> : null}
              {entry.status === 'queued' && entry.error ? (
                <div className="adm-reason adm-reason--retry">
                  Retrying ({countOf(entry.attempts, 'attempt')}): {entry.error}
                </div>
              ) : null}
            </td>
            <td className="adm-break">{entry.to}</td>
            <td>
              <Link to={`/admin/mail-log/${entry.id}`}>{entry.subject ?? entry.template}</Link>
            </td>
            <td className="adm-nowrap">
              <time dateTime={entry.sentAt ?? entry.createdAt}>{dateTime(entry.sentAt ?? entry.createdAt)}</time>
            </td>
          </>
        )}
      />
    </>
  );
}
