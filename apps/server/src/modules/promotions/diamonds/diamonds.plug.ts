import { definePlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { DIAMOND_SPIN } from './diamond-spin.service.ts';
import { DIAMOND_TASK, diamondTaskJobs } from './diamond-task.service.ts';
import { diamondsRoutes } from './diamonds.routes.ts';

/** Diamond tasks and the diamond spin (the exchange of diamonds is the coin exchange's). */
export const diamondsPlug = definePlug({
  programmes: [DIAMOND_TASK as ProgrammeDefinition, DIAMOND_SPIN as ProgrammeDefinition],
  routes: (api, { db, country }) => api.register(diamondsRoutes, { db, country }),
  jobs: ({ db, country }) => diamondTaskJobs(db, country),
});
