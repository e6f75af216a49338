import {
  AuthTexts,
  LibraryTexts,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  profileBodySchema,
  type AuthenticatedUser,
} from '@loopwright/contracts';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { communityProfilePath } from '../../features/account/account-menu';
import { Avatar } from '../../features/account/avatar';
import { FormMessage, SubmitButton, TextAreaField, TextField, useContractForm } from '../../features/account/forms';
import { useSettingsUser } from '../../features/account/guards';
import { PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';

interface Game {
  name: string;
  website: string;
  storeLink: string;
}
interface ProfileValues {
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
    void run(
      kind,
      () => accountApi.uploadImage(kind, file!),
      kind === 'avatar' ? 'Your profile photo is updated.' : 'Your cover photo is updated.',
    );
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
              <input
                id={coverInput}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                disabled={busy !== null}
                onChange={(e) => upload('cover', e.currentTarget)}
              />
            </label>
            {user.coverPhotoUrl ? (
              <button
                type="button"
                className="button acc-button--small acc-button--on-image"
                disabled={busy !== null}
                onClick={() =>
                  run('cover-delete', () => accountApi.deleteImage('cover'), 'Your cover photo is removed.')
                }
              >
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
              <input
                id={avatarInput}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                disabled={busy !== null}
                onChange={(e) => upload('avatar', e.currentTarget)}
              />
            </label>
            {user.avatarUrl ? (
              <button
                type="button"
                className="button acc-button--small acc-button--danger"
                disabled={busy !== null}
                onClick={() =>
                  run('avatar-delete', () => accountApi.deleteImage('avatar'), 'Your profile photo is removed.')
                }
              >
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
  const form = useContractForm(profileBodySchema, valuesFrom(user));
  const games = useFieldArray({ control: form.control, name: 'games' });
  const [saved, setSaved] = useState(false);

  return (
    <form
      className="acc-stack"
      noValidate
      aria-label="My Profile"
      onChange={() => setSaved(false)}
      onSubmit={(event) => {
        setSaved(false);
        void form.submitWith(
          async (data) => {
            const updated = await accountApi.updateProfile(data);
            session.setUser(updated);
            setSaved(true);
          },
          {
            // A failure that is not about a field: the spec's "user details not updated", and why.
            onError: (error) => {
              if (error instanceof ApiError && Object.keys(error.fields).length) return false;
              form.setFormError(`${LibraryTexts.userDetailsNotUpdated}: ${errorMessage(error)}`);
              return true;
            },
          },
        )(event);
      }}
    >
      <section className="acc-panel" aria-labelledby="about-title">
        <h2 id="about-title">About you</h2>
        <div className="acc-grid-2">
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
          <TextField label="Job title" autoComplete="organization-title" {...form.field('jobTitle')} />
          <TextField label="Company" autoComplete="organization" {...form.field('company')} />
          <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
          <TextField label="Country" autoComplete="country-name" {...form.field('country')} />
        </div>
        <TextAreaField
          label="About me"
          rows={5}
          maxLength={4000}
          {...form.field('about')}
          hint="What you design, what you have shipped, what you are curious about."
        />
      </section>

      <section className="acc-panel" aria-labelledby="games-title">
        <h2 id="games-title">Games</h2>
        <p className="acc-panel__lead">Games you worked on, with their website and store page.</p>
        {games.fields.length === 0 ? <p className="acc-field__hint">No games yet.</p> : null}
        {games.fields.map((game, index) => (
          <fieldset className="acc-plain" key={game.id}>
            <legend className="acc-visually-hidden">{`Game ${index + 1}`}</legend>
            <div className="acc-game-row">
              <TextField label="Game name" {...form.field(`games.${index}.name`)} />
              <TextField
                label="Website"
                type="url"
                inputMode="url"
                placeholder="https://"
                {...form.field(`games.${index}.website`)}
              />
              <TextField
                label="Store link"
                type="url"
                inputMode="url"
                placeholder="https://"
                {...form.field(`games.${index}.storeLink`)}
              />
              <button
                type="button"
                className="button acc-button--small acc-button--danger"
                aria-label={`Remove game ${form.getValues(`games.${index}.name`) || index + 1}`}
                onClick={() => {
                  setSaved(false);
                  games.remove(index);
                }}
              >
                Remove
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button
            type="button"
            className="button button--ghost acc-button--small"
            disabled={games.fields.length >= 20}
            onClick={() => {
              setSaved(false);
              games.append({ name: '', website: '', storeLink: '' });
            }}
          >
            + Add a game
          </button>
        </div>
      </section>

      <section className="acc-panel" aria-labelledby="socials-title">
        <h2 id="socials-title">Social links</h2>
        <div className="acc-grid-2">
          <TextField label="LinkedIn" placeholder="https://www.linkedin.com/in/…" {...form.field('socials.linkedin')} />
          <TextField label="Facebook" placeholder="https://www.facebook.com/…" {...form.field('socials.facebook')} />
          <TextField label="Twitter" placeholder="https://x.com/…" {...form.field('socials.twitter')} />
          <TextField label="Discord" placeholder="Your Discord username" {...form.field('socials.discord')} />
        </div>
      </section>

      <div className="acc-panel__actions">
        <div aria-live="polite">
          {saved ? <span className="acc-notice acc-notice--success">Your profile is saved.</span> : null}
        </div>
        <FormMessage>{form.formError}</FormMessage>
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Save profile
        </SubmitButton>
      </div>
    </form>
  );
}
