import { Controller, Query } from '@nestjs/common';
import { auditEndpoints } from '@loopwright/contracts';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { AuditLogService } from './audit-log.service.js';

const PAGE_SIZE = 50;

@Controller()
export class AuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  @Endpoint(auditEndpoints.list)
  @RequireRole('admin')
  async list(@Query() query: Input<(typeof auditEndpoints)['list']['query']>) {
    const { entries, total } = await this.audit.page(query, query.page, PAGE_SIZE);
    return {
      success: true as const,
      content: { entries, total, page: query.page, pageSize: PAGE_SIZE, keptDays: this.audit.keptDays },
    };
  }
}
