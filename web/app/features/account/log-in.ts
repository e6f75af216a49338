import type { authEndpoints, BodyOf } from '@loopwright/contracts';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './account-api';
import { captchaToken } from './recaptcha';

/**
 * Password login. When strangers' failures have locked the account for this browser and the instance
 * has a CAPTCHA, the person answers it (reCAPTCHA v3: invisibly) and the login is tried once more.
 */
export async function logIn(
  body: BodyOf<(typeof authEndpoints)['login']>,
  recaptchaSiteKey: string | null | undefined,
) {
  try {
    return await accountApi.login(body);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'AUTH_ACCOUNT_LOCKED' && recaptchaSiteKey)) throw error;
    // A CAPTCHA that cannot load (blocked, offline) leaves the lock's own text, which says what else to do.
    const token = await captchaToken(recaptchaSiteKey, 'login').catch(() => Promise.reject(error));
    return accountApi.login({ ...body, captchaToken: token });
  }
}
