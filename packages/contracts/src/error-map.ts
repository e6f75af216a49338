import { AuthTexts } from './auth-texts.js';
import { BillingTexts } from './billing-texts.js';
import { DiagramTexts } from './diagrams-texts.js';
import { DriveTexts } from './drive-texts.js';
import { CommentTexts } from './comments-texts.js';
import { ProposalTexts } from './proposals-texts.js';
import { LibraryTexts } from './library-texts.js';
import { RequestTexts } from './request-texts.js';
import { SsoTexts } from './sso-texts.js';
import { TeamTexts } from './teams-texts.js';

/**
 * Every error code the API answers with: its HTTP status and its text (the spec's, word for word,
 * where it gives one). Closed: a throw site names a code from here and nothing else; it may pass
 * details, and a message only where the text depends on the situation.
 * Codes are SCREAMING_SNAKE with a domain prefix.
 */
export const errorMap = {
  // request and platform
  VALIDATION_FAILED: { status: 400, text: 'Some fields are not valid' },
  NOT_FOUND: { status: 404, text: 'Not found' },
  WEBHOOK_NOT_FOUND: { status: 404, text: 'This webhook does not exist' },
  WEBHOOK_URL_REFUSED: {
    status: 400,
    text: 'Webhooks cannot be sent to private or loopback addresses on this server',
  },
  ROUTE_NOT_FOUND: { status: 404, text: 'This API route does not exist' },
  CONFLICT: { status: 409, text: 'This changed in the meantime. Please reload and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, text: 'The request body is too large' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, text: RequestTexts.headersTooLarge },
  RATE_LIMITED: { status: 429, text: 'Too many attempts. Please wait a moment and try again.' },
  INTERNAL: { status: 500, text: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, text: 'The service is not available right now. Please try again in a moment.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, text: RequestTexts.unsupportedMediaType },
  REQUEST_FORBIDDEN_ORIGIN: { status: 403, text: RequestTexts.crossSite },
  DATABASE_UNAVAILABLE: { status: 503, text: RequestTexts.databaseUnavailable },
  STORAGE_FULL: { status: 503, text: RequestTexts.storageFull },
  REQUEST_TIMEOUT: { status: 504, text: RequestTexts.timeout },
  // accounts
  AUTH_REQUIRED: { status: 401, text: 'You need to log in to do that' },
  AUTH_FORBIDDEN: { status: 403, text: 'You are not allowed to do that' },
  AUTH_INVALID_CREDENTIALS: { status: 401, text: AuthTexts.wrongCredentials },
  AUTH_API_KEY_INVALID: { status: 401, text: AuthTexts.apiKeyInvalid },
  AUTH_EMAIL_NOT_CONFIRMED: { status: 403, text: AuthTexts.emailNotConfirmed },
  AUTH_ACCOUNT_LOCKED: { status: 429, text: AuthTexts.accountLocked },
  AUTH_CAPTCHA_REQUIRED: { status: 400, text: AuthTexts.captchaNotChecked },
  AUTH_CAPTCHA_FAILED: { status: 400, text: AuthTexts.captchaNotChecked },
  AUTH_TOKEN_EXPIRED: { status: 400, text: AuthTexts.verificationTokenExpired },
  AUTH_TOKEN_INVALID: { status: 400, text: 'This link is not valid. It may have been used already.' },
  USER_USERNAME_TAKEN: { status: 409, text: AuthTexts.usernameTaken },
  USER_PHOTO_MISSING: { status: 400, text: AuthTexts.photoMissing },
  USER_PHOTO_WRONG_TYPE: { status: 415, text: AuthTexts.photoWrongType },
  USER_PHOTO_TOO_BIG: { status: 413, text: AuthTexts.photoTooBig },
  ADMIN_ALREADY_EXISTS: { status: 409, text: AuthTexts.adminExists },
  AUTH_ACCOUNT_DISABLED: { status: 403, text: AuthTexts.accountDisabled },
  ADMIN_USER_ALREADY_CONFIRMED: { status: 409, text: 'This account is already confirmed.' },
  ADMIN_USER_NO_PASSWORD: {
    status: 409,
    text: 'This account signs in with Google and needs no confirmation e-mail: confirm the account instead.',
  },
  ADMIN_CANNOT_DISABLE_SELF: { status: 409, text: AuthTexts.adminCannotDisableSelf },
  ADMIN_CANNOT_DELETE_SELF: { status: 409, text: AuthTexts.adminCannotDeleteSelf },
  ADMIN_LAST_ADMIN: { status: 409, text: AuthTexts.adminLastAdmin },
  MAIL_TEST_FAILED: { status: 400, text: 'The mail server refused the test message' },
  MAIL_SETTINGS_UNVERIFIED: { status: 400, text: 'Could not connect to the mail server' },
  SSO_SETTINGS_UNVERIFIED: { status: 400, text: SsoTexts.settingsUnverified },
  AUTH_SSO_REQUIRED: { status: 403, text: SsoTexts.passwordLoginOff },
  // website content
  PAGE_NOT_FOUND: { status: 404, text: 'Page not found' },
  POST_NOT_FOUND: { status: 404, text: 'Page not found' },
  DOC_NOT_FOUND: { status: 404, text: 'Page not found' },
  ACADEMY_NOT_FOUND: { status: 404, text: 'Page not found' },
  // workspaces, plans
  WORKSPACE_NOT_FOUND: { status: 404, text: 'Workspace not found' },
  WORKSPACE_FORBIDDEN: { status: 403, text: 'Only the owner of this workspace can do that' },
  PLAN_LIMIT_REACHED: { status: 402, text: DiagramTexts.stepsLimit },
  // plans: the texts are in plans.ts (PlanTexts)
  PLAN_NOT_FOUND: { status: 404, text: 'Plan not found' },
  PLAN_TRIAL_USED: { status: 409, text: 'You have already used your free trial' },
  PLAN_TRIAL_NOT_AVAILABLE: { status: 409, text: 'This plan has no free trial' },
  PLAN_ALREADY_PAID: { status: 409, text: 'You already have a paid plan' },
  PLAN_BILLING_DISABLED: { status: 409, text: 'Billing is off on this self-hosted instance' },
  PLAN_MEMBER_CANNOT_MANAGE: {
    status: 403,
    text: 'Team members cannot change the payment plan. Please contact the admin or owner of your team.',
  },
  PLAN_PRIVATE_REQUIRES_PAID: { status: 402, text: 'Private accounts need a paid plan' },
  PLAN_PUBLIC_CONFIRMATION_REQUIRED: { status: 409, text: 'Switching a Free account to public is not reversible.' },
  ACADEMIA_ALREADY_APPLIED: { status: 409, text: 'You already have an Academia application waiting for review' },
  ACADEMIA_NOT_FOUND: { status: 404, text: 'Academia application not found' },
  ACADEMIA_NOT_APPROVED: { status: 409, text: 'This Academia application is not approved' },
  // diagrams
  DIAGRAM_NOT_FOUND: { status: 404, text: DiagramTexts.notFound },
  DIAGRAM_FORBIDDEN: { status: 403, text: 'You can only view this diagram' },
  DIAGRAM_VERSION_CONFLICT: { status: 409, text: DiagramTexts.versionConflict },
  DIAGRAM_EMPTY: { status: 400, text: DiagramTexts.emptyGraph },
  DIAGRAM_INVALID: { status: 400, text: DiagramTexts.invalidDocument },
  DIAGRAM_NOT_SAVED: { status: 409, text: DiagramTexts.notSavedPlay },
  DIAGRAM_COPY_UNAVAILABLE: { status: 404, text: DiagramTexts.copyUnavailable },
  DIAGRAM_LIMIT_REACHED: { status: 403, text: DiagramTexts.componentsLimit },
  DIAGRAM_TOO_LARGE: { status: 413, text: DiagramTexts.batchTooLarge },
  DIAGRAM_FORMAT_NOT_RECOGNIZED: { status: 400, text: DiagramTexts.formatNotRecognized },
  DIAGRAM_VERSION_NOT_FOUND: { status: 404, text: DiagramTexts.versionNotFound },
  DIAGRAM_PUBLIC_UNAVAILABLE: { status: 404, text: DiagramTexts.publicUnavailable },
  DIAGRAM_NOT_IN_TRASH: { status: 409, text: DiagramTexts.notInTrash },
  PROPOSAL_NOT_FOUND: { status: 404, text: ProposalTexts.notFound },
  PROPOSAL_NOT_A_COPY: { status: 409, text: ProposalTexts.notACopy },
  PROPOSAL_NO_CHANGES: { status: 409, text: ProposalTexts.noChanges },
  PROPOSAL_DECIDED: { status: 409, text: ProposalTexts.decided },
  PROPOSAL_SOURCE_MOVED: { status: 409, text: ProposalTexts.sourceMoved },
  COMMENT_THREAD_NOT_FOUND: { status: 404, text: CommentTexts.threadNotFound },
  COMMENT_NOT_FOUND: { status: 404, text: CommentTexts.notFound },
  COMMENT_NOT_YOURS: { status: 403, text: CommentTexts.notYours },
  COMMENT_MENTION_NO_ACCESS: { status: 400, text: CommentTexts.mentionNoAccess },
  SHARE_NAME_REQUIRED: { status: 400, text: DiagramTexts.nameFirst },
  SHARE_ALREADY_EXISTS: { status: 409, text: DiagramTexts.alreadyShared },
  SHARE_SELF: { status: 400, text: DiagramTexts.shareSelf },
  SHARE_NOT_FOUND: { status: 404, text: 'This person is not on the list any more' },
  TAG_ALREADY_EXISTS: { status: 409, text: DiagramTexts.tagExists },
  TAG_LIMIT_REACHED: { status: 403, text: DiagramTexts.tagLimit },
  TAG_NOT_FOUND: { status: 404, text: 'Tag not found' },
  PLAY_NOT_FOUND: { status: 404, text: DiagramTexts.playsLoadFailed },
  PLAY_TOO_LARGE: { status: 413, text: DiagramTexts.stepsLimit },
  PLAY_LIMIT_REACHED: { status: 429, text: DiagramTexts.batchTooLarge },
  PLAY_QUEUE_UNAVAILABLE: { status: 503, text: DiagramTexts.batchFailed },
  PLAY_NOT_RUNNING: { status: 409, text: DiagramTexts.batchStopFailed },
  NOTIFICATION_NOT_FOUND: { status: 404, text: 'Notification not found' },
  // community: likes, follows, hiring (social)
  COMMUNITY_USER_NOT_FOUND: { status: 404, text: 'This designer could not be found' },
  COMMUNITY_FOLLOW_SELF: { status: 400, text: 'You cannot follow yourself' },
  COMMUNITY_HIRE_FAILED: { status: 404, text: 'Hire designer error' },
  // billing (Stripe)
  BILLING_PAYMENT_PENDING: { status: 409, text: BillingTexts.paymentPending },
  BILLING_CONTACT_US: { status: 409, text: BillingTexts.contactUs },
  BILLING_NO_SUBSCRIPTION: { status: 409, text: BillingTexts.noSubscription },
  BILLING_ALREADY_SUBSCRIBED: { status: 409, text: BillingTexts.alreadySubscribed },
  BILLING_PLAN_UNKNOWN: { status: 400, text: 'This plan cannot be bought' },
  BILLING_PAYMENT_FAILED: { status: 402, text: BillingTexts.paymentFailed },
  BILLING_NOTHING_TO_PAY: { status: 409, text: BillingTexts.nothingToPay },
  BILLING_TAX_ID_INVALID: { status: 400, text: BillingTexts.taxIdInvalid },
  BILLING_PROVIDER_UNAVAILABLE: { status: 503, text: BillingTexts.stripeUnavailable },
  BILLING_WEBHOOK_SIGNATURE: { status: 400, text: BillingTexts.badSignature },
  // community: rankings, spotlight, Recent Activity (the spec's texts: app.md §8 "Other")
  ACTIVITY_FEED_ERROR: { status: 500, text: DiagramTexts.activityFeedFailed },
  ACTIVITY_INVALID_INPUT: { status: 400, text: 'Invalid username or activityId' },
  COMMUNITY_INVALID_FILE_KEY: { status: 400, text: 'Invalid file fuid' },
  COMMUNITY_SPOTLIGHT_NOT_FOUND: { status: 404, text: 'This diagram or designer is not public on community' },
  // teams (app.md §4, §6, §8)
  TEAM_NOT_FOUND: { status: 404, text: TeamTexts.noTeam },
  TEAM_OWNER_ONLY: { status: 403, text: TeamTexts.ownerOnly },
  TEAM_MANAGER_ONLY: { status: 403, text: TeamTexts.managerOnly },
  TEAM_PLAN_REQUIRED: { status: 402, text: TeamTexts.paidPlanRequired },
  TEAM_JOIN_FAILED: { status: 409, text: TeamTexts.joinFailed },
  TEAM_ALREADY_IN_TEAM: { status: 409, text: TeamTexts.alreadyInTeam },
  TEAM_ACTIVE_SUBSCRIPTION: { status: 409, text: TeamTexts.activeSubscription },
  TEAM_MEMBER_NOT_ACTIVE: { status: 409, text: TeamTexts.cannotBlock },
  TEAM_MEMBER_NOT_SUSPENDED: { status: 409, text: TeamTexts.cannotUnblock },
  TEAM_CANNOT_DELETE_OWNER: { status: 409, text: TeamTexts.cannotDeleteOwner },
  TEAM_MEMBER_NOT_FOUND: { status: 404, text: TeamTexts.memberNotFound },
  TEAM_ALREADY_INVITED: { status: 409, text: TeamTexts.alreadyInvited },
  TEAM_WORK_EMAIL_REQUIRED: { status: 400, text: TeamTexts.workEmailRequired },
  TEAM_INVITATION_INVALID: { status: 404, text: TeamTexts.invitationInvalid },
  TEAM_PAYMENT_PENDING: { status: 409, text: TeamTexts.paymentPending },
  // library: templates, tours, balance tests, library items, settings
  TEMPLATE_NOT_FOUND: { status: 404, text: LibraryTexts.templateNotFound },
  TOUR_NOT_FOUND: { status: 404, text: LibraryTexts.tourNotFound },
  TOUR_NOT_CORRECT: { status: 400, text: LibraryTexts.tourNotCorrect },
  TOUR_NOT_VALID: { status: 400, text: LibraryTexts.tourNotValid },
  TOUR_NO_TEMPLATE_ID: { status: 400, text: LibraryTexts.tourNoTemplateId },
  TOUR_NO_DIAGRAM_ID: { status: 400, text: LibraryTexts.tourNoDiagramId },
  TOUR_NONE: { status: 404, text: LibraryTexts.tourNone },
  TOUR_CANNOT_DELETE: { status: 409, text: LibraryTexts.tourCannotDelete },
  BALANCE_TEST_NOT_FOUND: { status: 404, text: LibraryTexts.testNotFound },
  BALANCE_TEST_NOTHING_PLOTTED: { status: 400, text: LibraryTexts.nothingPlotted },
  LIBRARY_ITEM_NOT_FOUND: { status: 404, text: LibraryTexts.libraryItemNotFound },
  LIBRARY_COMPONENTS_LIMIT_REACHED: { status: 402, text: LibraryTexts.libraryComponentsLimit },
  DIAGRAM_TOKEN_NOT_CHANGED: { status: 500, text: LibraryTexts.tokenNotChanged },
  // drive
  DRIVE_UNAVAILABLE: { status: 502, text: DriveTexts.unavailable },
  DRIVE_SAVED_ON_ROOT: { status: 502, text: DriveTexts.savedOnRoot },
  // A setting of this instance, not an outage: 404 (the feature is not here), no Retry-After.
  DRIVE_NOT_CONFIGURED: { status: 404, text: DriveTexts.notConfigured },
  DRIVE_NOT_CONNECTED: { status: 409, text: DriveTexts.notConnected },
  DRIVE_FILE_NOT_FOUND: { status: 404, text: DriveTexts.fileNotFound },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof errorMap;

/** Every code by name (`ErrorCode.AUTH_REQUIRED`), so a typo does not compile. */
export const ErrorCode = Object.fromEntries(Object.keys(errorMap).map((code) => [code, code])) as {
  readonly [K in ErrorCode]: K;
};

export const errorStatus = (code: ErrorCode): number => errorMap[code].status;
export const errorText = (code: ErrorCode): string => errorMap[code].text;
