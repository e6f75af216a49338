import { z } from 'zod';
import { AuthTexts, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './auth-texts.js';
import { ANY_MEDIA_TYPE, defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AuthTexts.emailInvalid }));
export const passwordSchema = z
  .string({ message: AuthTexts.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AuthTexts.passwordTooShort)
  .max(200);
export const usernameSchema = z
  .string()
  .trim()
  .min(2, 'Username must contain at least 2 characters')
  .max(40)
  .regex(USERNAME_PATTERN, AuthTexts.usernameInvalid);

/** A path on this site (never another host): `/diagrams/abc`, not `//evil.test` or `https://…`. */
export const returnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Not a path of this site');

const matching = <T extends { password: string; confirmPassword?: string }>(body: T) =>
  body.confirmPassword === undefined || body.confirmPassword === body.password;
const mismatch = { message: AuthTexts.passwordsMismatch, path: ['confirmPassword'] };

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    acceptTerms: z.boolean().optional(),
    captchaToken: z.string().optional(),
    /** Where the confirmation link leads after logging in (a path of this site, e.g. a diagram shared with the new account). */
    returnTo: returnToSchema.optional(),
  })
  .refine(matching, mismatch);

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AuthTexts.passwordTooShort).max(200),
  /** Needed only after many failed logins on the account, from a device not used before (when reCAPTCHA is configured). */
  captchaToken: z.string().max(4000).optional(),
});
export const emailBodySchema = z.object({ email: emailSchema });
export const tokenQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(10).max(200), password: passwordSchema, confirmPassword: z.string() })
  .refine(matching, mismatch);
export const changePasswordBodySchema = z
  .object({ oldPassword: z.string().max(200).optional(), password: passwordSchema, confirmPassword: z.string() })
  .refine(matching, mismatch);
export const refreshBodySchema = z.object({ refreshToken: z.string().optional() });

export const socialsSchema = z.object({
  linkedin: z.string().max(300).optional(),
  facebook: z.string().max(300).optional(),
  discord: z.string().max(300).optional(),
  twitter: z.string().max(300).optional(),
});
export const gameSchema = z.object({
  name: z.string().trim().min(1, AuthTexts.fieldRequired).max(120),
  website: z.string().max(300).optional(),
  storeLink: z.string().max(300).optional(),
});

