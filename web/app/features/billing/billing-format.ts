import type { BillingState } from '@loopwright/contracts';

/** 1200, 'eur' → "€12.00". */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** "Dec 24, 2026" (the spec's MMM DD, YYYY). */
export function day(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/** The plan's display name from the catalogue (its internal name until the catalogue has loaded). */
export function planLabel(name: string, plans: { name: string; displayName: string }[] | undefined): string {
  return plans?.find((p) => p.name === name)?.displayName ?? name;
}

export const cycleLabel = (cycle: string) => (cycle === 'yearly' ? 'Yearly' : 'Monthly');

export const STATE_LABELS: Record<BillingState, string> = {
  active: 'Active',
  payment_pending: 'Payment pending',
  expired: 'Expired',
  cancel_scheduled: 'Cancellation scheduled',
  canceled: 'Cancelled',
};

export const INVOICE_LABELS: Record<string, string> = { paid: 'Paid', void: 'Void', invalid: 'Invalid', open: 'Due' };
export const TAX_ID_LABELS: Record<string, string> = {
  pending: 'Being validated',
  valid: 'Valid',
  invalid: 'Invalid',
  unverifiable: 'Cannot be validated',
};
