import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

/** Likes, follows and hiring designers (website.md §4, §6; app.md §4, §5). */
export const SocialTexts = {
  likeSourceAction: 'like this diagram',
  followSourceAction: 'follow this user',
  forkSourceAction: 'fork this diagram',
  hireSourceAction: 'contact this designer',
  hireTitle: 'Hire designer',
  hireLead: 'Tell the designer about your project. They will answer you by e-mail.',
  nameRequired: 'Please enter your name',
  emailInvalid: 'Please insert a valid email address',
  messageRequired: 'Please enter a message',
  hireSent: 'Your message was sent to the designer.',
  hireError: 'Hire designer error',
  likedNotice: '{person} liked your diagram "{name}"',
  followedNotice: '{person} started following you',
  availableForHire: 'Available for hire',
  availableForHireHint:
    'Show a Hire button on your community profile and list you under Designers for hire. Messages reach you by e-mail; your address is never shown.',
} as const;

const fuidParams = z.object({ fuid: z.string().regex(/^[A-Za-z0-9]{16}$/) });
const usernameParams = z.object({ username: z.string().min(1).max(80) });

export const likeStateSchema = z
  .object({ fuid: z.string(), liked: z.boolean(), likeCount: z.number().int() })
  .meta({ id: 'LikeState' });
export const followStateSchema = z
  .object({ username: z.string(), isFollowed: z.boolean(), followerCount: z.number().int() })
  .meta({ id: 'FollowState' });

export const socialStateQuerySchema = z.object({
  /** Comma-joined diagram fuids. */
  fuids: z.string().max(2000).optional(),
  /** Comma-joined usernames. */
  usernames: z.string().max(2000).optional(),
});
export const socialStateSchema = z.object({
  /** Of the fuids asked for: the ones the caller likes (likedByAuthenticatedUser). */
  liked: z.array(z.string()),
  /** Of the usernames asked for: the ones the caller follows (isFollowed). */
  followed: z.array(z.string()),
  likeCounts: z.record(z.string(), z.number().int()),
  followerCounts: z.record(z.string(), z.number().int()),
  /** Per fuid: the people who saved a version of it (shown on cards). */
  contributors: z.record(z.string(), z.array(z.object({ username: z.string(), name: z.string() }))),
  /** Of the usernames asked for: the designers available for hire. */
  forHire: z.array(z.string()),
});

export const connectionSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    followerCount: z.number().int(),
    publicDiagramCount: z.number().int(),
  })
  .meta({ id: 'Connection' });
export const connectionsQuerySchema = z.object({ username: z.string().min(1).max(80) });

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
export const hireBodySchema = z
  .object({
    /** The designer's username. */
    username: z.string().min(1).max(80),
    name: z.string({ error: SocialTexts.nameRequired }).trim().min(1, SocialTexts.nameRequired).max(120),
    email: z.string({ error: SocialTexts.emailInvalid }).trim().pipe(z.email(SocialTexts.emailInvalid)),
    company: optionalText(200),
    project: optionalText(200),
    message: z.string({ error: SocialTexts.messageRequired }).trim().min(1, SocialTexts.messageRequired).max(5000),
    sendCopy: z.boolean().optional().default(false),
  })
  .meta({ id: 'HireDesignerForm' });
export type HireDesignerForm = z.infer<typeof hireBodySchema>;

export const availableForHireBodySchema = z.object({ availableForHire: z.boolean() });

const tag = 'community';
export const socialEndpoints = {
  like: defineEndpoint({
    method: 'PUT',
    path: '/community/diagrams/:fuid/like',
    summary: 'Like a diagram (idempotent; likeCount +1 once)',
    tag,
    params: fuidParams,
    responses: { 200: envelope(likeStateSchema) },
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/community/diagrams/:fuid/like',
    summary: 'Unlike a diagram (idempotent; likeCount -1 once)',
    tag,
    params: fuidParams,
    responses: { 200: envelope(likeStateSchema) },
  }),
  follow: defineEndpoint({
    method: 'PUT',
    path: '/community/user/connections/:username',
    summary: 'Follow a designer (idempotent; followerCount +1 once)',
    tag,
    params: usernameParams,
    responses: { 200: envelope(followStateSchema) },
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/community/user/connections/:username',
    summary: 'Unfollow a designer',
    tag,
    params: usernameParams,
    responses: { 200: envelope(followStateSchema) },
  }),
  connections: defineEndpoint({
    method: 'GET',
    path: '/community/user/connections',
    summary: "A designer's following and followers",
    tag,
    public: true,
    query: connectionsQuerySchema,
    responses: {
      200: envelope(z.object({ following: z.array(connectionSchema), followers: z.array(connectionSchema) })),
    },
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/community/social-state',
    summary: 'For the caller: which of these diagrams they like and designers they follow, with current counts',
    tag,
    public: true,
    query: socialStateQuerySchema,
    responses: { 200: envelope(socialStateSchema) },
  }),
  hire: defineEndpoint({
    method: 'POST',
    path: '/community/user/hire',
    summary: 'Send a designer for hire a message by e-mail (reply-to is the sender)',
    tag,
    public: true,
    body: hireBodySchema,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  availableForHire: defineEndpoint({
    method: 'PUT',
    path: '/community/user/available-for-hire',
    summary: 'Profile setting: available for hire',
    tag,
    body: availableForHireBodySchema,
    responses: { 200: envelope(z.object({ availableForHire: z.boolean() })) },
  }),
};

export type LikeState = z.infer<typeof likeStateSchema>;
export type FollowState = z.infer<typeof followStateSchema>;
export type SocialState = z.infer<typeof socialStateSchema>;
export type Connection = z.infer<typeof connectionSchema>;
