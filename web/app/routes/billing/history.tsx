import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { billingApi, type BillingInvoice } from '../../features/billing/billing-api';
import { day, INVOICE_LABELS, money } from '../../features/billing/billing-format';
import '../../features/billing/billing.css';

const BADGE: Record<string, string> = {
  paid: 'bil-state--active',
  void: '',
  invalid: 'bil-state--expired',
  open: 'bil-state--payment_pending',
};

/** Billing history: every invoice with its status and PDF. */
export default function BillingHistoryPage() {
  const [invoices, setInvoices] = useState<BillingInvoice[] | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    billingApi.invoices().then(setInvoices, (e: unknown) => {
      setInvoices(null);
      setError(errorMessage(e));
    });
  }, []);
  return (
    <>
      <PageTitle>Billing history</PageTitle>
      <header>
        <h1>Billing history</h1>
        <p>
          <Link to="/settings/billing">Usage & Billing</Link> › Billing history
        </p>
      </header>
      <section className="acc-panel" aria-label="Invoices">
        {invoices === undefined ? <PageLoading label="Loading invoices" /> : null}
        <FormMessage>{error}</FormMessage>
        {invoices ? (
          <div className="acc-table-wrap">
            <table className="acc-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">PDF</th>
                </tr>
              </thead>
              <tbody>
                {invoices.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="acc-table__empty">
                      No invoices yet.
                    </td>
                  </tr>
                ) : (
                  invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>{day(invoice.createdAt)}</td>
                      <td>{invoice.number ?? '—'}</td>
                      <td>{money(invoice.amount, invoice.currency)}</td>
                      <td>
                        <span className={`acc-badge ${BADGE[invoice.status]}`}>{INVOICE_LABELS[invoice.status]}</span>
                      </td>
                      <td>
                        {invoice.pdfUrl ? (
                          <a href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                            Download PDF<span className="acc-visually-hidden"> of invoice {invoice.number}</span>
                          </a>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
