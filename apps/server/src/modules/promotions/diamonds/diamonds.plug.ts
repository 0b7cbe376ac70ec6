import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { DIAMOND_SPIN } from './diamond-spin.service.ts';
import { DIAMOND_TASK, diamondTaskJobs } from './diamond-task.service.ts';
import { diamondsRoutes } from './diamonds.routes.ts';

/** Diamond tasks and the diamond spin (the exchange of diamonds is the coin exchange's). */
export const diamondsPlug: PromotionPlug = definePlug({
  programmes: [DIAMOND_TASK as ProgrammeDefinition, DIAMOND_SPIN as ProgrammeDefinition],
  forms: {
    'diamond-task': {
      // A task's target is a number of bets or an amount staked, as its type says.
      units: {
        'games[]': 'id',
        'tasks[].id': 'id',
        'tasks[].type': 'kind',
        'tasks[].target': 'per-kind',
        'tasks[].bonus': 'diamonds',
        'tasks[].originalBonus': 'diamonds',
        countdown: 'seconds',
      },
    },
    'diamond-spin': {
      units: {
        'options[].index': 'id',
        'options[].spins': 'count',
        'options[].cost': 'diamonds',
        'segments[].id': 'id',
        'segments[].amount': 'per-kind',
        'segments[].weight': 'weight',
        'segments[].dailyPool': 'count',
      },
    },
  },
  routes: (api, house) => api.register(diamondsRoutes, house),
  jobs: ({ db, country }) => diamondTaskJobs(db, country),
});
