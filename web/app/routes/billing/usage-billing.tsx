import { PageTitle } from '../../features/account/page-shell';
import { BillingSection } from '../../features/billing/billing-section';

/**
 * Settings › Usage & Billing. The plans module's usage part (current plan, usage bars) belongs above
 * the billing part; until it is merged this page shows the billing part alone.
 */
export default function UsageBillingPage() {
  return (
    <>
      <PageTitle>Usage & Billing</PageTitle>
      <header>
        <h1>Usage & Billing</h1>
        <p>Your plan, its renewal, payments and invoices.</p>
      </header>
      <BillingSection whenDisabled={<p className="acc-panel">Billing is not available on this instance: every workspace gets the plan the administrator chose.</p>} />
    </>
  );
}
