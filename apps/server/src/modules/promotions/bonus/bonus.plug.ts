import { definePlug, type PromotionPlug } from '../kit/plug.ts';
import { BONUS_TERMS_UNITS } from '../kit/settings-form.ts';
import type { ProgrammeDefinition } from '../kit/programmes.ts';
import { bonusJobs } from './bonus-jobs.ts';
import { bonusRoutes } from './bonus.routes.ts';
import { firstDepositBonusJobs, firstDepositBonusProgramme } from './first-deposit-bonus.ts';
import { offerWelcomeBonus, welcomeBonusProgramme } from './welcome-bonus.ts';

/** The welcome and first-deposit bonuses; grants past their date expire (issue 14 §2). */
export const bonusPlug: PromotionPlug = definePlug({
  programmes: [
    welcomeBonusProgramme as ProgrammeDefinition,
    firstDepositBonusProgramme as ProgrammeDefinition,
  ],
  forms: {
    'welcome-bonus': { units: { amount: 'money', maxConversion: 'money', ...BONUS_TERMS_UNITS } },
    'first-deposit-bonus': {
      units: {
        percent: 'percent',
        cap: 'money',
        minDeposit: 'money',
        maxConversion: 'money',
        ...BONUS_TERMS_UNITS,
      },
    },
  },
  routes: (api, house) => api.register(bonusRoutes, house),
  jobs: ({ db, country }) => [...bonusJobs(db), ...firstDepositBonusJobs(db, country)],
  onRegistration: ({ db, country }, memberId) => offerWelcomeBonus(db, country, memberId),
});
