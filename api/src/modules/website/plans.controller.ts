import { Controller } from '@nestjs/common';
import { CURRENCY, planCatalog, planEndpoints } from '@loopwright/contracts';
import { Endpoint } from '../../core/http/endpoint.decorator.js';

/** The plan catalogue the pricing page renders (get-plan-features, get-prod-config). */
@Controller()
export class PlansController {
  @Endpoint(planEndpoints.planFeatures)
  features() {
    return { success: true as const, content: planCatalog.map((p) => ({ name: p.name, displayName: p.displayName, tagline: p.tagline, highlighted: Boolean(p.highlighted), features: p.features })) };
  }

  @Endpoint(planEndpoints.prodConfig)
  prodConfig() {
    return { success: true as const, content: planCatalog.map((p) => ({ id: p.type, name: p.name, active: p.active, trial: p.trial, currency: CURRENCY, price: p.price })) };
  }
}
