import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { signInProgramme } from './sign-in.programme.ts';
import { signInRoutes } from './sign-in.routes.ts';

export const signInPlug: PromotionPlug = definePlug({
  programmes: [signInProgramme as ProgrammeDefinition],
  forms: { 'sign-in': { units: { 'amounts[]': 'per-kind' } } },
  routes: (api, house) => api.register(signInRoutes, house),
});
