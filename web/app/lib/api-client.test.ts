import { AuthTexts, DriveTexts } from '@loopwright/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, UserMessageError } from './api-client';

describe('the message a screen shows for a failure', () => {
  it("shows the API's text, and a browser failure written for the person (pop-up blocked, captcha not loaded)", () => {
    expect(errorMessage(new ApiError({ status: 409, code: 'CONFLICT', message: 'Reload, please' }))).toBe(
      'Reload, please',
    );
    expect(errorMessage(new UserMessageError(DriveTexts.popupBlocked))).toBe(DriveTexts.popupBlocked);
    expect(errorMessage(new UserMessageError(AuthTexts.captchaScriptFailed))).toBe(AuthTexts.captchaScriptFailed);
  });

  it("never shows a programmer's error text", () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'details')"))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
