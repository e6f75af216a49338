import { PlansModule } from '../plans/plans.module.js';
import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module.js';
import { ContentModule } from '../content/content.module.js';
import { SearchModule } from '../search/search.module.js';
import { TrackingModule } from '../tracking/tracking.module.js';
import { WebsiteGatewayService } from './website-gateway.service.js';

/** The public website: content, search, tracking and forms, and the gateway SSR pages read from. */
@Module({
  imports: [ContentModule, SearchModule, TrackingModule, ContactModule, PlansModule],
  providers: [WebsiteGatewayService],
})
export class WebsiteModule {}
