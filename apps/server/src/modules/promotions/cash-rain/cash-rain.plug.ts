import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { cashRainRoutes } from './cash-rain.routes.ts';
import { cashRainJobs, cashRainProgramme } from './cash-rain.service.ts';

export const cashRainPlug: PromotionPlug = definePlug({
  programmes: [cashRainProgramme as ProgrammeDefinition],
  forms: {
    'cash-rain': {
      units: {
        'slots[].id': 'id',
        'slots[].budget': 'money',
        'slots[].cashPackets': 'count',
        'slots[].minPacket': 'money',
        'slots[].tryAgainPackets': 'count',
        'slots[].coinPackets': 'count',
        'slots[].coinAmount': 'coins',
        'slots[].diamondPackets': 'count',
        'slots[].diamondAmount': 'diamonds',
      },
    },
  },
  routes: (api, { db, country, clock }) => api.register(cashRainRoutes, { deps: { db, country, clock } }),
  jobs: ({ db, country, clock }) => cashRainJobs({ db, country, clock }),
});
