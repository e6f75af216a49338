import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../core/errors/app-error.js';
import { classifyOutage, OUTAGE_ANSWERS } from '../../core/errors/outage.js';

/** The spec's form failure: `{ success: false, action: false, content: error }`. */
@Catch()
export class FormEnvelopeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof AppError) {
      response.status(exception.status).json({
        success: false,
        action: false,
        content: { code: exception.code, message: exception.message, details: exception.details },
      });
      return;
    }
    // An outage says what it is, as everywhere else ('Can not query database. Please try again later!').
    const outage = classifyOutage(exception);
    if (outage) {
      const { code, message, retryAfterSeconds } = OUTAGE_ANSWERS[outage];
      response.setHeader('Retry-After', String(retryAfterSeconds));
      response
        .status(503)
        .json({ success: false, action: false, content: { code, message, details: { retryAfterSeconds } } });
      return;
    }
    response.status(500).json({
      success: false,
      action: false,
      content: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  }
}
