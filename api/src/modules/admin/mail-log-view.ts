import type { z } from 'zod';
import type { mailLogEntrySchema, mailLogMessageSchema } from '@loopwright/contracts';

interface MailLogRow {
  id: string;
  template: string;
  to: string;
  subject: string | null;
  status: 'queued' | 'sent' | 'failed' | 'stored';
  error: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  html: string | null;
  text: string | null;
}

export function mailLogEntry(row: MailLogRow): z.infer<typeof mailLogEntrySchema> {
  return {
    id: row.id,
    template: row.template,
    to: row.to,
    subject: row.subject,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** Every distinct link of the message, in order, so an admin can follow a confirmation link. */
export function linksOf(html: string | null): string[] {
  if (!html) return [];
  const found = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...new Set(found)];
}

export function mailLogMessage(row: MailLogRow): z.infer<typeof mailLogMessageSchema> {
  return { ...mailLogEntry(row), html: row.html, text: row.text, links: linksOf(row.html) };
}
