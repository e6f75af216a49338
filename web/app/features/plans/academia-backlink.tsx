import { academiaBacklinkBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { FormMessage, SubmitButton, TextField, useContractForm } from '../account/forms';
import { formatDate, plansApi, type AcademiaApplication } from './plans-api';

/** For an approved Academia workspace: where the backlink is, and the deadline. */
export function AcademiaBacklink() {
  const [application, setApplication] = useState<AcademiaApplication | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    plansApi.myAcademia().then(setApplication, () => setApplication(null));
  }, []);
  const form = useContractForm(academiaBacklinkBodySchema, { backlinkUrl: '' });
  if (!application || application.status === 'rejected') return null;
  return (
    <section className="acc-panel" aria-labelledby="academia-title">
      <h2 id="academia-title">Academia plan</h2>
      {application.status === 'pending' ? (
        <p>Your application for {application.courseName} is waiting for review. We will let you know by e-mail.</p>
      ) : null}
      {application.status === 'reverted' ? (
        <p>
          The backlink was not added within 30 days, so the Academia plan ended on {formatDate(application.revertedAt)}.
        </p>
      ) : null}
      {application.status === 'approved' ? (
        application.backlinkConfirmedAt ? (
          <p>Thank you: your backlink is confirmed and the Academia plan stays.</p>
        ) : (
          <form
            className="acc-stack"
            noValidate
            onSubmit={(event) => {
              setSaved(false);
              void form.submitWith(async (data) => {
                setApplication(await plansApi.academiaBacklink(data.backlinkUrl));
                setSaved(true);
              })(event);
            }}
          >
            <p>
              Please add the backlink to your course page by <strong>{formatDate(application.backlinkDueAt)}</strong>{' '}
              and tell us where it is; otherwise your workspace goes back to the Public plan.
            </p>
            <FormMessage>{form.formError}</FormMessage>
            {saved ? (
              <p className="acc-notice acc-notice--success">Thank you. We will check the backlink shortly.</p>
            ) : null}
            <TextField
              label="Page with the backlink"
              type="url"
              {...form.field('backlinkUrl')}
              hint={application.backlinkUrl ? `Last sent: ${application.backlinkUrl}` : undefined}
            />
            <div className="acc-row acc-row--end">
              <SubmitButton busy={form.submitting} busyLabel="Sending…" className="button button--primary">
                Send
              </SubmitButton>
            </div>
          </form>
        )
      ) : null}
    </section>
  );
}
