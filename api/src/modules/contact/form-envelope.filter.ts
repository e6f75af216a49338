import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../core/errors/app-error.js';

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
    response.status(500).json({
      success: false,
      action: false,
      content: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  }
}
