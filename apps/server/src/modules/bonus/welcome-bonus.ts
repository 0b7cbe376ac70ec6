import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { WelcomeBonusSettingsSchema, type WelcomeBonusSettings } from '@app/contracts/bonus';
import type { Database } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import { lockMemberInGoodStanding } from '../member/member.service.ts';
import { defineProgramme, loadProgramme } from '../promotions/programmes.ts';
import type { BonusGrant } from '../wallet/bonus-pocket.ts';
import { grantProgrammeBonus, termsOf } from './grants.ts';

type Market = Pick<CountryProfile, 'promotions'>;

/**
 * The welcome bonus (docs/promotions.md "Welcome and first-deposit bonus"): bonus cash granted once to each
 * new member right after the registration, with its wagering terms. Default terms: KES 100 to wager 10×
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

/** The grant's source reference: one welcome bonus per member (`bonus_grant` unique member, source, ref). */
export const WELCOME_REF = 'welcome';

/**
 * Grants the welcome bonus to a member just registered, in its own transaction after the registration's
 * (the member row exists and is committed; a registration of a mobile already registered was refused
 * before, so it never reaches here). Exactly once per member: the grant's unique key, under the member's
 * account lock. The member's standing is read locked inside the transaction: a member self-excluded in the
 * meantime gets nothing. Nothing when the programme is off (or off in the market, Brazil).
 */
export async function grantWelcomeBonus(
  db: Kysely<Database>,
  market: Market,
  memberId: number,
  now = new Date(),
): Promise<BonusGrant | undefined> {
  return retryingTransaction(db, async (trx) => {
    const programme = await loadProgramme(trx, welcomeBonusProgramme, market);
    if (!programme.enabled) return undefined;
    if (!(await lockMemberInGoodStanding(trx, memberId))) return undefined;
    const { grant } = await grantProgrammeBonus(trx, {
      programme: programme.code,
      memberId,
      sourceRef: WELCOME_REF,
      amount: programme.settings.amount,
      terms: termsOf(programme.settings, now),
    });
    return grant;
  });
}
