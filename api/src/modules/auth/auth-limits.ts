const MINUTE = 60_000;
/** Wrong passwords a source may send for one account before it has to wait. */
const LOGIN_FREE_FAILURES = 3;

/** Rate limits and the lockout, in one place so they can be read and tuned together. */
export const AuthLimits = {
  loginPerIp: (ip: string) => ({ key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }),
  /**
   * Failed logins per e-mail (known or not) from everywhere: after 10 in 15 minutes, only a device
   * that logged in to the account before (or used its reset link) may try, or a login with a CAPTCHA.
   */
  loginFailuresPerEmail: (email: string) => ({ key: `login:fail:${email}`, max: 10, windowMs: 15 * MINUTE }),
  /** Failed logins per e-mail from one source (a known device, else an IP address). */
  loginFailuresPerSource: (email: string, source: string) => ({
    key: `login:fail:${email}:${source}`,
    max: LOGIN_FREE_FAILURES,
    windowMs: 60 * MINUTE,
  }),
  /** After the free failures, each further one makes that source wait twice as long (1 s, 2 s, 4 s … 15 minutes). */
  loginWait: (email: string, source: string, failures: number) => ({
    key: `login:wait:${email}:${source}`,
    max: 1,
    windowMs: Math.min(15 * MINUTE, 1000 * 2 ** Math.max(0, failures - LOGIN_FREE_FAILURES)),
  }),
  registerPerIp: (ip: string) => ({ key: `register:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  recoveryPerIp: (ip: string) => ({ key: `recover:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  recoveryPerEmail: (email: string) => ({ key: `recover:email:${email}`, max: 3, windowMs: 60 * MINUTE }),
  resendPerIp: (ip: string) => ({ key: `resend:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  resendPerEmail: (email: string) => ({ key: `resend:email:${email}`, max: 3, windowMs: 60 * MINUTE }),
};

export const CONFIRM_EMAIL_TTL_MS = 48 * 60 * MINUTE;
export const RESET_PASSWORD_TTL_MS = 60 * MINUTE;
export const UNLOCK_ACCOUNT_TTL_MS = 24 * 60 * MINUTE;
