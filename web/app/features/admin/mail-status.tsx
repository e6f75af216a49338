import type { MailStatus } from '../account/account-api';

export const MAIL_STATUSES: MailStatus[] = ['queued', 'sent', 'failed', 'stored'];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  stored: 'Kept (no mail server)',
};

/** A status in words and colour (the words carry it; colour only helps). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <span className={`acc-badge acc-badge--${status}`}>{MAIL_STATUS_LABELS[status] ?? status}</span>;
}
