import { hireBodySchema, SocialTexts } from '@loopwright/contracts';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import { CheckboxField, FormMessage, SubmitButton, TextAreaField, TextField, useContractForm } from '../account/forms';
import { useSession } from '../account/session';
import { socialApi } from './social-api';

// Loaded when the modal first opens: the form and its validation stay out of the profile's first load.

/** The hire / contact-designer modal: name, e-mail and message required; company and project optional. */
export default function HireDialog({
  username,
  designerName,
  onClose,
}: {
  username: string;
  designerName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const { user } = useSession();
  const form = useContractForm(hireBodySchema, {
    username,
    name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '' : '',
    email: user?.email ?? '',
    company: user?.company ?? '',
    project: '',
    message: '',
    sendCopy: false,
  });
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const required = (label: string) => (
    <>
      {label} <span aria-hidden="true">*</span>
    </>
  );

  return (
    <Modal onClose={onClose} labelledBy={titleId} className="hire-dialog">
      <button type="button" className="acc-icon-button login-dialog__close" aria-label="Close" onClick={onClose}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <h2 id={titleId}>
        {SocialTexts.hireTitle}: {designerName}
      </h2>
      {sent ? (
        <>
          <FormMessage kind="success">{sent}</FormMessage>
          <div className="acc-panel__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form
          className="acc-stack"
          noValidate
          onSubmit={(event) => {
            setFailure(null);
            void form.submitWith(
              async (data) => {
                const answer = await socialApi.hire(data);
                setSent(answer.message);
              },
              {
                onError: (error) => {
                  if (error instanceof ApiError && Object.keys(error.fields).length) return false;
                  const cause =
                    error instanceof ApiError
                      ? ((error.details as { cause?: string } | undefined)?.cause ??
                        (error.code === 'COMMUNITY_HIRE_FAILED' ? '' : error.message))
                      : '';
                  setFailure(cause ? `${SocialTexts.hireError}: ${cause}` : SocialTexts.hireError);
                  return true;
                },
              },
            )(event);
          }}
        >
          <p>{SocialTexts.hireLead}</p>
          <TextField label={required('Name')} autoComplete="name" {...form.field('name')} />
          <TextField label={required('E-mail')} type="email" autoComplete="email" {...form.field('email')} />
          <TextField label="Company" autoComplete="organization" {...form.field('company')} />
          <TextField label="Project name" {...form.field('project')} />
          <TextAreaField label={required('Message')} rows={5} {...form.field('message')} />
          <CheckboxField label="Send me a copy" {...form.field('sendCopy')} />
          <FormMessage>{failure ?? form.formError}</FormMessage>
          <div className="acc-panel__actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton busy={form.submitting} busyLabel="Sending…" className="button button--primary">
              Send message
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
