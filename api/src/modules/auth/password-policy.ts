import { AuthTexts, PASSWORD_MIN_LENGTH } from '@loopwright/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../core/errors/app-error.js';
import { hashPassword } from './passwords.js';

let common: Set<string> | undefined;

/**
 * NIST SP 800-63B for a password someone chooses: at least PASSWORD_MIN_LENGTH characters, and not
 * one of the ≈49,000 most used or leaked passwords (zxcvbn-ts's list, shipped with the package: no
 * network). Compared without case, as the list is lower case. No composition rules.
 */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return AuthTexts.passwordTooShort;
  common ??= new Set(dictionary['passwords-common']);
  if (common.has(password.toLowerCase())) return AuthTexts.passwordTooCommon;
  return null;
}

/** The hash of a newly chosen password, or the field error that refuses it. */
export async function newPasswordHash(password: string, field = 'password'): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw AppError.validation({ fields: [{ field, message: problem }] }, problem);
  return hashPassword(password);
}
