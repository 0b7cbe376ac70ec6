import { definePlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { referralRoutes } from './referral.routes.ts';
import { recordRegistration, REFERRAL, referralJobs } from './referral.service.ts';

/** Invitees' qualification from the money facts, rewards after their hold; a registration by invitation. */
export const referralPlug = definePlug({
  programmes: [REFERRAL as ProgrammeDefinition],
  routes: (api, { db, country }) => api.register(referralRoutes, { db, country }),
  jobs: ({ db, country }) => referralJobs(db, country),
  // A member invited by a code (typed, or the guid cookie of an invitation link) gets their referral.
  onRegistration: ({ db }, memberId) => recordRegistration(db, memberId),
});
