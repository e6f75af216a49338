export const PRODUCT_NAME = 'Loopwright';

/** Plan types, numeric, as the spec lists them. */
export const PlanType = {
  COMMUNITY: 0,
  ESSENTIAL: 1,
  PROFESSIONAL: 2,
  POWER: 3,
  WEB3: 9,
  TRIAL: 10,
  UPGRADE: 11,
  INDIE: 12,
  PRO: 13,
  ENTERPRISE: 14,
  VAULT: 15,
  STARTER: 16,
  PRO2: 17,
  ENTERPRISE2: 18,
  COMMUNITY3: 20,
  STARTER3: 21,
  PRO3: 22,
} as const;

export const LOCALES = ['en'] as const;
export const DEFAULT_LOCALE = 'en';
export const LOCALE_COOKIE = 'i18n_redirected';
export const CLIENT_ID_HEADER = 'x-client-id';
export const REQUEST_ID_HEADER = 'x-request-id';

export const Texts = {
  notFound: 'This page could not be found',
  errorHeading: 'An error occured',
  errorPageFailed: 'An error occurred while showing the error page',
  homepageButton: 'Homepage',
  goBackHome: 'Go back to home',
} as const;
