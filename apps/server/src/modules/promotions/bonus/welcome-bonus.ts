import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { WelcomeBonusSettingsSchema, type BonusOffer, type WelcomeBonusSettings } from '@app/contracts/bonus';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { defineProgramme, loadProgramme } from '../kit/programmes.ts';
import { offerBonus } from './offers.ts';

type Market = Pick<CountryProfile, 'promotions'>;

/**
 * The welcome bonus (docs/promotions.md "Welcome and first-deposit bonus"): bonus cash offered once to each
 * new member right after the registration, granted with its wagering terms if they accept it. Default terms: KES 100 to wager 10×
 * within 7 days, stakes up to KES 50 while it is active, at most KES 100 withdrawable at the end.
 */
export const welcomeBonusProgramme = defineProgramme<WelcomeBonusSettings>({
  code: 'welcome-bonus',
  settings: WelcomeBonusSettingsSchema,
  defaults: {
    // Off until an operator switches it on: a grant changes every new member's balance and stake limit.
    enabled: false,
    settings: {
      amount: 100_00,
      wageringMultiple: 10,
      expiryDays: 7,
      maxStake: 50_00,
      maxConversion: 100_00,
      contribution: { inhouse: 100, crash: 100, provider: 100 },
    },
  },
});

/** The offer's (and grant's) source reference: one welcome bonus per member (unique member, programme, ref). */
export const WELCOME_REF = 'welcome';

/**
 * Offers the welcome bonus to a member just registered (issue 22: a bonus is the player's choice; nothing is
 * granted, and no stake limit applies, until they accept it), in its own transaction after the
 * registration's. Once per member: the offer's unique key. The member's standing is read locked inside the
 * transaction: a member self-excluded in the meantime is offered nothing. Nothing when the programme is off
 * (or off in the market, Brazil).
 */
export async function offerWelcomeBonus(
  db: Kysely<Database>,
  market: Market,
  memberId: number,
  now = new Date(),
): Promise<BonusOffer | undefined> {
  return retryingTransaction(db, async (trx) => {
    const programme = await loadProgramme(trx, welcomeBonusProgramme, market);
    if (!programme.enabled) return undefined;
    if (!(await lockMemberInGoodStanding(trx, memberId))) return undefined;
    return offerBonus(
      trx,
      {
        programme: programme.code,
        memberId,
        sourceRef: WELCOME_REF,
        amount: programme.settings.amount,
        terms: programme.settings,
      },
      now,
    );
  });
}
