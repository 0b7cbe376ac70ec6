import { definePlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { cashRainRoutes } from './cash-rain.routes.ts';
import { cashRainJobs, cashRainProgramme } from './cash-rain.service.ts';

export const cashRainPlug = definePlug({
  programmes: [cashRainProgramme as ProgrammeDefinition],
  routes: (api, { db, country }) => api.register(cashRainRoutes, { deps: { db, country } }),
  jobs: ({ db, country }) => cashRainJobs({ db, country }),
});
