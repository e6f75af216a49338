import { AuthTexts, registerBodySchema } from '@loopwright/contracts';
import { Link } from 'react-router';
import { TrackingEvents } from '../../lib/spec';
import { track } from '../tracking/track';
import { accountApi } from './account-api';
import { captchaToken } from './recaptcha';
import { useSignInOptions } from './sign-in-options';
import { CheckboxField, FormMessage, PasswordField, SubmitButton, TextField, useZodForm, withChecks, type FormSchema } from './forms';

interface RegisterValues extends Record<string, unknown> {
  email: string;
  password: string;
  /** Only on the register page; the dialog asks for the password once. */
  confirmPassword?: string;
  acceptTerms: boolean;
}

type RegisterBody = { email: string; password: string; confirmPassword?: string; acceptTerms?: boolean };

function registerSchema(withConfirmation: boolean): FormSchema<RegisterBody> {
  return withChecks(registerBodySchema, (values: RegisterValues) => {
    const issues = [];
    if (!values.acceptTerms) issues.push({ path: ['acceptTerms'], message: AuthTexts.termsRequired });
    if (withConfirmation && values.confirmPassword !== values.password) issues.push({ path: ['confirmPassword'], message: AuthTexts.passwordsMismatch });
    return issues;
  });
}
const dialogSchema = registerSchema(false);
const pageSchema = registerSchema(true);

export const TermsLabel = () => (
  <>
    I have read and agreed to the{' '}
    <Link to="/terms-and-conditions" target="_blank" rel="noopener">
      Terms of Service
    </Link>
  </>
);

/**
 * E-mail, password and the terms: the dialog's form (`compact`) and the register page's (which
 * asks for the password twice). `onFinished` runs after the call, whatever its result.
 */
export function RegisterForm({
  compact = false,
  onRegistered,
  onFailed,
  idPrefix = 'register',
}: {
  compact?: boolean;
  onRegistered: (email: string) => void;
  /** When given, call failures go here instead of the form's own message. */
  onFailed?: (message: string, error: unknown) => void;
  idPrefix?: string;
}) {
  const form = useZodForm<RegisterValues, RegisterBody>(
    compact ? dialogSchema : pageSchema,
    compact ? { email: '', password: '', acceptTerms: false } : { email: '', password: '', confirmPassword: '', acceptTerms: false },
  );
  const { values, errors, setField } = form;
  const options = useSignInOptions();

  return (
    <form
      className="acc-stack"
      noValidate
      aria-label="Create your account"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(
          async (data) => {
            const { segmentData } = await accountApi.register({
              email: data.email,
              password: data.password,
              confirmPassword: compact ? undefined : data.confirmPassword,
              acceptTerms: true,
              captchaToken: await captchaToken(options?.recaptchaSiteKey, 'register'),
            });
            track(TrackingEvents.signUp, { action: segmentData.method, label: compact ? 'login dialog' : 'register page' });
            onRegistered(data.email);
          },
          {
            onError: (error) => {
              if (!onFailed) return false;
              onFailed(error instanceof Error ? error.message : String(error), error);
              return true;
            },
          },
        );
      }}
    >
      <FormMessage>{form.formError}</FormMessage>
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValue={(v) => setField('email', v)}
        error={errors.email}
        data-testid={`${idPrefix}-email`}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onValue={(v) => setField('password', v)}
        error={errors.password}
        hint={compact ? undefined : 'At least 6 characters.'}
      />
      {compact ? null : (
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword ?? ''}
          onValue={(v) => setField('confirmPassword', v)}
          error={errors.confirmPassword}
        />
      )}
      <CheckboxField label={<TermsLabel />} name="acceptTerms" checked={values.acceptTerms} onChecked={(v) => setField('acceptTerms', v)} error={errors.acceptTerms} />
      <SubmitButton busy={form.submitting} busyLabel="Creating your account…">
        Create free account
      </SubmitButton>
      {options?.recaptchaSiteKey ? (
        <p className="acc-captcha-note">
          This form is protected by reCAPTCHA; Google's <a href="https://policies.google.com/privacy">Privacy Policy</a> and{' '}
          <a href="https://policies.google.com/terms">Terms of Service</a> apply.
        </p>
      ) : null}
    </form>
  );
}
