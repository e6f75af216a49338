/** User-facing texts of the accounts area, word for word from the specification where it has one. */
export const AuthTexts = {
  emailInvalid: 'You must enter a valid email address!',
  passwordTooShort: 'Password must contain at least 8 characters!',
  passwordTooCommon: 'This password is one of the most used or leaked passwords. Please choose another one.',
  passwordsMismatch: 'The two passwords entered do not match!',
  /** app.md §8, password change: a system error asks to contact support (the server failed). */
  passwordChangeSystemError: 'Your password was not changed because of a system error. Please contact support.',
  /** app.md §8, password change: the generic retry (no answer from the server). */
  passwordChangeRetry: 'Your password was not changed. Please try again.',
  wrongCredentials: 'Oops! Wrong email address or password',
  apiKeyInvalid:
    'This API key is not valid: it was revoked or replaced. Generate a new one under Settings → User API Key.',
  emailNotConfirmed: 'Your email is not confirmed, please check your inbox and follow instructions.',
  verificationTokenExpired: 'Your verification token has expired!',
  resetTokenExpired: 'Your token has expired!',
  confirmationSendError: 'Error when sending the confirmation link.',
  usernameTaken: 'Username is already taken',
  usernameInvalid: 'Username may contain only letters, digits and - _ + .',
  termsLabel: 'I have read and agreed to the Terms of Service',
  termsRequired: 'Please accept the Terms of Service',
  captchaNotChecked: 'Please confirm you are not a robot',
  /** app.md §8 captcha technical errors: Google's script failed to load, or its check failed to execute. */
  captchaScriptFailed: 'The captcha could not be loaded. Please check your connection and try again.',
  captchaExecuteFailed: 'The captcha check could not run. Please try again.',
  mailHostInvalid: 'Mail host must be a valid IP address or domain',
  photoTooBig: 'The photo is too big: the maximum size is 500 KB',
  photoWrongType: 'Wrong file type: choose a PNG, JPEG, GIF or WebP image',
  photoMissing: 'No image selected',
  fieldRequired: 'This field may not be empty',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  accountLocked:
    'Too many failed logins on this account. Log in from a device you used before, use the unlock link we e-mailed to the account, or reset your password with “Forgot password”.',
  accountUnlocked: 'Your account is unlocked on this browser. Log in to continue.',
  unlockLinkInvalid:
    'This unlock link is not valid or has expired. Reset your password with “Forgot password” instead.',
  recoverySent: 'If an account exists for this address, we have sent it a link to reset the password.',
  confirmationResent: 'If this address has an account waiting for confirmation, we have sent a new link.',
  googleFailed: 'Signing in with Google did not work. Please try again, or contact us if it keeps failing.',
  instanceIdWrong:
    'That is not this instance’s ID. It is printed in the server log at every start (“Instance ID: …”), kept in the file instance-id in the data directory, and shown by npm run instance-id.',
  instanceIdHint:
    'Printed in the server log at every start (look for “Instance ID: …”). It is also kept in the file instance-id in the data directory (.data/ unless DATA_DIR says otherwise), and the command npm run instance-id prints it.',
  accountDisabled: 'This account has been disabled by an administrator. Contact them if you think this is a mistake.',
  adminCannotDeleteSelf: 'You cannot delete your own account here.',
  adminCannotDisableSelf: 'You cannot disable your own account.',
  adminLastAdmin: 'This is the last administrator: make someone else an administrator first.',
  adminExists: 'This instance already has an administrator.',
  /** After registering on an instance without a mail server (self-hosted). */
  confirmByAdministrator:
    'This instance has no mail server, so no confirmation e-mail was sent: an administrator must confirm your account (Admin → Users) before you can log in.',
  loginDialogTitle: (sourceAction: string) => `To ${sourceAction}, please create a free public account`,
} as const;

/** NIST SP 800-63B's minimum for a password the user chooses (the spec's 6 raised by the security review). */
export const PASSWORD_MIN_LENGTH = 8;
export const PHOTO_MAX_BYTES = 500 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const USERNAME_PATTERN = /^[A-Za-z0-9\-_+.]+$/;
export const ACCESS_TOKEN_RENEWAL_MS = 3_600_000;
export const ACCESS_COOKIE = 'lw_access';
export const REFRESH_COOKIE = 'lw_refresh';
/** Holds no secret: tells page requests a session may be renewed (the refresh cookie is scoped to the token endpoints). */
export const SESSION_HINT_COOKIE = 'lw_session';
