import {
  createShareBodySchema,
  DIAGRAM_DEFAULT_NAME,
  DiagramTexts,
  TeamTexts,
  type DiagramPrivacy,
  type Share,
} from '@loopwright/contracts';
import { useEffect, useId, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import { Field, FormMessage, TextField, useContractForm } from '../account/forms';
import { sharingApi } from './sharing-api';
import './sharing.css';
import { TeamShareControl, useTeamSharing } from '../teams/team-share-option';

/** What the dialog needs of a diagram (a DiagramSummary or the editor's loaded diagram). */
export interface ShareTarget {
  fuid: string;
  name: string;
  /** 0: never saved — privacy cannot change yet. */
  version: number;
  privacy: DiagramPrivacy;
}

type Role = Share['role'];
type LinkAccess = DiagramPrivacy['linkAccess'];

export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', editor: 'Editor', none: 'No access' };
const LINK_LABELS: Record<LinkAccess, string> = { none: 'No access', view: 'Can view', edit: 'Can edit' };
const OPTION_LABELS: Record<DiagramPrivacy['option'], string> = {
  'only-me': 'Only me',
  'specific-people': 'Specific people',
  link: 'Anyone with the link',
  public: 'Public on community',
  combined: 'Combined',
};

/** The privacy option as the dialog shows it, from the switches and the people list. */
export function privacyOption(
  linkAccess: LinkAccess,
  community: boolean,
  shares: Pick<Share, 'role'>[],
): { option: DiagramPrivacy['option']; parts: string[] } {
  const people = shares.some((s) => s.role !== 'none');
  const parts = [
    people ? 'specific people' : null,
    linkAccess !== 'none' ? `anyone with the link (${linkAccess === 'edit' ? 'can edit' : 'can view'})` : null,
    community ? 'public on community' : null,
  ].filter((p): p is string => p !== null);
  const option: DiagramPrivacy['option'] =
    parts.length === 0
      ? 'only-me'
      : parts.length > 1
        ? 'combined'
        : people
          ? 'specific-people'
          : community
            ? 'public'
            : 'link';
  return { option, parts };
}

/** The spec's share networks (Discord has no share page: its button copies the URL). */
function shareNetworks(url: string, name: string): { name: string; url: string }[] {
  const u = encodeURIComponent(url);
  return [
    { name: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Twitter', url: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(name)}` },
    { name: 'LinkedIn', url: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Share dialog (owner only), from the editor's header and the diagram list's row menu:
 * people by e-mail (Viewer / Editor / No access), anyone with the link (view / edit, copy link),
 * public on community (public URL and the share thumbnail), and their combinations.
 */
export function ShareDialog({
  diagram,
  onClose,
  onChange,
}: {
  diagram: ShareTarget;
  onClose: () => void;
  onChange?: (changes: Partial<ShareTarget>) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(diagram.name);
  const [privacy, setPrivacy] = useState(diagram.privacy);
  const [shares, setShares] = useState<Share[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const named = name.trim() !== '' && name !== DIAGRAM_DEFAULT_NAME;
  const saved = diagram.version >= 1;

  useEffect(() => {
    let live = true;
    sharingApi.shares(diagram.fuid).then(
      (list) => live && setShares(list),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [diagram.fuid]);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const changePrivacy = (body: { linkAccess?: LinkAccess; community?: boolean }) =>
    run(async () => {
      const next = await sharingApi.setPrivacy(diagram.fuid, body);
      setPrivacy(next);
      onChange?.({ privacy: next });
    });
  const peopleChanged = (list: Share[]) => {
    setShares(list);
    const specificPeople = list.some((s) => s.role !== 'none');
    const next = {
      ...privacy,
      specificPeople,
      option: privacyOption(privacy.linkAccess, privacy.community, list).option,
    };
    setPrivacy(next);
    onChange?.({ privacy: next });
  };

  const summary = privacyOption(
    privacy.linkAccess,
    privacy.community,
    shares ?? (privacy.specificPeople ? [{ role: 'viewer' }] : []),
  );
  // In the team folder: the team is who can open it, besides any other way it is shared.
  const teamSharing = useTeamSharing(diagram.fuid);
  const sharedTeam = teamSharing.state?.shared ? teamSharing.state.team : null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const link = `${origin}/diagrams/${diagram.fuid}`;
  const publicUrl = `${origin}/open-public/${diagram.fuid}`;

  return (
    <Modal onClose={onClose} labelledBy={titleId} className="share-dialog">
      <header className="share-dialog__head">
        <h2 id={titleId}>Share “{name}”</h2>
        <button type="button" className="share-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="share-dialog__body">
        <p className="share-dialog__summary" data-testid="privacy-summary">
          {sharedTeam ? (
            <>
              Who can open it: <strong>{TeamTexts.teamShared}</strong> (
              {[`anyone in ${sharedTeam.name} can edit; it is in the Team folder`, ...summary.parts].join(', ')})
            </>
          ) : (
            <>
              Who can open it: <strong>{OPTION_LABELS[summary.option]}</strong>
              {summary.option === 'combined' ? ` (${summary.parts.join(', ')})` : null}
            </>
          )}
        </p>
        {error ? <FormMessage>{error}</FormMessage> : null}
        {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
        {!saved ? <FormMessage kind="warning">{DiagramTexts.notSavedPrivacy}</FormMessage> : null}

        <section className="share-dialog__section" aria-labelledby={`${titleId}-people`}>
          <h3 id={`${titleId}-people`}>Specific people</h3>
          {named ? null : (
            <NameFirst
              fuid={diagram.fuid}
              onNamed={(n) => {
                setName(n);
                onChange?.({ name: n });
              }}
            />
          )}
          <InviteForm
            fuid={diagram.fuid}
            disabled={!named || !saved}
            shares={shares ?? []}
            onInvited={(share, email) => {
              peopleChanged([...(shares ?? []), share]);
              setNotice(
                share.role === 'none'
                  ? `${email} has no access to this diagram`
                  : `Shared with ${email} as ${ROLE_LABELS[share.role]}`,
              );
            }}
          />
          {shares === null ? (
            <p role="status">Loading the people…</p>
          ) : shares.length === 0 ? (
            <p className="muted">Not shared with anyone yet.</p>
          ) : (
            <ul className="share-dialog__people" aria-label="People with access">
              {shares.map((s) => (
                <li key={s.id}>
                  <span className="share-dialog__person">
                    {s.user ? <strong>{s.user.name || s.user.username}</strong> : null}
                    <span>{s.email}</span>
                    {s.user ? null : <span className="muted">invited, no account yet</span>}
                  </span>
                  <select
                    aria-label={`Permission of ${s.email}`}
                    value={s.role}
                    onChange={(e) =>
                      void run(async () => {
                        const updated = await sharingApi.setRole(diagram.fuid, s.id, { role: e.target.value as Role });
                        peopleChanged(shares.map((x) => (x.id === s.id ? updated : x)));
                      })
                    }
                  >
                    {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="share-dialog__remove"
                    aria-label={`Stop sharing with ${s.email}`}
                    onClick={() =>
                      void run(async () => {
                        await sharingApi.unshare(diagram.fuid, s.id);
                        peopleChanged(shares.filter((x) => x.id !== s.id));
                      })
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        {/* Shared with team: anyone in the team can edit (shown when the owner is in a team). */}
        <TeamShareControl sharing={teamSharing} />

        <section className="share-dialog__section" aria-labelledby={`${titleId}-link`}>
          <h3 id={`${titleId}-link`}>Anyone with the link</h3>
          <div className="share-dialog__row">
            <select
              aria-label="Link access"
              value={privacy.linkAccess}
              disabled={!saved}
              onChange={(e) => void changePrivacy({ linkAccess: e.target.value as LinkAccess })}
            >
              {(Object.keys(LINK_LABELS) as LinkAccess[]).map((a) => (
                <option key={a} value={a}>
                  {LINK_LABELS[a]}
                </option>
              ))}
            </select>
            <input
              className="acc-input share-dialog__url"
              readOnly
              value={link}
              aria-label="Diagram link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                void copyText(link).then((ok) => setNotice(ok ? 'Link copied' : 'Select the link and copy it'))
              }
            >
              Copy link
            </button>
          </div>
          <p className="muted">
            {privacy.linkAccess === 'none'
              ? 'Only the people above can open the link.'
              : privacy.linkAccess === 'edit'
                ? 'Anyone with the link can open it; logged-in people can edit it.'
                : 'Anyone with the link can open it and run it, without changing it.'}
          </p>
        </section>

        <section className="share-dialog__section" aria-labelledby={`${titleId}-community`}>
          <h3 id={`${titleId}-community`}>Public on community</h3>
          <label className="share-dialog__check">
            <input
              type="checkbox"
              checked={privacy.community}
              disabled={!saved}
              onChange={(e) => void changePrivacy({ community: e.target.checked })}
            />
            Publish to the community: anyone can find, view, run and copy it, also without an account
          </label>
          {privacy.community ? (
            <div className="share-dialog__public">
              <img
                src={`/share-thumbnail/${diagram.fuid}/medium/png?v=${diagram.version}`}
                alt={`Share preview of ${name}`}
                width={320}
                height={168}
              />
              <div>
                <div className="share-dialog__row">
                  <input
                    className="acc-input share-dialog__url"
                    readOnly
                    value={publicUrl}
                    aria-label="Public URL"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() =>
                      void copyText(publicUrl).then((ok) =>
                        setNotice(ok ? 'Public URL copied' : 'Select the URL and copy it'),
                      )
                    }
                  >
                    Copy URL
                  </button>
                </div>
                <p>
                  <a href={publicUrl} target="_blank" rel="noreferrer">
                    Open the community page
                  </a>
                </p>
                <p className="share-dialog__networks" aria-label="Share on">
                  Share on{' '}
                  {shareNetworks(publicUrl, name).map((n) => (
                    <a key={n.name} href={n.url} target="_blank" rel="noreferrer">
                      {n.name}
                    </a>
                  ))}
                  <button
                    type="button"
                    className="share-dialog__link-button"
                    onClick={() =>
                      void copyText(publicUrl).then((ok) =>
                        setNotice(ok ? 'Public URL copied: paste it in Discord' : 'Select the URL and copy it'),
                      )
                    }
                  >
                    Discord
                  </button>
                </p>
              </div>
            </div>
          ) : null}
        </section>
      </div>
    </Modal>
  );
}

/** Sharing needs a name: the spec's rule, with the name field right here. */
function NameFirst({ fuid, onNamed }: { fuid: string; onNamed: (name: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="share-dialog__name"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim() || value.trim() === DIAGRAM_DEFAULT_NAME) return setError(DiagramTexts.nameFirst);
        api.diagram.update({ params: { fuid }, body: { name: value.trim() } }).then(
          (r) => onNamed(r.diagram.name),
          (err) => setError(errorMessage(err)),
        );
      }}
    >
      <FormMessage kind="warning">{DiagramTexts.nameFirst}</FormMessage>
      <div className="share-dialog__row">
        <TextField
          label="File name"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error ?? undefined}
        />
        <button type="submit" className="button button--ghost">
          Save the name
        </button>
      </div>
    </form>
  );
}

function InviteForm({
  fuid,
  disabled,
  shares,
  onInvited,
}: {
  fuid: string;
  disabled: boolean;
  shares: Share[];
  onInvited: (share: Share, email: string) => void;
}) {
  const form = useContractForm(createShareBodySchema, { email: '', role: 'viewer' }, (values) =>
    // One permission per e-mail: a person already on the list is changed there, not invited again.
    shares.some((s) => s.email === values.email.trim().toLowerCase())
      ? [{ field: 'email', message: DiagramTexts.alreadyShared }]
      : [],
  );
  return (
    <form
      className="share-dialog__invite"
      noValidate
      aria-label="Invite people"
      onSubmit={form.submitWith(async (data) => {
        const share = await sharingApi.share(fuid, data);
        form.reset({ email: '', role: data.role });
        onInvited(share, data.email);
      })}
    >
      <fieldset disabled={disabled}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          {...form.field('email')}
        />
        <Field label="Permission">
          {(aria) => (
            <select className="acc-input acc-input--select" {...aria} {...form.register('role')}>
              {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={form.submitting}>
          Invite
        </button>
      </fieldset>
      <FormMessage>{form.formError}</FormMessage>
    </form>
  );
}
