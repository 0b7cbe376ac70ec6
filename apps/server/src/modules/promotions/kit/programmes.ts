import { addDays, calendarDayOf, dayRange } from '@app/contracts/market-calendar';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { PROGRAMME_COST_DAYS, type ProgrammeBudget } from '@app/contracts/back-office-programmes';
import type { CountryProfile } from '@app/contracts/country';
import type { ErrorKey } from '@app/contracts/errors';
import type { ProgrammeCode, ProgrammeView } from '@app/contracts/promotions';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import type { Actor } from '../../platform/staff/audit.service.ts';
import { auditedWrite } from '../../platform/staff/audit.service.ts';
import {
  ACCOUNT,
  creditMember,
  getAccountBalances,
  openPromotionBudget,
  promotionCostsByDay,
  type PostedTransaction,
} from '../../platform/wallet/wallet.service.ts';
import * as repository from './promotions.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A promotion programme as its module declares it (docs/promotions.md): its code, the schema of the
 * settings an operator may set, and what it runs on before any operator has touched it. Each programme
 * module exports one; the composition root lists them for the operator API.
 */
export type ProgrammeDefinition<Settings extends Record<string, unknown> = Record<string, unknown>> = {
  code: ProgrammeCode;
  settings: z.ZodType<Settings>;
  defaults: { enabled: boolean; settings: Settings };
};

export function defineProgramme<Settings extends Record<string, unknown>>(
  definition: ProgrammeDefinition<Settings>,
): ProgrammeDefinition<Settings> {
  return definition;
}

/** A programme as it runs now: the operator's settings (or the defaults) and whether players may use it. */
export type Programme<Settings> = {
  code: ProgrammeCode;
  /** On for players: the operator's switch is on and the market's law allows the programme. */
  enabled: boolean;
  operatorEnabled: boolean;
  allowedInMarket: boolean;
  settings: Settings;
  /** Where every reward of the programme comes from (`promo:<code>:budget`). */
  budgetAccount: string;
};

type Market = Pick<CountryProfile, 'promotions'>;

/** The programme's current state (one row read; a programme never configured runs on its defaults). */
export async function loadProgramme<Settings extends Record<string, unknown>>(
  db: Db,
  definition: ProgrammeDefinition<Settings>,
  market: Market,
): Promise<Programme<Settings>> {
  const row = await repository.findProgrammeRow(db, definition.code);
  // Settings were checked when written; a programme whose schema gained a field since reads the default.
  const parsed =
    row && definition.settings.safeParse({ ...definition.defaults.settings, ...(row.settings as object) });
  const allowedInMarket = !market.promotions.programmesOff.includes(definition.code);
  const operatorEnabled = row?.enabled ?? definition.defaults.enabled;
  return {
    code: definition.code,
    enabled: allowedInMarket && operatorEnabled,
    operatorEnabled,
    allowedInMarket,
    settings: parsed?.success ? parsed.data : definition.defaults.settings,
    budgetAccount: ACCOUNT.promotionBudget(definition.code),
  };
}

/** The programme, if players may use it now; else ACTIVITY_INVALID ("The activity is invalid"). */
export async function requireProgramme<Settings extends Record<string, unknown>>(
  db: Db,
  definition: ProgrammeDefinition<Settings>,
  market: Market,
): Promise<Programme<Settings>> {
  const programme = await loadProgramme(db, definition, market);
  if (!programme.enabled) throw new AppError('ACTIVITY_INVALID');
  return programme;
}

/**
 * One reward of a programme, paid from the programme's own budget account to the member, inside the
 * caller's transaction (which also records the claim, so both commit or neither). `key` names the reward
 * within the programme, `<period-or-slot>:<member>` (reference §1): the ledger's idempotency key is
 * `promo:<programme>:<key>`, so a replayed claim or a re-run job pays nothing twice. The member's standing is
 * read in the same transaction with the row locked: a self-excluded or closed member is paid nothing
 * (PROMOTION_MEMBER_BLOCKED) and the caller's transaction rolls back with its claim.
 *
 * Cash paid here is a prize, withdrawable at once: bonus cash (not withdrawable until wagered) arrives only
 * as a bonus grant with its terms (docs/promotions.md "Bonus coins and bonus cash"), never as a reward.
 */
