/** Tracking names the browser needs too; zod-free so page bundles can import it (contracts/client). */

export const TrackingRules = {
  messageIdPrefix: 'www-',
  anonymousIdCookie: 'lw_anonymous_id',
  userIdCookie: 'lw_user_id',
  anonymousIdMaxAgeDays: 365,
  utmCookieMaxAgeDays: 180,
  utmFields: ['utm_source', 'utm_medium', 'utm_campaign'] as const,
  postTimeoutMs: 2_000,
} as const;

export const TrackingEvents = {
  like: { name: 'Like', category: 'Community' },
  unlike: { name: 'Unlike', category: 'Community' },
  activityFeedView: { name: 'Activity feed view', category: 'Community' },
  follow: { name: 'Follow', category: 'Community' },
  unfollow: { name: 'Unfollow', category: 'Community' },
  bookDemoIntent: { name: 'Book a demo intent', category: 'Micro conversion' },
  signUpIntent: { name: 'Sign up intent', category: 'Micro conversion' },
  watchTestimonial: { name: 'Watch testimonial', category: 'Micro conversion' },
  globalSearch: { name: 'Global Search - Search', category: 'Search' },
  cookiesAcceptAll: { name: 'Cookies - Accept All', category: 'Consent' },
  cookiesRejectAll: { name: 'Cookies - Reject All', category: 'Consent' },
  cookiesSave: { name: 'Cookies - Save', category: 'Consent' },
  planSelection: { name: 'Consideration - Plan Selection', category: 'Micro conversion' },
  signUp: { name: 'Sign up', category: 'Conversion' },
  pageView: { name: 'Page view', category: 'Navigation' },
} as const;
