import { PlanTexts, privacyBodySchema, SocialTexts } from '@loopwright/contracts';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { accountApi } from '../../features/account/account-api';
import { communityProfilePath } from '../../features/account/account-menu';
import { FormMessage, SubmitButton, useContractForm } from '../../features/account/forms';
import { useSettingsUser } from '../../features/account/guards';
import { PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { socialApi } from '../../features/social/social-api';

export default function CommunitySettingsPage() {
  const user = useSettingsUser();
  const session = useSession();
  const form = useContractForm(privacyBodySchema, { isPrivateAccount: user.isPrivateAccount });
  const [saved, setSaved] = useState<string | null>(null);
  const { reset, setValue } = form;
  useEffect(() => reset({ isPrivateAccount: user.isPrivateAccount }), [reset, user.isPrivateAccount]);
  const isPrivate = form.watch('isPrivateAccount');
  const choose = (value: boolean) => {
    setSaved(null);
    setValue('isPrivateAccount', value, { shouldDirty: true });
  };
  const changed = isPrivate !== user.isPrivateAccount;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const goPublic = async () => {
    setBusy(true);
    try {
      const updated = await accountApi.setPrivacy(false, true);
      session.setUser(updated);
      setSaved('Your community profile is now public.');
      setConfirming(false);
    } catch (error) {
      form.setFormError(errorMessage(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Community Profile</PageTitle>
      <header>
        <h1>Community Profile</h1>
        <p>Choose who can see your profile and your diagrams in the community.</p>
      </header>
      <form
        className="acc-panel"
        aria-labelledby="visibility-title"
        onSubmit={(event) => {
          setSaved(null);
          void form.submitWith(
            async (data) => {
              const updated = await accountApi.setPrivacy(data.isPrivateAccount);
              session.setUser(updated);
              setSaved(
                updated.isPrivateAccount
                  ? 'Your community profile is now private.'
                  : 'Your community profile is now public.',
              );
            },
            {
              // A Free account going public cannot come back: the server asks for a confirmation first.
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'PLAN_PUBLIC_CONFIRMATION_REQUIRED') {
                  setConfirming(true);
                  return true;
                }
                return false;
              },
            },
          )(event);
        }}
      >
        <fieldset className="acc-plain acc-stack acc-stack--tight">
          <legend id="visibility-title">
            <h2>Profile visibility</h2>
          </legend>
          <label className="acc-radio-card">
            <input type="radio" name="visibility" value="public" checked={!isPrivate} onChange={() => choose(false)} />
            <div>
              <strong>Public</strong>
              <span>
                Anyone can see your profile, your public diagrams, who you follow and what you liked. New diagrams on
                the free plan are public.
              </span>
            </div>
          </label>
          <label className="acc-radio-card">
            <input type="radio" name="visibility" value="private" checked={isPrivate} onChange={() => choose(true)} />
            <div>
              <strong>Private</strong>
              <span>
                Your profile is hidden from the community and your diagrams stay private. A private profile needs a paid
                plan.
              </span>
            </div>
          </label>
        </fieldset>
        <FormMessage>{form.formError}</FormMessage>
        <div aria-live="polite">{saved ? <FormMessage kind="success">{saved}</FormMessage> : null}</div>
        <div className="acc-panel__actions">
          {user.username && !user.isPrivateAccount ? (
            <Link to={communityProfilePath(user.username)}>View my community profile</Link>
          ) : null}
          <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
            {changed ? 'Save visibility' : 'Saved'}
          </SubmitButton>
        </div>
      </form>
      <AvailableForHire />
      {confirming ? (
        <Modal onClose={() => setConfirming(false)} labelledBy="public-confirm-title" className="upgrade-prompt">
          <h2 id="public-confirm-title">Make your account public?</h2>
          <p>
            {PlanTexts.publicIsIrreversible} On the free plan a private account needs a paid plan, so you cannot switch
            back to private later without upgrading.
          </p>
          <div className="upgrade-prompt__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Keep it private
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void goPublic()}>
              {busy ? 'Saving…' : 'Yes, make it public'}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/** "Available for hire": saved as soon as it is ticked or cleared. */
function AvailableForHire() {
  const user = useSettingsUser();
  const session = useSession();
  const [checked, setChecked] = useState(user.availableForHire);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => setChecked(user.availableForHire), [user.availableForHire]);
  const change = async (availableForHire: boolean) => {
    setChecked(availableForHire);
    setBusy(true);
    setMessage(null);
    try {
      const saved = await socialApi.setAvailableForHire(availableForHire);
      session.setUser({ ...user, availableForHire: saved.availableForHire });
      setMessage({
        kind: 'success',
        text: saved.availableForHire
          ? 'You are now listed as available for hire.'
          : 'You are no longer listed as available for hire.',
      });
    } catch (error) {
      setChecked(!availableForHire);
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : 'Could not save' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="acc-panel" aria-labelledby="hire-title">
      <h2 id="hire-title">Designers for hire</h2>
      <div className="acc-field acc-field--checkbox">
        <div className="acc-checkbox">
          <input
            id="available-for-hire"
            type="checkbox"
            checked={checked}
            disabled={busy}
            onChange={(e) => void change(e.target.checked)}
            aria-describedby="available-for-hire-hint"
          />
          <label htmlFor="available-for-hire">{SocialTexts.availableForHire}</label>
        </div>
        <p className="acc-field__hint" id="available-for-hire-hint">
          {SocialTexts.availableForHireHint}
        </p>
      </div>
      <div aria-live="polite">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
    </section>
  );
}
