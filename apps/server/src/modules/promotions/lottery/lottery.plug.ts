import { definePlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { cashDrawProduct } from './cash-draw.service.ts';
import { CASH_DRAW, LOTTERY } from './lottery.programme.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { lotteryDrawProduct } from './lottery.service.ts';

/** The 6+1 lottery and the cash draw, on the draw engine (issue 16 §4 §5). */
export const lotteryPlug = definePlug({
  programmes: [LOTTERY as ProgrammeDefinition, CASH_DRAW as ProgrammeDefinition],
  routes: (api, { db, country }) => api.register(lotteryRoutes, { deps: { db, country } }),
  drawProducts: ({ country }) => [lotteryDrawProduct(country), cashDrawProduct(country)],
});
