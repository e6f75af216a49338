import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode, type ErrorBody } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from './app-error.js';
import { classifyOutage, OUTAGE_ANSWERS } from './outage.js';
import { outageMonitor } from './outage-monitor.js';

const statusCodes: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.AUTH_REQUIRED,
  403: ErrorCode.AUTH_FORBIDDEN,
  404: ErrorCode.ROUTE_NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/** Renders every error as `{ success: false, error: { code, message, details?, requestId } }`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    // Already answered (the request timeout answered 504 first): nothing more to send.
    if (response.headersSent) return;
    const outage = classifyOutage(exception);
    if (outage) {
      outageMonitor.record(
        outage,
        this.logger,
        exception instanceof Error ? (exception.message.split('\n').filter(Boolean).pop() ?? outage) : outage,
      );
      const { code, message, retryAfterSeconds } = OUTAGE_ANSWERS[outage];
      response.setHeader('Retry-After', String(retryAfterSeconds));
      response.status(503).json({
        success: false,
        error: { code, message, details: { retryAfterSeconds }, requestId: String(request.id ?? '') },
      } satisfies ErrorBody);
      return;
    }
    const { status, code, message, details } = this.describe(exception);
    if (status >= 500) {
      this.logger.error({ err: exception, requestId: request.id, path: request.path }, 'request failed');
    }
    const body: ErrorBody = {
      success: false,
      error: { code, message, ...(details === undefined ? {} : { details }), requestId: String(request.id ?? '') },
    };
    const retryAfter = (details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    if ((status === 429 || status === 503 || status === 504) && retryAfter)
      response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; code: string; message: string; details?: unknown } {
    if (exception instanceof AppError) {
      return { status: exception.status, code: exception.code, message: exception.message, details: exception.details };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const message =
        status === 404
          ? 'This API route does not exist'
          : status === 400
            ? 'The request could not be read'
            : exception.message;
      return { status, code: statusCodes[status] ?? (status >= 500 ? ErrorCode.INTERNAL : `HTTP_${status}`), message };
    }
    // body-parser and other middleware throw errors carrying a status.
    const status = (exception as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 413 ? 'The request body is too large' : 'The request could not be read';
      return { status, code: statusCodes[status] ?? `HTTP_${status}`, message };
    }
    return { status: 500, code: ErrorCode.INTERNAL, message: 'Something went wrong on our side. Please try again.' };
  }
}
