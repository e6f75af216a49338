import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, RequestTexts, type EndpointContract } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { ENDPOINT_CONTRACT } from './endpoint.decorator.js';
import { acceptsBodyType, findBadText } from './input-hygiene.js';

type Part = 'body' | 'query' | 'params';
const PARTS: Part[] = ['params', 'query', 'body'];

/**
 * The one validation layer: refuses bodies that are not JSON (415) and text no database can store
 * (NUL, lone surrogates), then parses body, query and params with the route's contract;
 * every field's message comes back in one 400.
 */
@Injectable()
export class ContractValidationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = this.reflector.get<EndpointContract | undefined>(ENDPOINT_CONTRACT, context.getHandler());
    if (contract) this.validate(context.switchToHttp().getRequest<Request>(), contract);
    return next.handle();
  }

  private validate(request: Request, contract: EndpointContract): void {
    if (!acceptsBodyType(request, contract)) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    for (const part of PARTS) {
      const field = findBadText(request[part], [part]);
      if (field !== null)
        throw AppError.validation(
          { fields: [{ field: field.replace(/^(body|query|params)\.?/, '') || part, message: RequestTexts.badText }] },
          RequestTexts.badText,
        );
    }
    const problems: { field: string; message: string }[] = [];
    for (const part of PARTS) {
      const schema = contract[part];
      if (!schema) continue;
      const result = schema.safeParse(request[part] ?? {});
      if (result.success) {
        // Express 5 makes req.query a getter; define the parsed value over it.
        Object.defineProperty(request, part, { value: result.data, writable: true, configurable: true });
      } else {
        for (const issue of result.error.issues)
          problems.push({ field: issue.path.join('.') || part, message: issue.message });
      }
    }
    if (problems.length) throw AppError.validation({ fields: problems }, problems[0].message);
  }
}
