import { ErrorCode } from '@loopwright/contracts';

/** The one error type services throw; the exception filter renders it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message = 'Not found', code: ErrorCode = ErrorCode.NOT_FOUND): AppError {
    return new AppError(code, message, 404);
  }

  static validation(details: unknown, message = 'Some fields are not valid'): AppError {
    return new AppError(ErrorCode.VALIDATION_FAILED, message, 400, details);
  }
}
