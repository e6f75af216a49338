import { deleteAccountBodySchema, type AuthenticatedUser } from '@loopwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { SubmitButton, TextField, useContractForm } from '../account/forms';
import { FeedbackLine, feedbackOf, type Feedback } from './team-feedback';
import { teamsApi } from './teams-api';

/**
 * Account settings: delete my account, after typing its e-mail address again. What is deleted and
 * what stays is on /docs/account-deletion. The owner of a team with members is refused.
 */
export function DeleteAccount({ user }: { user: AuthenticatedUser }) {
  const [open, setOpen] = useState(false);
  const form = useContractForm(deleteAccountBodySchema, { confirmEmail: '' });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <section className="acc-panel acc-panel--danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p className="acc-panel__lead">
        Deletes your account, your diagrams, tags, plays, API key and sessions. Diagrams you made in a team stay with
        the team. <Link to="/docs/account-deletion">What is deleted and what stays</Link>
      </p>
      {open ? (
        <form
          noValidate
          className="team-delete-form"
          onSubmit={(event) => {
            setFeedback(null);
            void form.submitWith(
              async (data) => {
                await teamsApi.deleteAccount(data);
                // A full load: the deleted account's session is gone, so the app starts logged out.
                window.location.assign('/?account=deleted');
              },
              {
                onError: (e) => {
                  if (e instanceof ApiError && Object.keys(e.fields).length) return false;
                  setFeedback(feedbackOf(e));
                  return true;
                },
              },
            )(event);
          }}
        >
          <FeedbackLine feedback={feedback} />
          <TextField
            label={`Type ${user.email} to confirm`}
            autoComplete="off"
            required
            {...form.field('confirmEmail')}
          />
          <div className="acc-panel__actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <SubmitButton busy={form.submitting} busyLabel="Deleting…" className="button acc-button--danger">
              Delete my account for good
            </SubmitButton>
          </div>
        </form>
      ) : (
        <div className="acc-panel__actions">
          <button type="button" className="button acc-button--danger" onClick={() => setOpen(true)}>
            Delete account…
          </button>
        </div>
      )}
    </section>
  );
}
