export { createClient, type LoopwrightClient } from './client.js';
export { routes, type Endpoints } from './endpoints.js';
export {
  errorFrom,
  GENERIC_ERROR_MESSAGE,
  LoopwrightError,
  NETWORK_ERROR_MESSAGE,
  retryAfterFrom,
  type ErrorInit,
} from './errors.js';
export { pathOf, readAnswer, send, type ClientOptions, type RequestInput } from './request.js';
export type {
  AnswerOf,
  CallOptions,
  ClientEndpoints,
  ClientErrorCode,
  Endpoint,
  InputOf,
  RawBody,
  Route,
} from './types.js';
export { verifyWebhook, WebhookSignatureError, type WebhookEvent } from './webhooks.js';
