import { AuthTexts, registerBodySchema } from '@loopwright/contracts';
import { Link } from 'react-router';
import { TrackingEvents } from '../../lib/spec';
import { track } from '../tracking/track';
import { accountApi } from './account-api';
import { useSession } from './session';
import { captchaToken } from './recaptcha';
import { useSignInOptions } from './sign-in-options';
import {
  CheckboxField,
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useContractForm,
  type FormCheck,
} from './forms';

interface RegisterValues {
  email: string;
  password: string;
  /** Only on the register page; the dialog asks for the password once. */
  confirmPassword?: string;
  acceptTerms: boolean;
}

function registerChecks(withConfirmation: boolean): FormCheck<RegisterValues> {
  return (values) => {
    const issues: ReturnType<FormCheck<RegisterValues>> = [];
    if (!values.acceptTerms) issues.push({ field: 'acceptTerms', message: AuthTexts.termsRequired });
    if (withConfirmation && values.confirmPassword !== values.password)
      issues.push({ field: 'confirmPassword', message: AuthTexts.passwordsMismatch });
    return issues;
  };
}
const dialogChecks = registerChecks(false);
const pageChecks = registerChecks(true);

export const TermsLabel = () => (
  <>
    I have read and agreed to the{' '}
    <Link to="/terms-and-conditions" target="_blank" rel="noopener">
      Terms of Service
    </Link>
  </>
);

export type RegisterConfirmation = 'email' | 'administrator' | 'done';

/**
 * E-mail, password and the terms: the dialog's form (`compact`) and the register page's (which
 * asks for the password twice). `onFinished` runs after the call, whatever its result.
 */
export function RegisterForm({
  compact = false,
  onRegistered,
  onFailed,
  idPrefix = 'register',
  defaultEmail = '',
  returnTo,
  invitation,
}: {
  compact?: boolean;
  /** confirmation: what the account waits for (a mailed link, an administrator, or nothing: signed in already). */
  onRegistered: (email: string, confirmation: RegisterConfirmation) => void;
  /** When given, call failures go here instead of the form's own message. */
  onFailed?: (message: string, error: unknown) => void;
  idPrefix?: string;
  /** Prefilled address (an invitation e-mail's sign-up link carries it). */
  defaultEmail?: string;
  /** Where the confirmation link leads after logging in (a diagram shared with the new account). */
  returnTo?: string;
  /** The team invitation's token (its sign-up link): the account is confirmed, joins the team and is signed in. */
  invitation?: string;
}) {
  const session = useSession();
  const form = useContractForm(
    registerBodySchema,
    (compact
      ? { email: defaultEmail, password: '', acceptTerms: false }
      : { email: defaultEmail, password: '', confirmPassword: '', acceptTerms: false }) as RegisterValues,
    compact ? dialogChecks : pageChecks,
  );
  const options = useSignInOptions();

  return (
    <form
      className="acc-stack"
      noValidate
      aria-label="Create your account"
      onSubmit={form.submitWith(
        async (data) => {
          const { segmentData, confirmation } = await accountApi.register({
            email: data.email,
            password: data.password,
            confirmPassword: compact ? undefined : data.confirmPassword,
            acceptTerms: true,
            captchaToken: await captchaToken(options?.recaptchaSiteKey, 'register'),
            ...(returnTo ? { returnTo } : {}),
            ...(invitation ? { invitation } : {}),
          });
          track(TrackingEvents.signUp, {
            action: segmentData.method,
            label: compact ? 'login dialog' : 'register page',
          });
          // From an invitation's link the address is proven: sign in straight away.
          if (confirmation === 'done')
            session.setUser(await accountApi.login({ email: data.email, password: data.password }));
          onRegistered(data.email, confirmation);
        },
        {
          onError: (error) => {
            if (!onFailed) return false;
            onFailed(error instanceof Error ? error.message : String(error), error);
            return true;
          },
        },
      )}
    >
      <FormMessage>{form.formError}</FormMessage>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        {...form.field('email')}
        data-testid={`${idPrefix}-email`}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        {...form.field('password')}
        hint={compact ? undefined : 'At least 8 characters, not a commonly used password.'}
      />
      {compact ? null : (
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
      )}
      <CheckboxField label={<TermsLabel />} {...form.field('acceptTerms')} />
      <SubmitButton busy={form.submitting} busyLabel="Creating your account…">
        Create free account
      </SubmitButton>
      {options?.recaptchaSiteKey ? (
        <p className="acc-captcha-note">
          This form is protected by reCAPTCHA; Google's <a href="https://policies.google.com/privacy">Privacy Policy</a>{' '}
          and <a href="https://policies.google.com/terms">Terms of Service</a> apply.
        </p>
      ) : null}
    </form>
  );
}
