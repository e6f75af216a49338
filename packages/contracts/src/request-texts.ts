/** Messages for refusals made before any feature code runs. */
export const RequestTexts = {
  badText: 'Text may not contain NUL characters or invalid Unicode',
  unsupportedMediaType: 'This endpoint accepts JSON only: send the body as application/json',
  crossSite: 'This request must come from the Loopwright app',
  /** app.md §8, word for word. */
  databaseUnavailable: 'Can not query database. Please try again later!',
  queueUnavailable: 'Background services are not reachable right now. Please try again in a few seconds.',
  storageFull: 'The server is out of storage space, so nothing can be saved right now. Please try again later.',
  timeout: 'The server took too long to answer. Please try again.',
  headersTooLarge: 'The request address or its headers are too long',
} as const;
