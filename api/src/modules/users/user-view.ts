import { createHmac } from 'node:crypto';
import type { AuthenticatedUser } from '@loopwright/contracts';
import type { UserRecord } from './users.repository.js';

function imageUrl(user: UserRecord, kind: 'avatar' | 'cover'): string | null {
  const image = user.images.find((i) => i.kind === kind);
  return image ? `/api/users/${user.id}/images/${kind}?v=${image.updatedAt.getTime()}` : null;
}

/** The authenticated user as the API shows it to that user. */
export function toAuthenticatedUser(user: UserRecord, userHashKey: Buffer): AuthenticatedUser {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    id: user.id,
    username: user.username,
    name: fullName || user.username || '',
    fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    user_hash: createHmac('sha256', userHashKey).update(user.id).digest('hex'),
    role: user.role,
    subscriptionPlan: user.subscriptionPlan,
    trialUsed: user.trialUsed,
    jobTitle: user.jobTitle,
    company: user.company,
    location: { city: user.city, country: user.country, countryCode: user.countryCode },
    avatarUrl: imageUrl(user, 'avatar'),
    coverPhotoUrl: imageUrl(user, 'cover'),
    bio: user.bio,
    about: user.about,
    socials: (user.socials ?? {}) as AuthenticatedUser['socials'],
    games: (user.games ?? []) as AuthenticatedUser['games'],
    publicDiagramCount: user.publicDiagramCount,
    followerCount: user.followerCount,
    isPrivateAccount: user.isPrivateAccount,
    availableForHire: user.availableForHire,
    hasPassword: !!user.passwordHash,
    googleLinked: !!user.googleSubject,
    onboarded: !!user.username,
    emailConfirmed: !!user.emailConfirmedAt,
  };
}
