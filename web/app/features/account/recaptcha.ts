import { AuthTexts } from '@loopwright/contracts';
import { UserMessageError } from '../../lib/api-client';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new UserMessageError(AuthTexts.captchaScriptFailed));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new UserMessageError(AuthTexts.captchaScriptFailed));
    };
    document.head.append(script);
  });
  return loading;
}

/** A reCAPTCHA v3 token for this action, or undefined when the instance has no captcha configured. */
export async function captchaToken(siteKey: string | null | undefined, action: string): Promise<string | undefined> {
  if (!siteKey) return undefined;
  const grecaptcha = await loadRecaptcha(siteKey);
  try {
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    throw new UserMessageError(AuthTexts.captchaExecuteFailed);
  }
}
