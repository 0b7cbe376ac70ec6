import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { cashDrawProduct } from './cash-draw.service.ts';
import { CASH_DRAW, LOTTERY } from './lottery.programme.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { lotteryDrawProduct } from './lottery.service.ts';

/** The 6+1 lottery and the cash draw, on the draw engine (issue 16 §4 §5). */
export const lotteryPlug: PromotionPlug = definePlug({
  programmes: [LOTTERY as ProgrammeDefinition, CASH_DRAW as ProgrammeDefinition],
  forms: {
    lottery: {
      units: {
        price: 'money',
        closeMinutesBefore: 'minutes',
        maxTicketsPerDraw: 'count',
        'main.days[]': 'weekday',
        'main.openHoursBefore': 'hours',
        'main.jackpotSeed': 'money',
        'daily.days[]': 'weekday',
        'daily.openHoursBefore': 'hours',
        'daily.jackpotSeed': 'money',
        houseShare: 'percent',
      },
    },
    'cash-draw': {
      units: {
        price: 'money',
        'days[]': 'weekday',
        openHoursBefore: 'hours',
        closeMinutesBefore: 'minutes',
        maxEntriesPerDraw: 'count',
        houseShare: 'percent',
        'shares[]': 'percent',
      },
    },
  },
  routes: (api, { db, country }) => api.register(lotteryRoutes, { deps: { db, country } }),
  drawProducts: ({ country }) => [lotteryDrawProduct(country), cashDrawProduct(country)],
});
