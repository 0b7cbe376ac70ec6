import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { vipRoutes } from './vip.routes.ts';
import { VIP, vipJobs } from './vip.service.ts';

/** VIP points from every real-money stake, levels and benefits (issue 15 §1). */
export const vipPlug: PromotionPlug = definePlug({
  programmes: [VIP as ProgrammeDefinition],
  forms: {
    vip: {
      units: {
        'thresholds[]': 'count',
        holidayMultiplier: 'multiple',
        anniversaryDays: 'days',
        'benefits[].id': 'id',
        'benefits[].type': 'kind',
        'benefits[].amounts[]': 'per-kind',
      },
    },
  },
  routes: (api, house) => api.register(vipRoutes, house),
  jobs: ({ db, country }) => vipJobs(db, country),
});
