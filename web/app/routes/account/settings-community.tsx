import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { communityProfilePath } from '../../features/account/account-menu';
import { FormMessage, SubmitButton } from '../../features/account/forms';
import { useSettingsUser } from '../../features/account/guards';
import { PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';

export default function CommunitySettingsPage() {
  const user = useSettingsUser();
  const session = useSession();
  const [isPrivate, setIsPrivate] = useState(user.isPrivateAccount);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => setIsPrivate(user.isPrivateAccount), [user.isPrivateAccount]);
  const changed = isPrivate !== user.isPrivateAccount;

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
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setMessage(null);
          try {
            const updated = await accountApi.setPrivacy(isPrivate);
            session.setUser(updated);
            setMessage({ kind: 'success', text: updated.isPrivateAccount ? 'Your community profile is now private.' : 'Your community profile is now public.' });
          } catch (error) {
            setMessage({ kind: 'error', text: errorMessage(error) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <fieldset className="acc-plain acc-stack acc-stack--tight">
          <legend id="visibility-title">
            <h2>Profile visibility</h2>
          </legend>
          <label className="acc-radio-card">
            <input type="radio" name="visibility" value="public" checked={!isPrivate} onChange={() => setIsPrivate(false)} />
            <div>
              <strong>Public</strong>
              <span>Anyone can see your profile, your public diagrams, who you follow and what you liked. New diagrams on the free plan are public.</span>
            </div>
          </label>
          <label className="acc-radio-card">
            <input type="radio" name="visibility" value="private" checked={isPrivate} onChange={() => setIsPrivate(true)} />
            <div>
              <strong>Private</strong>
              <span>Your profile is hidden from the community and your diagrams stay private. A private profile needs a paid plan.</span>
            </div>
          </label>
        </fieldset>
        <div aria-live="polite">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
        <div className="acc-panel__actions">
          {user.username && !user.isPrivateAccount ? <Link to={communityProfilePath(user.username)}>View my community profile</Link> : null}
          <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
            {changed ? 'Save visibility' : 'Saved'}
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