export async function payReward(
  trx: Transaction<Database>,
  reward: {
    programme: ProgrammeCode;
    memberId: number;
    key: string;
    cash?: number;
    coins?: number;
    diamonds?: number;
    /** Whole tickets (the VIP benefit's free tickets), a balance the draws spend. */
    tickets?: number;
    description?: string;
  },
): Promise<PostedTransaction> {
  if (!(await lockMemberInGoodStanding(trx, reward.memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
  const budget = await openPromotionBudget(trx, reward.programme);
  return creditMember(trx, {
    memberId: reward.memberId,
    from: budget,
    key: `promo:${reward.programme}:${reward.key}`,
    kind: 'bonus',
    cash: reward.cash,
    withdrawable: reward.cash,
    coins: reward.coins,
    diamonds: reward.diamonds,
    tickets: reward.tickets,
    description: reward.description ?? reward.programme,
  });
}

/** A reward as `payReward` takes it: what the programme pays one member for one claim. */
export type Reward = Parameters<typeof payReward>[1];

/**
 * The claim-once flow every programme's claim follows (issue 23 §2), inside the caller's transaction:
 * `record` writes the claim's row (`insert … on conflict do nothing`, or a locked check) and answers it, or
 * nothing when the member has already claimed, refused with `alreadyClaimed`; then the reward is paid from
 * the programme's budget (`payReward`: the ledger key makes a replay pay nothing twice, a blocked member
 * rolls the claim back) unless every amount is zero; then `link` ties the claim to the ledger transaction.
 * A parallel second claim waits on the first one's row and finds it: one payment, one refusal.
 */
export async function claimOnce<Recorded>(
  trx: Transaction<Database>,
  claim: {
    record: () => Promise<Recorded | undefined | false>;
    alreadyClaimed: ErrorKey;
    reward: (recorded: Recorded) => Reward;
    link?: (recorded: Recorded, transactionId: number) => Promise<unknown>;
  },
): Promise<{ recorded: Recorded; paid?: PostedTransaction }> {
  const recorded = await claim.record();
  if (recorded === undefined || recorded === false) throw new AppError(claim.alreadyClaimed);
  const reward = claim.reward(recorded);
  const amounts = [reward.cash, reward.coins, reward.diamonds, reward.tickets];
  if (!amounts.some((amount) => amount !== undefined && amount > 0)) return { recorded };
  const paid = await payReward(trx, reward);
  await claim.link?.(recorded, paid.transactionId);
  return { recorded, paid };
}

/** Every listed programme as the operator sees it. */
export async function listProgrammes(
  db: Db,
  definitions: readonly ProgrammeDefinition[],
  market: Market,
): Promise<ProgrammeView[]> {
  return Promise.all(
    definitions.map(async (definition) => viewOf(await loadProgramme(db, definition, market))),
  );
}

function viewOf(programme: Programme<Record<string, unknown>>): ProgrammeView {
  return {
    code: programme.code,
    enabled: programme.enabled,
    operatorEnabled: programme.operatorEnabled,
    allowedInMarket: programme.allowedInMarket,
    settings: programme.settings,
    budgetAccount: programme.budgetAccount,
  };
}

/**
 * An operator sets a programme's switch and settings (checked by the programme's own schema), in the
 * same transaction as its audit entry. Settings apply to what is granted from now on: a reward already
 * granted keeps the terms it was granted with.
 */
export async function configureProgramme(
  db: Kysely<Database>,
  actor: Actor,
  definition: ProgrammeDefinition,
  market: Market,
  update: { enabled: boolean; settings: Record<string, unknown> },
): Promise<ProgrammeView> {
  const parsed = definition.settings.safeParse(update.settings);
  if (!parsed.success) {
    throw new AppError(
      'PROGRAMME_SETTINGS_INVALID',
      undefined,
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'settings',
        message: issue.message,
      })),
    );
  }
  return auditedWrite(db, actor, async (trx) => {
    const before = viewOf(await loadProgramme(trx, definition, market));
    await repository.saveProgrammeRow(trx, {
      code: definition.code,
      enabled: update.enabled,
      settings: parsed.data,
    });
    const after = viewOf(await loadProgramme(trx, definition, market));
    return {
      result: after,
      record: { action: 'promotion.configure', target: `programme:${definition.code}`, before, after },
    };
  });
}

/** What each programme paid per market day from `from` to `to` (both included), from its budget account. */
export async function programmeCosts(
  db: Db,
  market: Pick<CountryProfile, 'timeZone'>,
  days: { from: string; to: string },
) {
  return promotionCostsByDay(db, {
    from: dayRange(days.from, market.timeZone).from,
    to: dayRange(days.to, market.timeZone).to,
    timeZone: market.timeZone,
  });
}

/**
 * Each programme's budget account as the back office shows it (issue 26 §5): its balance in the ledger and
 * what it paid in the last `PROGRAMME_COST_DAYS` market days, today included, from the same ledger query as
 * `programmeCosts`. A programme that never paid has an account not opened yet: zero.
 */
export async function programmeBudgets(
  db: Db,
  definitions: readonly ProgrammeDefinition[],
  market: Pick<CountryProfile, 'timeZone'>,
  now: Date,
): Promise<ProgrammeBudget[]> {
  const today = calendarDayOf(now, market.timeZone);
  const from = addDays(today, 1 - PROGRAMME_COST_DAYS);
  const costs = await programmeCosts(db, market, { from, to: today });
  return Promise.all(
    definitions.map(async ({ code }) => {
      const account = ACCOUNT.promotionBudget(code);
      const { cash, coins, diamonds, tickets } = await getAccountBalances(db, account);
      const recent = {
        from,
        days: PROGRAMME_COST_DAYS,
        cash: 0,
        coins: 0,
        diamonds: 0,
        tickets: 0,
        payouts: 0,
      };
      for (const row of costs.filter((each) => each.programme === code)) {
        recent.cash += row.cash;
        recent.coins += row.coins;
        recent.diamonds += row.diamonds;
        recent.tickets += row.tickets;
        recent.payouts += row.payouts;
      }
      return { code, account, balance: { cash, coins, diamonds, tickets }, recent };
    }),
  );
}
