import { webhookEventLabels } from '@loopwright/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormMessage } from '../../features/account/forms';
import { PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi, type DisabledWebhooksPage } from '../../features/admin/admin-api';
import { LogTable } from '../../features/admin/log-table';
import { pageFrom } from '../../features/admin/pager';
import { useLoaded } from '../../features/admin/use-loaded';
import { errorMessage } from '../../lib/api-client';
import '../../features/admin/admin.css';

type Entry = DisabledWebhooksPage['entries'][number];
type Outcome = { kind: 'success' | 'error'; text: string };

/** Re-enable: as the owner's Resume under Settings → Webhooks; the server answers what it did. */
function EnableButton({ hook, onDone }: { hook: Entry; onDone: (outcome: Outcome) => void }) {
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    if (!window.confirm(`Re-enable ${hook.url}? New events are sent to it again; its failures are forgotten.`)) return;
    setBusy(true);
    try {
      onDone({ kind: 'success', text: (await adminApi.enableWebhook(hook.id)).message });
    } catch (error) {
      onDone({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost acc-button--small"
      disabled={busy}
      aria-label={`Re-enable ${hook.url}`}
      onClick={enable}
    >
      Re-enable
    </button>
  );
}

/** /admin/webhooks: the instance's webhooks disabled automatically after failures in a row; re-enable one. */
export default function DisabledWebhooksScreen() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const loaded = useLoaded(() => adminApi.disabledWebhooks(page), String(page));
  const list = loaded.data;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <>
      <PageTitle>Disabled webhooks</PageTitle>
      <header>
        <h1>Disabled webhooks</h1>
        <p>
          Webhooks that stopped because
          {list ? ` their last ${list.disableAfterFailures}` : ' all their recent'} deliveries failed in a row. Their
          owners were notified and can resume them under Settings → Webhooks. Re-enable one here once its receiver works
          again: events that happened while it was disabled are not sent.
        </p>
      </header>
      <LogTable
        name="Disabled webhooks"
        heading="Webhooks"
        filters={null}
        notice={outcome ? <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage> : null}
        loaded={loaded}
        caption="Disabled webhooks, most recently disabled first"
        columns={['Disabled', 'Webhook and its last error', 'Owner', 'Actions']}
        noun={['disabled webhook', 'disabled webhooks']}
        filtered={false}
        row={(hook) => (
          <>
            <td className="adm-nowrap">
              {hook.disabledAt ? <time dateTime={hook.disabledAt}>{dateTime(hook.disabledAt)}</time> : '—'}
            </td>
            <td>
              <div className="acc-mono adm-break">{hook.url}</div>
              <div className="acc-field__hint">{hook.events.map((e) => webhookEventLabels[e]).join(' · ')}</div>
              {hook.lastError ? <div className="adm-reason">{hook.lastError}</div> : null}
            </td>
            <td>
              <div className="adm-break">{hook.ownerEmail}</div>
              <div className="acc-field__hint">{hook.workspaceName}</div>
            </td>
            <td className="adm-nowrap">
              <EnableButton
                hook={hook}
                onDone={(result) => {
                  setOutcome(result);
                  loaded.reload();
                }}
              />
            </td>
          </>
        )}
      />
    </>
  );
}
