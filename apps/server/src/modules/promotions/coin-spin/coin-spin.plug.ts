import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { coinSpinProgramme } from './coin-spin.programme.ts';
import { coinSpinRoutes } from './coin-spin.routes.ts';

export const coinSpinPlug: PromotionPlug = definePlug({
  programmes: [coinSpinProgramme as ProgrammeDefinition],
  forms: {
    'coin-spin': {
      units: { 'prizes[].coins': 'coins', 'prizes[].cash': 'money', 'prizes[].count': 'count' },
    },
  },
  routes: (api, { db, country }) => api.register(coinSpinRoutes, { db, country }),
});
