import { ErrorCode, errorStatus, errorText } from '@loopwright/contracts';

export interface AppErrorOptions {
  /** Only where the text depends on the situation; otherwise the code's text from the error map. */
  message?: string;
  details?: unknown;
}

/**
 * The one error type services throw; the exception filter renders it. The HTTP status and the
 * default text come from the closed error map in packages/contracts: a throw site names a code only.
 */
export class AppError extends Error {
  readonly status: number;
  readonly details?: unknown;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? errorText(code));
    this.name = 'AppError';
    this.status = errorStatus(code);
    this.details = options.details;
  }

  static notFound(message?: string, code: ErrorCode = ErrorCode.NOT_FOUND): AppError {
    return new AppError(code, { message });
  }

  static validation(details: unknown, message?: string): AppError {
    return new AppError(ErrorCode.VALIDATION_FAILED, { message, details });
  }
}
