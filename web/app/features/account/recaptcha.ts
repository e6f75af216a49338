interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

const SCRIPT_ERROR = 'The captcha could not be loaded. Please check your connection and try again.';
let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error(SCRIPT_ERROR));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error(SCRIPT_ERROR));
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
    throw new Error('The captcha check could not run. Please try again.');
  }
}
