import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { WorkspacesService, type WorkspaceRole } from '../workspaces/workspaces.service.js';
import { StripeGateway } from './stripe-gateway.js';

export interface BillingScope {
  workspaceId: string;
  role: WorkspaceRole;
}

/** Whose billing a caller may see (owner and active members) and change (the owner only). */
@Injectable()
export class BillingAccess {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly stripe: StripeGateway,
  ) {}

  async scope(caller: Caller, workspaceId: string | undefined, action: 'view' | 'manage'): Promise<BillingScope> {
    if (!this.stripe.enabled) throw new AppError(ErrorCode.PLAN_BILLING_DISABLED);
    const id = workspaceId ?? (await this.workspaces.personalId(caller.userId));
    const workspace = await this.workspaces.find(id);
    const role = workspace ? await this.workspaces.roleOf(workspace, caller.userId) : null;
    if (!workspace || !role) throw new AppError(ErrorCode.WORKSPACE_NOT_FOUND);
    if (action === 'manage' && role !== 'owner') throw new AppError(ErrorCode.PLAN_MEMBER_CANNOT_MANAGE);
    return { workspaceId: workspace.id, role };
  }
}