/** A web address typed into the profile: empty, or an http(s) URL with a host. */
export const WEB_ADDRESS_MESSAGE = 'Please enter a valid web address, starting with https://';
export function isWebAddress(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
const webAddress = z.string().trim().max(300).refine(isWebAddress, WEB_ADDRESS_MESSAGE);
/** What the profile form sends: the same fields as the stored ones, each checked as a web address. */
/** Discord is a username (the form asks for one), the others are web addresses. */
export const socialsInputSchema = socialsSchema.extend({
  linkedin: webAddress.optional(),
  facebook: webAddress.optional(),
  twitter: webAddress.optional(),
});
export const gameInputSchema = gameSchema.extend({ website: webAddress.optional(), storeLink: webAddress.optional() });

/** The authenticated user as the spec names its fields. */
export const authenticatedUserSchema = z
  .object({
    id: z.string(),
    username: z.string().nullable(),
    name: z.string(),
    fullName: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    user_hash: z.string(),
    role: z.enum(['user', 'admin']),
    subscriptionPlan: z.number().int(),
    trialUsed: z.boolean(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    location: z.object({
      city: z.string().nullable(),
      country: z.string().nullable(),
      countryCode: z.string().nullable(),
    }),
    avatarUrl: z.string().nullable(),
    coverPhotoUrl: z.string().nullable(),
    bio: z.string().nullable(),
    about: z.string().nullable(),
    socials: socialsSchema,
    games: z.array(gameSchema),
    publicDiagramCount: z.number().int(),
    followerCount: z.number().int(),
    isPrivateAccount: z.boolean(),
    /** Community profile setting: listed under Designers for hire with a Hire button. */
    availableForHire: z.boolean(),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    onboarded: z.boolean(),
    emailConfirmed: z.boolean(),
  })
  .meta({ id: 'AuthenticatedUser' });
export type AuthenticatedUser = z.infer<typeof authenticatedUserSchema>;

export const profileBodySchema = z.object({
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  jobTitle: z.string().trim().max(120).optional(),
  company: z.string().trim().max(120).optional(),
  city: z.string().trim().max(120).optional(),
  country: z.string().trim().max(120).optional(),
  countryCode: z.string().trim().max(2).optional(),
  about: z.string().trim().max(4000).optional(),
  bio: z.string().trim().max(300).optional(),
  games: z.array(gameInputSchema).max(20).optional(),
  socials: socialsInputSchema.optional(),
});

export const onboardingBodySchema = z.object({
  username: usernameSchema,
  company: z.string().trim().max(120).optional(),
  privatePhone: z.string().trim().max(40).optional(),
  userRole: z.string().trim().max(80).optional(),
  designFocus: z.string().trim().max(200).optional(),
  developmentStage: z.string().trim().max(80).optional(),
  school: z.string().trim().max(160).optional(),
  projectDescription: z.string().trim().max(2000).optional(),
  jobTitle: z.string().trim().max(120).optional(),
  companySize: z.string().trim().max(40).optional(),
  newsletter: z.boolean().optional(),
});

/** confirmIrreversible: a Free account going public says yes to "not reversible" (plans issue). */
export const privacyBodySchema = z.object({
  isPrivateAccount: z.boolean(),
  confirmIrreversible: z.boolean().optional(),
});
export const sessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export const apiKeySummarySchema = z.object({
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const okSchema = z.object({ message: z.string() });
const userEnvelope = envelope(z.object({ user: authenticatedUserSchema }));
const messageEnvelope = envelope(okSchema);
const idParams = z.object({ id: z.string().uuid() });

const auth = 'auth';
export const authEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/oauth2/register',
    summary: 'Register with e-mail and password',
    tag: auth,
    public: true,
    body: registerBodySchema,
    responses: { 201: envelope(z.object({ segmentData: z.object({ email: z.string(), method: z.string() }) })) },
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/oauth2/confirm-email',
    summary: 'Confirm an e-mail address with the mailed token',
    tag: auth,
    public: true,
    body: tokenQuerySchema,
    responses: { 200: messageEnvelope },
  }),
  resendConfirmation: defineEndpoint({
    method: 'POST',
    path: '/oauth2/resend-confirmation',
    summary: 'Send a new confirmation link',
    tag: auth,
    public: true,
    body: emailBodySchema,
    responses: { 200: messageEnvelope },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/oauth2/login',
    summary: 'Log in; sets the session cookies',
    tag: auth,
    public: true,
    body: loginBodySchema,
    responses: { 200: userEnvelope },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/oauth2/logout',
    summary: 'Log out this session',
    tag: auth,
    public: true,
    responses: { 200: messageEnvelope },
  }),
  userinfo: defineEndpoint({
    method: 'GET',
    path: '/oauth2/userinfo',
    summary: 'The logged-in user',
    tag: auth,
    responses: { 200: userEnvelope },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/oauth2/refresh',
    summary: 'Rotate the refresh token and renew the access token',
    tag: auth,
    public: true,
    body: refreshBodySchema,
    responses: { 200: envelope(z.object({ accessTokenExpiresAt: z.string() })) },
  }),
  recoverPassword: defineEndpoint({
    method: 'POST',
    path: '/oauth2/password/recover',
    summary: 'Mail a password reset link',
    tag: auth,
    public: true,
    body: emailBodySchema,
    responses: { 200: messageEnvelope },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/oauth2/password/reset',
    summary: 'Set a new password with the mailed token',
    tag: auth,
    public: true,
    body: resetPasswordBodySchema,
    responses: { 200: messageEnvelope },
  }),
  unlockAccount: defineEndpoint({
    method: 'POST',
    path: '/oauth2/unlock',
    summary: 'Lift a login lock-out with the mailed unlock link; this browser becomes a known device',
    tag: auth,
    public: true,
    body: tokenQuerySchema,
    responses: { 200: messageEnvelope },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/oauth2/password/change',
    summary: 'Change the password; other sessions are logged out',
    tag: auth,
    body: changePasswordBodySchema,
    responses: { 200: messageEnvelope },
  }),
  googleStart: defineEndpoint({
    method: 'GET',
    path: '/oauth2/google/start',
    summary: 'Start signing in with Google (redirects to Google)',
    tag: auth,
    public: true,
    query: z.object({ returnTo: z.string().max(500).optional() }),
    produces: 'text/html',
    responses: { 302: null },
  }),
  googleCallback: defineEndpoint({
    method: 'GET',
    path: '/oauth2/google/callback',
    summary: 'Google sends the browser back here; sets the session cookies and redirects',
    tag: auth,
    public: true,
    query: z.object({
      code: z.string().max(2000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
    }),
    produces: 'text/html',
    responses: { 302: null },
  }),
  clientConfig: defineEndpoint({
    method: 'GET',
    path: '/oauth2/config',
    summary: 'Which sign-in options this instance offers (Google, captcha site key)',
    tag: auth,
    public: true,
    responses: { 200: envelope(z.object({ googleSignIn: z.boolean(), recaptchaSiteKey: z.string().nullable() })) },
  }),
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/sessions',
    summary: 'Active sessions of the logged-in user',
    tag: auth,
    responses: { 200: envelope(z.object({ sessions: z.array(sessionSchema) })) },
  }),
  revokeSession: defineEndpoint({
    method: 'DELETE',
    path: '/sessions/:id',
    summary: 'Log a session out',
    tag: auth,
    params: idParams,
    responses: { 200: messageEnvelope },
  }),
};

