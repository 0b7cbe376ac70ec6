import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { giveawayRoutes } from './giveaway.routes.ts';
import { giveawayProgramme } from './giveaway.service.ts';

export const giveawayPlug: PromotionPlug = definePlug({
  programmes: [giveawayProgramme as ProgrammeDefinition],
  forms: {
    giveaway: {
      units: {
        'giveaways[].id': 'id',
        'giveaways[].coins': 'coins',
        'giveaways[].diamonds': 'diamonds',
        'giveaways[].cash': 'money',
        'giveaways[].budget': 'count',
      },
    },
  },
  routes: (api, { member }) => api.register(giveawayRoutes, { deps: member }),
});
