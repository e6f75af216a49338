import { useId, type ReactNode } from 'react';
import { FormMessage } from '../account/forms';
import { PageLoading } from '../account/page-shell';
import { EmptyRow } from './empty-row';
import { Pager } from './pager';

interface LogPage<E> {
  entries: E[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * An admin log's panel (Mail log, Audit log, Disabled webhooks): its filters, then one page of entries as a table,
 * newest first, and the pager. Says whether the filters are why a page is empty.
 */
export function LogTable<E extends { id: string }>({
  name,
  heading,
  filters,
  notice,
  loaded,
  caption,
  columns,
  row,
  noun,
  filtered,
}: {
  /** The log's name ("Mail log"): its pager is "Mail log pages", its spinner "Loading the mail log". */
  name: string;
  heading: string;
  filters: ReactNode;
  /** What the last action on a row did (read out as it changes). */
  notice?: ReactNode;
  /** The page as `useLoaded` holds it: the last answer while the next loads, or why it failed. */
  loaded: { data: LogPage<E> | null; loading: boolean; error: string | null };
  caption: string;
  columns: string[];
  /** One entry's row (keyed by the entry's id). */
  row: (entry: E) => ReactNode;
  noun: [singular: string, plural: string];
  filtered: boolean;
}) {
  const headingId = useId();
  const { data: log, loading, error } = loaded;
  return (
    <section className="acc-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {filters}
      {notice !== undefined ? <div aria-live="polite">{notice}</div> : null}
      <FormMessage>{error}</FormMessage>
      {loading && !log ? <PageLoading label={`Loading the ${name.toLowerCase()}`} /> : null}
      {log ? (
        <>
          <div className="acc-table-wrap" aria-busy={loading}>
            <table className="acc-table adm-table">
              <caption className="acc-visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th scope="col" key={column}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.entries.map((entry) => (
                  <tr key={entry.id}>{row(entry)}</tr>
                ))}
                {log.entries.length === 0 ? (
                  <EmptyRow columns={columns.length} filtered={filtered} noun={noun[1]} />
                ) : null}
              </tbody>
            </table>
          </div>
          <Pager
            label={`${name} pages`}
            noun={noun}
            page={log.page}
            pageSize={log.pageSize}
            total={log.total}
            busy={loading}
          />
        </>
      ) : null}
    </section>
  );
}
