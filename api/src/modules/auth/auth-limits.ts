const MINUTE = 60_000;

/** Rate limits and the lockout, in one place so they can be read and tuned together. */
export const AuthLimits = {
  loginPerIp: (ip: string) => ({ key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }),
  /** Failed logins per e-mail (known or not): after 10 in 15 minutes, that address is locked for the rest of the window. */
  loginFailuresPerEmail: (email: string) => ({ key: `login:fail:${email}`, max: 10, windowMs: 15 * MINUTE }),
  registerPerIp: (ip: string) => ({ key: `register:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  recoveryPerIp: (ip: string) => ({ key: `recover:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  recoveryPerEmail: (email: string) => ({ key: `recover:email:${email}`, max: 3, windowMs: 60 * MINUTE }),
  resendPerIp: (ip: string) => ({ key: `resend:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  resendPerEmail: (email: string) => ({ key: `resend:email:${email}`, max: 3, windowMs: 60 * MINUTE }),
};

export const CONFIRM_EMAIL_TTL_MS = 48 * 60 * MINUTE;
export const RESET_PASSWORD_TTL_MS = 60 * MINUTE;
