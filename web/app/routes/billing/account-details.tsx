import { accountDetailsBodySchema, taxIdBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { FormMessage, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { billingApi, type BillingAccountDetails } from '../../features/billing/billing-api';
import { day, money, TAX_ID_LABELS } from '../../features/billing/billing-format';
import '../../features/billing/billing.css';

interface DetailsValues {
  companyName: string;
  invoicingEmail: string;
  address: { line1: string; postalCode: string; city: string; country: string };
}

/** Account details: company name, invoicing e-mail, billing address, tax ID (VIES) and balance. */
export default function AccountDetailsPage() {
  const [details, setDetails] = useState<BillingAccountDetails | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    billingApi.accountDetails().then(setDetails, (e: unknown) => {
      setDetails(null);
      setError(errorMessage(e));
    });
  }, []);
  return (
    <>
      <PageTitle>Account details</PageTitle>
      <header>
        <h1>Account details</h1>
        <p>
          <Link to="/settings/billing">Usage & Billing</Link> › Account details. What your invoices show.
        </p>
      </header>
      {details === undefined ? <PageLoading label="Loading account details" /> : null}
      <FormMessage>{error}</FormMessage>
      {details ? (
        <>
          <DetailsForm details={details} onSaved={setDetails} />
          <TaxIdPanel details={details} onChanged={setDetails} />
          <section className="acc-panel" aria-labelledby="balance-title">
            <h2 id="balance-title">Account balance</h2>
            <p data-testid="account-balance">
              {details.balance.amount < 0
                ? `${money(-details.balance.amount, details.balance.currency)} credit, used for your next invoices`
                : details.balance.amount > 0
                  ? `${money(details.balance.amount, details.balance.currency)} added to your next invoice`
                  : money(0, details.balance.currency)}
            </p>
          </section>
        </>
      ) : null}
    </>
  );
}

function DetailsForm({
  details,
  onSaved,
}: {
  details: BillingAccountDetails;
  onSaved: (d: BillingAccountDetails) => void;
}) {
  const values: DetailsValues = {
    companyName: details.companyName,
    invoicingEmail: details.invoicingEmail,
    address: { ...details.address },
  };
  const form = useContractForm(accountDetailsBodySchema, values);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="acc-panel"
      noValidate
      aria-labelledby="details-title"
      onSubmit={(event) => {
        setSaved(false);
        void form.submitWith(async (data) => {
          onSaved(await billingApi.saveAccountDetails(data));
          setSaved(true);
        })(event);
      }}
    >
      <h2 id="details-title">Company and billing address</h2>
      <TextField label="Company name" autoComplete="organization" {...form.field('companyName')} />
      <TextField
        label="Invoicing email"
        type="email"
        autoComplete="email"
        hint="Invoices and payment receipts go here."
        {...form.field('invoicingEmail')}
      />
      <TextField label="Address" autoComplete="address-line1" {...form.field('address.line1')} />
      <div className="acc-row">
        <TextField label="Postal code" autoComplete="postal-code" {...form.field('address.postalCode')} />
        <TextField label="City" autoComplete="address-level2" {...form.field('address.city')} />
        <TextField
          label="Country"
          autoComplete="country"
          placeholder="DE"
          maxLength={2}
          {...form.field('address.country')}
        />
      </div>
      <div aria-live="polite">
        <FormMessage>{form.formError}</FormMessage>
        <FormMessage kind="success">{saved ? 'Account details saved.' : null}</FormMessage>
      </div>
      <div className="acc-panel__actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Save details
        </SubmitButton>
      </div>
    </form>
  );
}

function TaxIdPanel({
  details,
  onChanged,
}: {
  details: BillingAccountDetails;
  onChanged: (d: BillingAccountDetails) => void;
}) {
  const form = useContractForm(taxIdBodySchema, { value: '' });
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const taxId = details.taxId;
  return (
    <form
      className="acc-panel"
      noValidate
      aria-labelledby="tax-title"
      onSubmit={(event) => {
        void form.submitWith(async (data) => {
          onChanged(await billingApi.setTaxId(data.value));
          form.reset({ value: '' });
        })(event);
      }}
    >
      <h2 id="tax-title">Tax ID</h2>
      {taxId ? (
        <dl className="acc-key-meta">
          <dt>EU VAT number</dt>
          <dd className="acc-mono">{taxId.value}</dd>
          <dt>VIES validation</dt>
          <dd>
            <span className={`bil-status bil-status--${taxId.status}`} data-testid="tax-id-status">
              {TAX_ID_LABELS[taxId.status]}
            </span>
            {taxId.checkedAt ? ` (validated on ${day(taxId.checkedAt)})` : ''}
            {taxId.verifiedName ? ` · ${taxId.verifiedName}` : ''}
          </dd>
        </dl>
      ) : (
        <p className="acc-field__hint">
          No tax ID. Businesses in the EU add their VAT number to get invoices without VAT (reverse charge).
        </p>
      )}
      <TextField
        label={taxId ? 'Replace with' : 'EU VAT number'}
        placeholder="DE123456789"
        autoComplete="off"
        {...form.field('value')}
      />
      <FormMessage>{form.formError ?? error}</FormMessage>
      <div className="acc-panel__actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          {taxId ? 'Replace tax ID' : 'Add tax ID'}
        </SubmitButton>
        {taxId ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={removing}
            onClick={() => {
              setRemoving(true);
              setError(null);
              billingApi
                .deleteTaxId()
                .then(onChanged, (e: unknown) => setError(errorMessage(e)))
                .finally(() => setRemoving(false));
            }}
          >
            {removing ? 'Removing…' : 'Remove tax ID'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
