import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import { BONUS_TERMS_UNITS } from '../kit/settings-form.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { coinExchangeProgramme } from './exchange.service.ts';

/** Coins and diamonds exchanged for cash or bonus cash (a programme since issue 14). */
export const exchangePlug: PromotionPlug = definePlug({
  programmes: [coinExchangeProgramme as ProgrammeDefinition],
  forms: { 'coin-exchange': { units: { ...BONUS_TERMS_UNITS, maxConversionPercent: 'percent' } } },
  routes: (api, house) => api.register(exchangeRoutes, house),
});
