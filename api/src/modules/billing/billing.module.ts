import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { UsersModule } from '../users/users.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { BillingAccess } from './billing-access.js';
import { BillingAccountService } from './billing-account.service.js';
import { BillingWebhooksService } from './billing-webhooks.service.js';
import { BillingController } from './billing.controller.js';
import { BillingPlans } from './billing-plans.js';
import { SubscriptionSync } from './subscription-sync.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { StripeGateway } from './stripe-gateway.js';

/**
 * Stripe billing of workspaces. Always loaded (BillingService.changeSeats is part of the teams
 * flow), but with no STRIPE_SECRET_KEY every endpoint answers PLAN_BILLING_DISABLED and the overview
 * says `enabled: false`, so the web shows no payment screen.
 */
@Module({
  imports: [WorkspacesModule, UsersModule, PlansModule, EventsModule],
  controllers: [BillingController],
  providers: [
    StripeGateway,
    BillingAccess,
    BillingPlans,
    SubscriptionSync,
    BillingRepository,
    BillingService,
    BillingAccountService,
    BillingWebhooksService,
  ],
  exports: [BillingService],
})
export class BillingModule {}
