import { definePlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { coinSpinProgramme } from './coin-spin.programme.ts';
import { coinSpinRoutes } from './coin-spin.routes.ts';

export const coinSpinPlug = definePlug({
  programmes: [coinSpinProgramme as ProgrammeDefinition],
  routes: (api, { db, country }) => api.register(coinSpinRoutes, { db, country }),
});