const users = 'users';
export const userEndpoints = {
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: '/users/me/profile',
    summary: 'Update my profile',
    tag: users,
    body: profileBodySchema,
    responses: { 200: userEnvelope },
  }),
  completeOnboarding: defineEndpoint({
    method: 'POST',
    path: '/users/me/onboarding',
    summary: 'Choose a community username and answer the onboarding questions',
    tag: users,
    body: onboardingBodySchema,
    responses: { 200: userEnvelope },
  }),
  usernameAvailable: defineEndpoint({
    method: 'GET',
    path: '/users/username-available',
    summary: 'Whether a community username is free',
    tag: users,
    public: true,
    query: z.object({ username: usernameSchema }),
    responses: { 200: envelope(z.object({ available: z.boolean() })) },
  }),
  setPrivacy: defineEndpoint({
    method: 'PATCH',
    path: '/users/me/privacy',
    summary: 'Make my community profile public or private',
    tag: users,
    body: privacyBodySchema,
    responses: { 200: userEnvelope },
  }),
  uploadImage: defineEndpoint({
    method: 'PUT',
    path: '/users/me/images/:kind',
    summary: 'Upload my avatar or cover photo (raw image body, at most 500 KB)',
    tag: users,
    consumes: [ANY_MEDIA_TYPE],
    params: z.object({ kind: z.enum(['avatar', 'cover']) }),
    responses: { 200: userEnvelope },
  }),
  deleteImage: defineEndpoint({
    method: 'DELETE',
    path: '/users/me/images/:kind',
    summary: 'Remove my avatar or cover photo',
    tag: users,
    params: z.object({ kind: z.enum(['avatar', 'cover']) }),
    responses: { 200: userEnvelope },
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/users/:id/images/:kind',
    summary: 'A user’s avatar or cover photo',
    tag: users,
    public: true,
    params: z.object({ id: z.string().uuid(), kind: z.enum(['avatar', 'cover']) }),
    produces: 'image/*',
    responses: { 200: null },
  }),
  getApiKey: defineEndpoint({
    method: 'GET',
    path: '/users/me/api-key',
    summary: 'My API key (prefix only)',
    tag: users,
    responses: { 200: envelope(z.object({ key: apiKeySummarySchema.nullable() })) },
  }),
  createApiKey: defineEndpoint({
    method: 'POST',
    path: '/users/me/api-key',
    summary: 'Create or regenerate my API key; the key is shown only in this answer',
    tag: users,
    responses: { 201: envelope(z.object({ key: z.string(), summary: apiKeySummarySchema })) },
  }),
  revokeApiKey: defineEndpoint({
    method: 'DELETE',
    path: '/users/me/api-key',
    summary: 'Revoke my API key',
    tag: users,
    responses: { 200: messageEnvelope },
  }),
};
