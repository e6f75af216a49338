import type { AuthenticatedUser } from '@loopwright/contracts';
import { displayName } from './session';

/** Default avatar size 124 (spec); the header profile card uses 64. */
export const DEFAULT_AVATAR_SIZE = 124;
export const CARD_AVATAR_SIZE = 64;

/** "Ada Balance" → AB; "newcomer-054077ec@example.test" → N (words that start with a letter only). */
function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._+-]+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return '?';
  return (words.length > 1 ? words[0][0] + words[1][0] : words[0][0]).toUpperCase();
}

type AvatarUser = Pick<AuthenticatedUser, 'avatarUrl' | 'fullName' | 'name' | 'username' | 'email'>;

/** The user's photo, or their initials on the primary colour. Decorative unless `label` is given. */
export function Avatar({
  user,
  size = DEFAULT_AVATAR_SIZE,
  label,
}: {
  user: AvatarUser;
  size?: number;
  label?: string;
}) {
  const name = displayName(user);
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.38)) };
  if (user.avatarUrl) {
    return (
      <img className="acc-avatar" src={user.avatarUrl} alt={label ?? ''} width={size} height={size} style={style} />
    );
  }
  return (
    <span
      className="acc-avatar acc-avatar--initials"
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {initials(name)}
    </span>
  );
}

export function AvatarSkeleton({ size = 36 }: { size?: number }) {
  return (
    <span
      className="acc-avatar acc-avatar--skeleton"
      style={{ width: size, height: size }}
      role="status"
      aria-label="Loading your account"
    />
  );
}
