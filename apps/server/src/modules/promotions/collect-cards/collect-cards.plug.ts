import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { collectCardsRoutes } from './collect-cards.routes.ts';
import { COLLECT_CARDS, collectCardsJobs } from './collect-cards.service.ts';

/** Collect-cards (issue 16 §3): chances from deposits and coins, draws and the set's gift. */
export const collectCardsPlug: PromotionPlug = definePlug({
  programmes: [COLLECT_CARDS as ProgrammeDefinition],
  forms: {
    'collect-cards': {
      units: {
        id: 'id',
        'cards[].weight': 'weight',
        giftAmount: 'money',
        costChance: 'coins',
        depositChance: 'count',
      },
    },
  },
  routes: (api, { db, country }) => api.register(collectCardsRoutes, { deps: { db, country } }),
  jobs: ({ db, country }) => collectCardsJobs(db, country),
});
