import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import * as migration0040 from './migrations/0040-coin-spin.ts';
import { coinSpinProgramme } from './coin-spin.programme.ts';
import { coinSpinRoutes } from './coin-spin.routes.ts';
import type { CoinSpinTables } from './coin-spin.tables.ts';

export const coinSpinPlug: PromotionPlug<CoinSpinTables> = definePlug({
  programmes: [coinSpinProgramme as ProgrammeDefinition],
  forms: {
    'coin-spin': {
      units: { 'prizes[].coins': 'coins', 'prizes[].cash': 'money', 'prizes[].count': 'count' },
    },
  },
  routes: (api, house) => api.register(coinSpinRoutes, house),
  migrations: { '0040-coin-spin': migration0040 },
});
