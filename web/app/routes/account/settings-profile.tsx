import { AuthTexts, PHOTO_MAX_BYTES, PHOTO_TYPES, profileBodySchema, type AuthenticatedUser } from '@loopwright/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { communityProfilePath } from '../../features/account/account-menu';
import { Avatar } from '../../features/account/avatar';
import { FormMessage, SubmitButton, TextAreaField, TextField, useZodForm } from '../../features/account/forms';
import { useSettingsUser } from '../../features/account/guards';
import { PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';

interface Game {
  name: string;
  website: string;
  storeLink: string;
}
interface ProfileValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  city: string;
  country: string;
  about: string;
  games: Game[];
  socials: { linkedin: string; facebook: string; twitter: string; discord: string };
}

function valuesFrom(user: AuthenticatedUser): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    jobTitle: user.jobTitle ?? '',
    company: user.company ?? '',
    city: user.location.city ?? '',
    country: user.location.country ?? '',
    about: user.about ?? '',
    games: user.games.map((g) => ({ name: g.name, website: g.website ?? '', storeLink: g.storeLink ?? '' })),
    socials: {
      linkedin: user.socials.linkedin ?? '',
      facebook: user.socials.facebook ?? '',
      twitter: user.socials.twitter ?? '',
      discord: user.socials.discord ?? '',
    },
  };
}

export default function ProfileSettingsPage() {
  const user = useSettingsUser();
  return (
    <>
      <PageTitle>My Profile</PageTitle>
      <header>
        <h1>My Profile</h1>
        <p>
          What the community sees on{' '}
          {user.username ? <Link to={communityProfilePath(user.username)}>your profile</Link> : 'your profile'}.
        </p>
      </header>
      <PhotosPanel user={user} />
      <ProfileForm user={user} />
    </>
  );
}

/** Checks a chosen photo on the client (the server checks again): an image, at most 500 KB. */
function photoProblem(file: File | undefined): string | null {
  if (!file) return AuthTexts.photoMissing;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return AuthTexts.photoWrongType;
  if (file.size > PHOTO_MAX_BYTES) return AuthTexts.photoTooBig;
  return null;
}

