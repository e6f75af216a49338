import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from './config/config.js';
import { AuthGuard } from './core/auth/auth.guard.js';
import { HealthModule } from './core/health/health.module.js';
import { ContractValidationInterceptor } from './core/http/contract-validation.interceptor.js';
import { RequestDrain } from './core/http/request-drain.js';
import { DocsController } from './core/openapi/docs.controller.js';
import { PrismaModule } from './core/prisma/prisma.module.js';
import { QueueModule } from './core/queue/queue.module.js';
import { RateLimitModule } from './core/rate-limit/rate-limit.module.js';
import { MetricsService } from './core/metrics/metrics.service.js';
import { APP_CONFIG, LOGGER, PROCESS_ROLE, type ProcessRole } from './core/tokens.js';
import { InstanceModule } from './modules/instance/instance.module.js';
import { WebsiteModule } from './modules/website/website.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { SsoModule } from './modules/sso/sso.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { DiagramsModule } from './modules/diagrams/diagrams.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PlaysModule } from './modules/plays/plays.module.js';
import { RealtimeGatewayModule } from './modules/realtime/realtime-gateway.module.js';
import { CollabModule } from './modules/collab/collab.module.js';
import { RealtimeModule } from './modules/realtime/realtime.module.js';
import { SharingModule } from './modules/sharing/sharing.module.js';
import { SimulationsModule } from './modules/simulations/simulations.module.js';
import { TagsModule } from './modules/tags/tags.module.js';
import { ProposalsModule } from './modules/proposals/proposals.module.js';
import { CommentsModule } from './modules/comments/comments.module.js';
import { ThumbnailsModule } from './modules/thumbnails/thumbnails.module.js';
import { SocialModule } from './modules/social/social.module.js';
// ---- library ----
import { TemplatesModule } from './modules/templates/templates.module.js';
import { ToursModule } from './modules/tours/tours.module.js';
import { BalanceTestsModule } from './modules/balance-tests/balance-tests.module.js';
import { McpModule } from './modules/mcp/mcp.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { LibraryModule } from './modules/library/library.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { PlansFeatureModule } from './modules/plans/plans-feature.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { CommunityModule } from './modules/community/community.module.js';
import { ActivityModule } from './modules/activity/activity.module.js';
import { TeamsModule } from './modules/teams/teams.module.js';
// ---- drive ----
import { DriveModule } from './modules/drive/drive.module.js';

/** Feature modules: the same list serves the app and the worker (job handlers live in them). */
export const featureModules = [
  EventsModule,
  InstanceModule,
  UsersModule,
  ApiKeysModule,
  MailModule,
  AuditModule,
  AuthModule,
  SsoModule,
  AdminModule,
  WebsiteModule,
  // Diagrams as a service
  RealtimeModule,
  RealtimeGatewayModule,
  CollabModule,
  NotificationsModule,
  DiagramsModule,
  SharingModule,
  TagsModule,
  ProposalsModule,
  CommentsModule,
  PlaysModule,
  SimulationsModule,
  ThumbnailsModule,
  // Community social actions (likes, follows, hire)
  SocialModule,
  // library: templates, tours, balance tests, library items, preferences
  ToursModule,
  TemplatesModule,
  BalanceTestsModule,
  WebhooksModule,
  McpModule,
  LibraryModule,
  // Plans, trial and entitlements
  PlansModule,
  PlansFeatureModule,
  // Billing (Stripe)
  BillingModule,
  // Community: rankings, spotlight, Recent Activity
  CommunityModule,
  ActivityModule,
  // Teams
  TeamsModule,
  // Google Drive import/export
  DriveModule,
];

@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger, role: ProcessRole = 'app'): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: PROCESS_ROLE, useValue: role },
        RequestDrain,
        MetricsService,
      ],
      exports: [APP_CONFIG, LOGGER, PROCESS_ROLE, RequestDrain, MetricsService],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        PrismaModule,
        QueueModule,
        RateLimitModule,
        HealthModule,
        ...featureModules,
      ],
      controllers: [DocsController],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: ContractValidationInterceptor },
      ],
    };
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(config, logger, 'worker'),
        PrismaModule,
        QueueModule,
        RateLimitModule,
        ...featureModules,
      ],
    };
  }
}
