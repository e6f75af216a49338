import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';

/** reCAPTCHA v3, checked on the server when a secret is configured; off otherwise. */
export async function verifyCaptcha(config: AppConfig, token: string | undefined, ip: string): Promise<void> {
  if (!config.RECAPTCHA_SECRET) return;
  if (!token) throw new AppError('AUTH_CAPTCHA_REQUIRED');
  const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  const result = (await response?.json().catch(() => null)) as { success?: boolean; score?: number } | null;
  if (!result?.success || (typeof result.score === 'number' && result.score < config.RECAPTCHA_MIN_SCORE)) {
    throw new AppError('AUTH_CAPTCHA_FAILED');
  }
}
