import { definePlug, type House, type PromotionPlug } from '../kit/plug.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { getMemberVipLevel, getMemberVipLevels } from '../vip/vip.service.ts';
import { cashBackRoutes } from './cash-back.routes.ts';
import { CASH_BACK, cashBackJobs, type CashBackDeps } from './cash-back.service.ts';

/** The rate follows the member's VIP level (issue 15 §3); the VIP module owns levels. */
function depsOf({ db, country }: House): CashBackDeps {
  return {
    db,
    country,
    levelOf: async (database, memberId, at) =>
      (await getMemberVipLevel(database, memberId, at, country)).level,
    levelsOf: (database, memberIds, at) => getMemberVipLevels(database, memberIds, at, country),
  };
}

/** Weekly cash back: own-money losses counted from the money facts; closed weeks settled. */
export const cashBackPlug: PromotionPlug = definePlug({
  programmes: [CASH_BACK as ProgrammeDefinition],
  forms: {
    'cash-back': {
      units: { 'rates[]': 'percent', cap: 'money', claimOpensHour: 'hour-of-day', claimDays: 'days' },
    },
  },
  routes: (api, house) => api.register(cashBackRoutes, { deps: depsOf(house) }),
  jobs: (house) => cashBackJobs(depsOf(house)),
});