function PhotosPanel({ user }: { user: AuthenticatedUser }) {
  const session = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const avatarInput = useId();
  const coverInput = useId();

  const run = async (label: string, call: () => Promise<AuthenticatedUser>, done: string) => {
    setBusy(label);
    setMessage(null);
    try {
      session.setUser(await call());
      setMessage({ kind: 'success', text: done });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const upload = (kind: 'avatar' | 'cover', input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    const problem = photoProblem(file);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    void run(kind, () => accountApi.uploadImage(kind, file!), kind === 'avatar' ? 'Your profile photo is updated.' : 'Your cover photo is updated.');
  };
  const cover = user.coverPhotoUrl;

  return (
    <section className="acc-panel" aria-labelledby="photos-title">
      <h2 id="photos-title">Photos</h2>
      <p className="acc-panel__lead">PNG, JPEG, GIF or WebP, at most 500 KB each.</p>
      <div className="acc-media-editor">
        <div className="acc-media-editor__cover">
          {cover ? <img src={cover} alt="Your cover" /> : null}
          <div className="acc-media-editor__cover-actions">
            <label className="button acc-button--small acc-button--on-image acc-file-button" htmlFor={coverInput}>
              {busy === 'cover' ? 'Uploading…' : cover ? 'Change cover' : 'Add cover photo'}
              <input id={coverInput} type="file" accept={PHOTO_TYPES.join(',')} disabled={busy !== null} onChange={(e) => upload('cover', e.currentTarget)} />
            </label>
            {user.coverPhotoUrl ? (
              <button type="button" className="button acc-button--small acc-button--on-image" disabled={busy !== null} onClick={() => run('cover-delete', () => accountApi.deleteImage('cover'), 'Your cover photo is removed.')}>
                Remove cover
              </button>
            ) : null}
          </div>
        </div>
        <div className="acc-media-editor__avatar">
          <Avatar user={user} size={112} label="Your profile photo" />
          <div className="acc-media-editor__avatar-actions">
            <label className="button acc-button--small button--ghost acc-file-button" htmlFor={avatarInput}>
              {busy === 'avatar' ? 'Uploading…' : user.avatarUrl ? 'Change photo' : 'Upload photo'}
              <input id={avatarInput} type="file" accept={PHOTO_TYPES.join(',')} disabled={busy !== null} onChange={(e) => upload('avatar', e.currentTarget)} />
            </label>
            {user.avatarUrl ? (
              <button type="button" className="button acc-button--small acc-button--danger" disabled={busy !== null} onClick={() => run('avatar-delete', () => accountApi.deleteImage('avatar'), 'Your profile photo is removed.')}>
                Remove photo
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <div aria-live="polite">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
    </section>
  );
}

function ProfileForm({ user }: { user: AuthenticatedUser }) {
  const session = useSession();
  const form = useZodForm(profileBodySchema, valuesFrom(user));
  const [saved, setSaved] = useState(false);
  const { values, errors, setField } = form;
  const setGame = (index: number, patch: Partial<Game>) => {
    setSaved(false);
    setField('games', values.games.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  };
  const setSocial = (key: keyof ProfileValues['socials'], value: string) => {
    setSaved(false);
    setField('socials', { ...values.socials, [key]: value });
  };
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setSaved(false);
    setField(key, value);
  };

  return (
    <form
      className="acc-stack"
      noValidate
      aria-label="My Profile"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void form.submit(async (data) => {
          const updated = await accountApi.updateProfile(data);
          session.setUser(updated);
          setSaved(true);
        });
      }}
    >
      <section className="acc-panel" aria-labelledby="about-title">
        <h2 id="about-title">About you</h2>
        <div className="acc-grid-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" value={values.firstName} onValue={(v) => set('firstName', v)} error={errors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={values.lastName} onValue={(v) => set('lastName', v)} error={errors.lastName} />
          <TextField label="Job title" name="jobTitle" autoComplete="organization-title" value={values.jobTitle} onValue={(v) => set('jobTitle', v)} error={errors.jobTitle} />
          <TextField label="Company" name="company" autoComplete="organization" value={values.company} onValue={(v) => set('company', v)} error={errors.company} />
          <TextField label="City" name="city" autoComplete="address-level2" value={values.city} onValue={(v) => set('city', v)} error={errors.city} />
          <TextField label="Country" name="country" autoComplete="country-name" value={values.country} onValue={(v) => set('country', v)} error={errors.country} />
        </div>
        <TextAreaField label="About me" name="about" rows={5} maxLength={4000} value={values.about} onValue={(v) => set('about', v)} error={errors.about} hint="What you design, what you have shipped, what you are curious about." />
      </section>

      <section className="acc-panel" aria-labelledby="games-title">
        <h2 id="games-title">Games</h2>
        <p className="acc-panel__lead">Games you worked on, with their website and store page.</p>
        {values.games.length === 0 ? <p className="acc-field__hint">No games yet.</p> : null}
        {values.games.map((game, index) => (
          <fieldset className="acc-plain" key={index}>
            <legend className="acc-visually-hidden">{`Game ${index + 1}`}</legend>
            <div className="acc-game-row">
              <TextField label="Game name" value={game.name} onValue={(v) => setGame(index, { name: v })} error={errors[`games.${index}.name`]} />
              <TextField label="Website" type="url" inputMode="url" placeholder="https://" value={game.website} onValue={(v) => setGame(index, { website: v })} error={errors[`games.${index}.website`]} />
              <TextField label="Store link" type="url" inputMode="url" placeholder="https://" value={game.storeLink} onValue={(v) => setGame(index, { storeLink: v })} error={errors[`games.${index}.storeLink`]} />
              <button
                type="button"
                className="button acc-button--small acc-button--danger"
                aria-label={`Remove game ${game.name || index + 1}`}
                onClick={() => set('games', values.games.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button type="button" className="button button--ghost acc-button--small" disabled={values.games.length >= 20} onClick={() => set('games', [...values.games, { name: '', website: '', storeLink: '' }])}>
            + Add a game
          </button>
        </div>
      </section>

      <section className="acc-panel" aria-labelledby="socials-title">
        <h2 id="socials-title">Social links</h2>
        <div className="acc-grid-2">
          <TextField label="LinkedIn" placeholder="https://www.linkedin.com/in/…" value={values.socials.linkedin} onValue={(v) => setSocial('linkedin', v)} error={errors['socials.linkedin']} />
          <TextField label="Facebook" placeholder="https://www.facebook.com/…" value={values.socials.facebook} onValue={(v) => setSocial('facebook', v)} error={errors['socials.facebook']} />
          <TextField label="Twitter" placeholder="https://x.com/…" value={values.socials.twitter} onValue={(v) => setSocial('twitter', v)} error={errors['socials.twitter']} />
          <TextField label="Discord" placeholder="Your Discord username" value={values.socials.discord} onValue={(v) => setSocial('discord', v)} error={errors['socials.discord']} />
        </div>
      </section>

      <div className="acc-panel__actions">
        <div aria-live="polite">{saved ? <span className="acc-notice acc-notice--success">Your profile is saved.</span> : null}</div>
        <FormMessage>{form.formError}</FormMessage>
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Save profile
        </SubmitButton>
      </div>
    </form>
  );
}
