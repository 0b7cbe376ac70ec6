import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { luckyRefundRoutes } from './lucky-refund.routes.ts';
import { LUCKY_REFUND, luckyRefundProduct } from './lucky-refund.service.ts';

/** Lucky refund (issue 16 §2): rounds and the Saturday raffle on the draw engine. */
export const luckyRefundPlug: PromotionPlug = definePlug({
  programmes: [LUCKY_REFUND as ProgrammeDefinition],
  forms: {
    'lucky-refund': {
      units: {
        price: 'money',
        coinsPrice: 'coins',
        diamondsPrice: 'diamonds',
        roundMinutes: 'minutes',
        drawDelaySeconds: 'seconds',
        refundPercent: 'percent',
        housePercent: 'percent',
        jackpotPercent: 'percent',
        jackpotHour: 'hour-of-day',
        maxPerPurchase: 'count',
        maxPerMember: 'count',
      },
    },
  },
  routes: (api, { db, country, theme }) => api.register(luckyRefundRoutes, { deps: { db, country, theme } }),
  drawProducts: ({ db, country }) => [luckyRefundProduct({ db, country })],
});
