import type { ErrorCode } from '@loopwright/contracts';

/**
 * What a screen offers beside the message for an API error code (the codes are the closed list in
 * packages/contracts): log in, upgrade the plan, reload the newer version, try again later.
 */
export type ErrorUi = 'login' | 'upgrade' | 'reload' | 'retry' | 'not-found' | 'fields' | 'message';

const byCode: Partial<Record<ErrorCode, ErrorUi>> = {
  AUTH_REQUIRED: 'login',
  PLAN_LIMIT_REACHED: 'upgrade',
  DIAGRAM_LIMIT_REACHED: 'upgrade',
  TAG_LIMIT_REACHED: 'upgrade',
  TEAM_PLAN_REQUIRED: 'upgrade',
  PLAN_PRIVATE_REQUIRES_PAID: 'upgrade',
  LIBRARY_COMPONENTS_LIMIT_REACHED: 'upgrade',
  DIAGRAM_VERSION_CONFLICT: 'reload',
  CONFLICT: 'reload',
  RATE_LIMITED: 'retry',
  INTERNAL: 'retry',
  SERVICE_UNAVAILABLE: 'retry',
  PLAY_QUEUE_UNAVAILABLE: 'retry',
  DRIVE_UNAVAILABLE: 'retry',
  NOT_FOUND: 'not-found',
  DIAGRAM_NOT_FOUND: 'not-found',
  DIAGRAM_COPY_UNAVAILABLE: 'not-found',
  DIAGRAM_PUBLIC_UNAVAILABLE: 'not-found',
  PAGE_NOT_FOUND: 'not-found',
  VALIDATION_FAILED: 'fields',
};

export function errorUi(code: string): ErrorUi {
  return byCode[code as ErrorCode] ?? 'message';
}
