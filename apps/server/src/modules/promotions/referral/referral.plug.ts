import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { referralRoutes } from './referral.routes.ts';
import { recordRegistration, REFERRAL, referralJobs } from './referral.service.ts';

/** Invitees' qualification from the money facts, rewards after their hold; a registration by invitation. */
export const referralPlug: PromotionPlug = definePlug({
  programmes: [REFERRAL as ProgrammeDefinition],
  forms: {
    referral: {
      units: {
        'reward.cash': 'money',
        'reward.coins': 'coins',
        'qualification.minDeposit': 'money',
        'qualification.minWager': 'money',
        holdDays: 'days',
        'caps.perDay': 'count',
        'caps.perMonth': 'count',
        'caps.total': 'count',
        'tasks[].id': 'id',
        'tasks[].invites': 'count',
        'tasks[].cash': 'money',
        'tasks[].coins': 'coins',
      },
    },
  },
  routes: (api, house) => api.register(referralRoutes, house),
  jobs: ({ db, country }) => referralJobs(db, country),
  // A member invited by a code (typed, or the guid cookie of an invitation link) gets their referral.
  onRegistration: ({ db }, memberId) => recordRegistration(db, memberId),
});
