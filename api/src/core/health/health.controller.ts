import { Controller, Res } from '@nestjs/common';
import { healthEndpoints } from '@loopwright/contracts';
import type { Response } from 'express';
import { Endpoint } from '../http/endpoint.decorator.js';
import { HealthService } from './health.service.js';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Endpoint(healthEndpoints.live)
  live() {
    return { status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) };
  }

  @Endpoint(healthEndpoints.ready)
  async ready(@Res({ passthrough: true }) response: Response) {
    const readiness = await this.health.readiness();
    response.status(readiness.status === 'ready' ? 200 : 503);
    return readiness;
  }
}
