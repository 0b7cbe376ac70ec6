import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { mallRoutes } from './mall.routes.ts';
import { MALL } from './mall.service.ts';

/** The mall, cart and coupons (issue 15 §4). */
export const mallPlug: PromotionPlug = definePlug({
  programmes: [MALL as ProgrammeDefinition],
  forms: { mall: { units: {} } },
  routes: (api, { db, country, theme }) => api.register(mallRoutes, { deps: { db, country, theme } }),
});
