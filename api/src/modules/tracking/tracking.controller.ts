import { Body, Controller, HttpCode, Req, Res } from '@nestjs/common';
import { TrackingRules, trackingEndpoints } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import { TrackingService } from './tracking.service.js';

const YEAR_MS = TrackingRules.anonymousIdMaxAgeDays * 24 * 60 * 60 * 1000;

@Controller()
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  @Endpoint(trackingEndpoints.message)
  @HttpCode(200)
  async message(
    @Body() body: { messages?: unknown[]; message?: string },
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const caller = (request as Request & { caller?: { userId?: string } }).caller;
    const signedInUserId = caller?.userId ?? null;
    const result = await this.tracking.accept({ body, cookies: request.cookies ?? {}, signedInUserId });
    if (result.setAnonymousId) {
      const options = { maxAge: YEAR_MS, sameSite: 'lax' as const, path: '/' };
      response.cookie(TrackingRules.anonymousIdCookie, result.anonymousId, options);
      if (signedInUserId) response.cookie(TrackingRules.userIdCookie, signedInUserId, options);
    }
    return { success: true as const, content: { stored: result.stored, anonymousId: result.anonymousId } };
  }
}
