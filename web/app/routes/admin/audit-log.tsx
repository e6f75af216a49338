import { useSearchParams } from 'react-router';
import { PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi, type AuditLogPage } from '../../features/admin/admin-api';
import { AUDIT_ACTION_LABELS, AuditFilters } from '../../features/admin/audit-filters';
import { LogTable } from '../../features/admin/log-table';
import { pageFrom } from '../../features/admin/pager';
import { useLoaded } from '../../features/admin/use-loaded';
import '../../features/admin/admin.css';

type Entry = AuditLogPage['entries'][number];

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "field: before → after" for each field that changed. */
function Changes({ changes }: { changes: Entry['changes'] }) {
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="adm-muted">—</span>;
  return (
    <ul className="adm-changes">
      {fields.map(([field, { before, after }]) => (
        <li key={field}>
          <span className="acc-mono">{field}</span>: {shown(before)} → {shown(after)}
        </li>
      ))}
    </ul>
  );
}

/** /admin/audit-log: who changed the instance's administration, and when, newest first. */
export default function AuditLogScreen() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const filter = {
    actor: params.get('actor') || undefined,
    action: params.get('action') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const loaded = useLoaded(() => adminApi.auditLog({ page, ...filter }), `${page}|${params}`);
  const log = loaded.data;
  const filtered = Object.values(filter).some(Boolean);

  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <header>
        <h1>Audit log</h1>
        <p>
          Who changed the mail server, single sign-on, plans, users, spotlights or the instance, and when, with what
          changed. Secrets are never shown: only that they changed.
          {log ? ` Entries are kept ${log.keptDays} days (AUDIT_LOG_DAYS).` : ''}
        </p>
      </header>
      <LogTable
        name="Audit log"
        heading="Changes"
        filters={<AuditFilters />}
        loaded={loaded}
        caption="Administration changes, newest first"
        columns={['When', 'Who', 'What', 'Changes']}
        noun={['change', 'changes']}
        filtered={filtered}
        row={(entry) => (
          <>
            <td className="adm-nowrap">
              <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
            </td>
            <td className="adm-break">{entry.actor.email ?? (entry.actor.id ? 'a deleted account' : 'the server')}</td>
            <td>
              <strong>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</strong>
              {entry.target ? <div className="adm-break">{entry.target}</div> : null}
            </td>
            <td>
              <Changes changes={entry.changes} />
            </td>
          </>
        )}
      />
    </>
  );
}
