import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller, RequestWithCaller } from './caller.js';

/** The authenticated caller (undefined on public routes called anonymously). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | undefined => {
  return context.switchToHttp().getRequest<RequestWithCaller>().caller;
});
