import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { CountryProfile } from '@app/contracts/country';
import { ACCOUNT_PATHS, ADMIN_PATHS, PAY_SERVICE_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import {
  cpfOf,
  identityDocumentsOf,
  kycFieldsFor,
  registrationIdentityFields,
  type KycFieldName,
  type RegistrationIdentity,
} from '@app/contracts/kyc';
import type { RegistrationLimits } from '@app/contracts/limits';
import type { ProgrammeCode } from '@app/contracts/promotions';
import type { Database } from '../src/db/schema.ts';
import { openGameSession } from '../src/modules/games/catalogue/game-session.service.ts';
import { grantBonus, type BonusTerms } from '../src/modules/platform/wallet/bonus-pocket.ts';
import type { PaymentDeps } from '../src/modules/payments/channels/payment-deps.ts';
import { reconcileDeposits } from '../src/modules/payments/deposit/deposit.service.ts';
import { getAppSettings } from '../src/modules/platform/config/config.service.ts';
import { PROMOTION_PLUGS } from '../src/modules/promotions/plugs.ts';
import { addWeightedStakes } from '../src/modules/promotions/vip/vip.repository.ts';
import { vipYearOf } from '../src/modules/promotions/vip/vip.rules.ts';
import { getLevels, getMemberVipLevel } from '../src/modules/promotions/vip/vip.service.ts';
import {
  ACCOUNT,
  creditDeposit,
  creditMember,
  debitMember,
  getAccountBalances,
  type PostedTransaction,
} from '../src/modules/platform/wallet/wallet.service.ts';
import { callApi, newMobile, registerMember } from './api-client.ts';
import { staffSession, type TestStaff } from './staff-session.ts';
import { TEST_MPESA_PIN, type TestApp } from './test-app.ts';

/**
 * Test data from one factory with overrides: a member made the way a player becomes one, with the money,
 * level and identity a test needs, and a programme set the way an operator sets it. `await newMember(ctx)` is a registered member with nothing; `newMember(ctx, { cash: 500_00 })`
 * one with KSh 500 to play.
 */

export type TestMember = {
  id: number;
  /** The login's token, for the member's calls (`callApi(ctx, path, { token })`). */
  token: string;
  /** The national form the member registered with (`0712000001`). */
  mobile: string;
  /** The same number in E.164 (`+254712000001`), as SMS and M-Pesa name it. */
  e164: string;
  /** The member's own invitation code, for a friend's registration. */
  inviteCode: string;
};

export type NewMemberOptions = {
  /** Withdrawable cash in minor units, as a paid deposit brings it. */
  cash?: number;
  /** Bonus cash in minor units: cash that is not withdrawable, spent after the member's own money. */
  bonus?: number;
  coins?: number;
  diamonds?: number;
  /** The VIP level (1 to 10) the member holds this year, on the programme's thresholds of now. */
  vipLevel?: number;
  /**
   * Where the member's identity stands (issue 25 §1). `'verified'` by default: the identity form and a photo
   * sent through the app and verified by the identity simulator (its match), or in a market verified by
   * document review, approved by an operator; so members may play, deposit and withdraw as the market's
   * gate asks. `'pending'`: the form sent, not verified; `'none'`: nothing sent (the gate's own tests).
   */
  kyc?: 'verified' | 'pending' | 'none';
  /** The identity number the form names (the simulator answers by it); a new matching one by default. */
  idNumber?: string;
  /** The address the member registers from; a new one each call by default. */
  ip?: string;
  /** The first digits of the new mobile (`'0712'` by default). */
  mobilePrefix?: string;
  /** Another market's number (national and E.164 forms); a new Kenyan one by default. */
  number?: { mobile: string; e164: string };
  /** The device the member registers from (the `deviceid` header). */
  deviceId?: string;
  /** A friend's invitation code, or an agent's link code, given at registration. */
  inviteCode?: string;
  guidCode?: string;
};

let addresses = 0;

/**
 * Each member registers from an address of its own, so the SMS codes per address per hour never run out
 * in a file that makes many members. 172.16.0.0/12 is not used by any test's chosen address (they pick
 * 10.x), so a chosen address is never shared by accident.
 */
function newAddress(): string {
  addresses += 1;
  return `172.${16 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * A member registered through the app as a phone registers (SMS code from the simulator's inbox), so the
 * registration's own steps run (the welcome message, the programmes' `onRegistration`), then given what
 * `options` ask for:
 * - `cash` is credited by the wallet as a deposit from outside (all withdrawable, counted as deposited);
 *   `bonus` (cash that is not withdrawable), `coins` and `diamonds` come in one gift from the promotions'
 *   account. Each credit has a key of its own (`test-member:<id>:…`), unique in the database. The bonus
 *   cash is not a bonus grant (no wagering): a test of wagering grants one through the bonus module.
 * - `vipLevel` writes the points of that level's threshold into the member's year through the VIP
 *   module's repository, as its points consumer writes them after bets: the smallest honest route, since
 *   no service sets a level and real bets would also count for every other programme reading money facts.
 * - `kyc` (`'verified'` by default) sends the market's identity form and a photo through the app, as the
 *   member does, and the identity simulator verifies it (`verifyIdentity`).
 */
export async function newMember(ctx: TestApp, options: NewMemberOptions = {}): Promise<TestMember> {
  const number = options.number ?? newMobile(options.mobilePrefix);
  const ip = options.ip ?? newAddress();
  const market = marketOf(ctx);
  const kyc = options.kyc ?? 'verified';
  const gatedAtRegistration = market.compliance.identity.requiredBefore === 'registration';
  if (gatedAtRegistration && kyc !== 'verified') {
    throw new Error(`${market.code} verifies identity before the account exists: no member is ${kyc}`);
  }
  const registered = await registerMember(ctx, number, {
    ip,
    deviceId: options.deviceId,
    inviteCode: options.inviteCode,
    guidCode: options.guidCode,
    ...(gatedAtRegistration ? { identity: registrationIdentityFor(market, options.idNumber) } : {}),
    ...(market.compliance.limits.requiredAtRegistration ? { limits: REGISTRATION_LIMITS } : {}),
  });
  if (registered.code !== 0) throw new Error(`registration failed: ${registered.code} ${registered.msg}`);
  const member: TestMember = {
    id: registered.data.memberInfo.id,
    token: registered.token,
    mobile: registered.mobile,
    e164: registered.e164,
    inviteCode: registered.data.memberInfo.inviteCode,
  };
  if (options.cash) {
    await creditMember(ctx.db, {
      memberId: member.id,
      from: ACCOUNT.world,
      key: `test-member:${member.id}:cash`,
      kind: 'deposit',
      cash: options.cash,
      withdrawable: options.cash,
    });
  }
  if (options.bonus || options.coins || options.diamonds) {
    await creditMember(ctx.db, {
      memberId: member.id,
      from: ACCOUNT.promotionBonus,
      key: `test-member:${member.id}:gift`,
      kind: 'bonus',
      cash: options.bonus ?? 0,
      coins: options.coins ?? 0,
      diamonds: options.diamonds ?? 0,
    });
  }
  if (options.vipLevel !== undefined) await giveVipLevel(ctx, member.id, options.vipLevel);
  // Verified at registration where the market asks before the account exists.
  if (gatedAtRegistration) return member;
  if (kyc !== 'none') await sendIdentityForm(ctx, member, options.idNumber);
  if (kyc === 'verified') await verifyIdentity(ctx, member);
  return member;
}

/** The deposit limit the factory's members choose where the law asks for limits at registration: roomy. */
export const REGISTRATION_LIMITS: RegistrationLimits = [{ name: 'deposit:month', amount: 10_000_000_00 }];

let registrants = 0;

/**
 * The identity a registration carries where the market verifies before the account exists, with a new number
 * the identity simulator matches (deciding digit 0) unless `idNumber` is given.
 */
export function registrationIdentityFor(market: CountryProfile, idNumber?: string): RegistrationIdentity {
  registrants += 1;
  const values = identityValuesFor(market, idNumber ?? identityNumberFor(market, 50_000_000 + registrants));
  return {
    values: Object.fromEntries(
      registrationIdentityFields(market.code).map((field) => [field.name, values[field.name] ?? '']),
    ),
    photo: TEST_PHOTO,
  };
}

/** The market the app runs (`COUNTRY`), as app.ts reads it. */
function marketOf(ctx: TestApp): CountryProfile {
  return getAppSettings(ctx.env).country;
}

async function giveVipLevel(ctx: TestApp, memberId: number, level: number): Promise<void> {
  const market = marketOf(ctx);
  const levels = await getLevels(ctx.db, market);
  const start = levels.find((candidate) => candidate.id === level);
  if (!start) throw new Error(`no VIP level ${level}`);
  const weightedStake = start.points * market.scale;
  if (weightedStake > 0) {
    const year = vipYearOf(new Date(), market.timeZone);
    await ctx.db.transaction().execute((trx) => addWeightedStakes(trx, [{ memberId, year, weightedStake }]));
  }
  const reached = await getMemberVipLevel(ctx.db, memberId, new Date(), market);
  if (reached.level !== level) throw new Error(`the member is at VIP level ${reached.level}, not ${level}`);
}

/** A 1×1 PNG as a data URL: the photo the identity simulator compares (it reads the ID number, not the face). */
export const TEST_PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The market's identity form for a member, with a number the identity simulator matches (deciding digit
 * 0): Kenya's national ID, Brazil's CPF, or the market's first document.
 */
export function identityFormFor(
  market: CountryProfile,
  memberId: number,
  idNumber?: string,
): Record<string, string> {
  const values = identityValuesFor(market, idNumber ?? identityNumberFor(market, memberId));
  return Object.fromEntries(
    kycFieldsFor(market.code)
      .filter((field) => field.required || field.name === 'email')
      .map((field) => [`field${field.index}`, values[field.name] ?? '']),
  );
}

/** A number of the market's first document the identity simulator matches (deciding digit 0), from `seed`. */
function identityNumberFor(market: CountryProfile, seed: number): string {
  return identityDocumentsOf(market.code)[0]?.checkDigits === 'cpf'
    ? cpfOf(String(seed * 10).padStart(9, '0'))
    : String(10_000_000 + seed * 10);
}

/** The identity form's values by field name, naming `number` as the market's document. */
function identityValuesFor(market: CountryProfile, number: string): Record<KycFieldName, string> {
  return {
    firstName: 'Wanjiku',
    surname: 'Otieno',
    dateOfBirth: '19900305',
    ID_TYPE: identityDocumentsOf(market.code)[0]?.type ?? '',
    ID_NUMBER: number,
    IdCardNumber: number,
    BVN: number.padStart(11, '0').slice(-11),
    email: 'wanjiku@example.co.ke',
    RESIDENTIAL_ADDRESS: '',
  };
}

async function sendIdentityForm(ctx: TestApp, member: TestMember, idNumber?: string): Promise<void> {
  const sent = await callApi(ctx, ACCOUNT_PATHS.kyc, {
    token: member.token,
    form: identityFormFor(marketOf(ctx), member.id, idNumber),
  });
  if (sent.code !== 0) throw new Error(`the identity form was refused: ${sent.code} ${sent.msg}`);
}

/**
 * The member's saved form verified as a player verifies it (the photo to the verification service); where
 * the market verifies by document review, an operator then approves it through the review queue.
 */
export async function verifyIdentity(ctx: TestApp, member: Pick<TestMember, 'id' | 'token'>): Promise<void> {
  const answer = await callApi(ctx, ACCOUNT_PATHS.kycVerify, {
    token: member.token,
    json: { photo: TEST_PHOTO },
  });
  if (answer.code !== 0) throw new Error(`verification was refused: ${answer.code} ${answer.msg}`);
  if (answer.data.status === 'needs-review') {
    const { headers } = await staffSession(ctx, ['support']);
    const approved = await callApi(ctx, ADMIN_PATHS.kycApprove.replace(':memberId', String(member.id)), {
      headers,
    });
    if (approved.code !== 0) throw new Error(`approval failed: ${approved.code} ${approved.msg}`);
  } else if (answer.data.status !== 'verified') {
    throw new Error(`the member was not verified: ${JSON.stringify(answer.data)}`);
  }
}

let keys = 0;

/** A key no other call of this file's database has used (the factory's own prefix: tests pick theirs). */
function newKey(source: string): string {
  keys += 1;
  return `factory-${source}:${keys}`;
}

/**
 * A stake on a game as the wallet records it, without a game: the member's debit to their house shard with
 * its bet fact (what every programme counting bets reads), real money first. `key` names it (the same key
 * again is a replay).
 */
export function placeBet(
  ctx: TestApp,
  memberId: number,
  amount: number,
  key = newKey('bet'),
): Promise<PostedTransaction> {
  return debitMember(ctx.db, {
    memberId,
    to: ACCOUNT.houseFor(memberId),
    key,
    kind: 'bet',
    amount,
    fact: { kind: 'bet', gameId: null, ref: key },
  });
}

/**
 * A win of `cash` as the game paths pay it (all withdrawable, with its win fact), on the bets `stakes` when
 * given: the wallet then makes withdrawable only the share their real money staked.
 */
export function payWin(
  ctx: Pick<TestApp, 'db'>,
  memberId: number,
  cash: number,
  options: { stakes?: number[]; key?: string } = {},
): Promise<PostedTransaction> {
  const key = options.key ?? newKey('win');
  return creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.houseFor(memberId),
    key,
    kind: 'win',
    cash,
    withdrawable: cash,
    ...(options.stakes === undefined ? {} : { stakes: options.stakes }),
    fact: { kind: 'win', gameId: null, ref: key },
  });
}

/**
 * A bet's stake given back as the game paths do (a refund with its rollback fact): `cash`, and the
 * withdrawable part the bet took (all of it by default). `ref` names what is rolled back.
 */
export function rollBackBet(
  ctx: Pick<TestApp, 'db'>,
  memberId: number,
  cash: number,
  options: { withdrawable?: number; ref?: string } = {},
): Promise<PostedTransaction> {
  const key = newKey('rollback');
  return creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.houseFor(memberId),
    key,
    kind: 'refund',
    cash,
    withdrawable: options.withdrawable ?? cash,
    fact: { kind: 'rollback', gameId: null, ref: options.ref ?? key },
  });
}

/**
 * A paid deposit as the wallet books it when M-Pesa confirms one (from the M-Pesa clearing account, all
 * withdrawable, with its deposit fact: what the deposit-linked programmes count), without the deposit
 * module, an order or an excise. `key` names it (the same key again is a replay).
 */
export function payDeposit(
  ctx: TestApp,
  memberId: number,
  cash: number,
  key = newKey('deposit'),
): Promise<PostedTransaction> {
  return creditDeposit(ctx.db, { memberId, key, cash, coins: 0, excise: 0 });
}

/** A deposit order by its number, as the deposit module keeps it. */
export function depositOrder(ctx: TestApp, transNo: string) {
  return ctx.db
    .selectFrom('deposit_order')
    .selectAll()
    .where('trans_no', '=', transNo)
    .executeTakeFirstOrThrow();
}

/** Waits until the deposit order is in `state` (DEPOSIT_STATE: M-Pesa's callback arrives on its own time). */
export async function waitForDepositState(ctx: TestApp, transNo: string, state: number) {
  await vi.waitFor(async () => expect((await depositOrder(ctx, transNo)).state).toBe(state), {
    timeout: 15_000,
    interval: 50,
  });
  return depositOrder(ctx, transNo);
}

/** A log that keeps what the payment jobs say to itself (the tests assert on the outcome instead). */
export const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * An answered order settled by two reconciliation passes racing M-Pesa's callback (sent at once, as
 * `callbackDelayMs: 0` makes it): answers once the order is paid and the callback's receipt has landed too.
 */
export async function settleByRace(ctx: TestApp, deps: PaymentDeps, transNo: string): Promise<void> {
  const later = new Date(Date.now() + 60_000);
  await Promise.all([reconcileDeposits(deps, later, QUIET_LOG), reconcileDeposits(deps, later, QUIET_LOG)]);
  await waitForDepositState(ctx, transNo, 3);
  await vi.waitFor(async () => expect((await depositOrder(ctx, transNo)).receipt).not.toBeNull(), {
    timeout: 10_000,
    interval: 50,
  });
}

/**
 * A top-up the way a member makes one: the app's deposit with the M-Pesa channel (a package when `itemId`
 * is given), the PIN entered on the simulator's phone once its prompt has come, and the order paid by
 * M-Pesa's callback (the app must listen). `until` stops earlier: `'answered'`, the PIN entered (for a test
 * that holds the callback back), `'prompted'`, the prompt left unanswered. `fromNumber`: paid from another
 * number, typed in the pay service's form (channel MPESA_OTHER). Answers the order's number.
 */
export async function depositByMpesa(
  ctx: TestApp,
  member: { token: string },
  payMoney: number,
  options: { itemId?: number; until?: 'paid' | 'answered' | 'prompted'; fromNumber?: string } = {},
): Promise<string> {
  const channels = await callApi(ctx, PAYMENT_PATHS.depositChannels, { method: 'GET' });
  const code = options.fromNumber === undefined ? 'MPESA' : 'MPESA_OTHER';
  const channel = channels.data.find((entry: { channelCode: string }) => entry.channelCode === code);
  const started = await callApi(ctx, PAYMENT_PATHS.topUp, {
    token: member.token,
    form: {
      payMoney: String(payMoney),
      payChannel: String(channel.id),
      ...(options.itemId === undefined ? {} : { itemId: String(options.itemId) }),
    },
  });
  if (started.code !== 0) throw new Error(`the top-up was refused: ${started.code} ${started.msg}`);
  const transNo: string = started.data.transNo;
  if (options.fromNumber !== undefined) {
    const sign = new URL(started.data.redirectUrl, 'http://app').searchParams.get('sign') ?? '';
    const form = await callApi(ctx, PAY_SERVICE_PATHS.initPayment, {
      token: member.token,
      form: {
        payToken: transNo,
        sign,
        payChannelId: String(channel.id),
        extendInfo: JSON.stringify({ phone: options.fromNumber }),
      },
    });
    if (form.code !== 0) throw new Error(`the pay form was refused: ${form.code} ${form.msg}`);
  }
  const until = options.until ?? 'paid';
  if (until === 'prompted') return transNo;
  await vi.waitFor(
    async () => expect((await depositOrder(ctx, transNo)).checkout_request_id).not.toBeNull(),
    { timeout: 10_000, interval: 50 },
  );
  const { checkout_request_id } = await depositOrder(ctx, transNo);
  await ctx.mpesa.answer(checkout_request_id!, { pin: TEST_MPESA_PIN });
  if (until === 'paid') await waitForDepositState(ctx, transNo, DEPOSIT_STATE.paid);
  return transNo;
}

/** A game's id by its code (`'dice'`, `'hub88sim_lucky_fruits'`: unique over in-house and provider games). */
export async function gameIdOf(ctx: Pick<TestApp, 'db'>, code: string): Promise<number> {
  const game = await ctx.db
    .selectFrom('game')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return game.id;
}

/**
 * An in-house game by its code (`'dice'`, `'mines'`…), made or enabled again with the stakes the tests
 * play (KSh 20 to 10,000): its id.
 */
export async function inhouseGame(ctx: Pick<TestApp, 'db'>, code: string): Promise<number> {
  const game = await ctx.db
    .insertInto('game')
    .values({
      code,
      name: code,
      supplier_id: 'winslots',
      source: 'inhouse',
      provider: null,
      min_stake: 20_00,
      max_stake: 1_000_000,
      rtp: 9900,
    })
    .onConflict((conflict) =>
      conflict.column('code').doUpdateSet({ min_stake: 20_00, max_stake: 1_000_000, enabled: true }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return game.id;
}

/** The id of a payment channel members pay in with (`'deposit'`) or are paid out by (`'withdraw'`), M-Pesa unless named. */
export async function payChannelId(
  ctx: Pick<TestApp, 'db'>,
  direction: 'deposit' | 'withdraw',
  code = 'MPESA',
): Promise<number> {
  const channel = await ctx.db
    .selectFrom('pay_channel')
    .select('id')
    .where('direction', '=', direction)
    .where('channel_code', '=', code)
    .executeTakeFirstOrThrow();
  return channel.id;
}

/** The journal transactions the wallet booked for the member (only those of `kind` when given), oldest first. */
export function transactionsOf(ctx: Pick<TestApp, 'db'>, memberId: number, kind?: string) {
  let query = ctx.db
    .selectFrom('journal_transaction')
    .select(['id', 'kind', 'idempotency_key'])
    .where('member_id', '=', memberId);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('id').execute();
}

/**
 * How many rows of `table` have each column of `where` equal to its value: what a race or a replay must
 * leave once. Tests read any table; a module's own SQL names only its own (db/table-owners.ts).
 */
export async function countRows<Table extends keyof Database & string>(
  ctx: Pick<TestApp, 'db'>,
  table: Table,
  where: { [Column in keyof Database[Table] & string]?: unknown },
): Promise<number> {
  const equal = Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.join([sql`true`, ...equal], sql` and `)}`.execute(
    ctx.db,
  );
  return Number(rows[0]!.n);
}

/** The journal transaction the wallet booked under an idempotency key (the key names what it was for). */
export function transactionByKey(ctx: Pick<TestApp, 'db'>, key: string) {
  return ctx.db
    .selectFrom('journal_transaction')
    .select(['id', 'kind', 'idempotency_key'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
}

/** How many journal transactions the wallet has booked in all: a step that books nothing leaves it. */
export async function journalSize(ctx: Pick<TestApp, 'db'>): Promise<number> {
  const row = await ctx.db
    .selectFrom('journal_transaction')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * An active wagering bonus of `amount` for the member, granted by the bonus pocket from the promotions'
 * bonus account (as the welcome bonus is), on `terms`, for a day. One per member: a second call replays it.
 */
export function grantTestBonus(
  ctx: Pick<TestApp, 'db'>,
  memberId: number,
  amount: number,
  terms: Omit<BonusTerms, 'expiresAt'>,
) {
  return ctx.db.transaction().execute((trx) =>
    grantBonus(trx, {
      memberId,
      source: 'welcome-bonus',
      sourceRef: 'test-bonus',
      budgetAccount: ACCOUNT.promotionBonus,
      amount,
      terms: { ...terms, expiresAt: new Date(Date.now() + 86_400_000) },
    }),
  );
}

/** A programme's budget account's balances (zero before its first payment), as the wallet reads them. */
export function budgetOf(ctx: Pick<TestApp, 'db'>, programme: ProgrammeCode) {
  return getAccountBalances(ctx.db, ACCOUNT.promotionBudget(programme));
}

/**
 * A real-money session of an in-house or provider game (by id or code), opened from the member's login as
 * the game frame's launch opens it: that login holds the right to bet. Answers the session's token (for
 * the game's calls) and id.
 */
export async function openMemberGameSession(
  ctx: TestApp,
  memberId: number,
  game: number | string,
): Promise<{ token: string; sessionId: number }> {
  const gameId = typeof game === 'number' ? game : await gameIdOf(ctx, game);
  const { betting_session_id } = await ctx.db
    .selectFrom('member')
    .select('betting_session_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return openGameSession(ctx.db, {
    memberId,
    memberSessionId: betting_session_id,
    gameId,
    mode: 'launch',
    currency: marketOf(ctx).currency,
  });
}

/** One admin session per app: logging in an operator for every change would only slow the tests. */
const admins = new WeakMap<TestApp['app'], Promise<TestStaff>>();

/** An admin's session on this app, made once (the staff member is `staff<n>-…`). */
export function adminSession(ctx: TestApp): Promise<TestStaff> {
  let admin = admins.get(ctx.app);
  if (!admin) {
    admin = staffSession(ctx, ['admin']);
    admins.set(ctx.app, admin);
  }
  return admin;
}

/**
 * Sets a programme as an operator does (PUT /api/admin/promotions/:code, audited): `settings` over the
 * programme's defaults, switched on unless `enabled: false`. Answers the programme as the operator API
 * shows it; a refusal throws (a test of the refusal calls the route itself).
 */
export async function configureProgramme(
  ctx: TestApp,
  code: ProgrammeCode,
  settings: Record<string, unknown> = {},
  options: { enabled?: boolean } = {},
): Promise<{ enabled: boolean; settings: Record<string, unknown> }> {
  const definition = PROMOTION_PLUGS.flatMap((plug) => plug.programmes).find(
    (programme) => programme.code === code,
  );
  if (!definition) throw new Error(`no programme ${code} in PROMOTION_PLUGS`);
  const answer = await putProgrammeSettings(
    ctx,
    code,
    { ...definition.defaults.settings, ...settings },
    options,
  );
  if (answer.code !== 0) throw new Error(`${code} settings refused: ${answer.msg} ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * The operator's PUT of a programme's settings as given (no defaults added, switched on unless `enabled:
 * false`), answered as the route answers: for a test of what the route refuses.
 */
export async function putProgrammeSettings(
  ctx: TestApp,
  code: ProgrammeCode,
  settings: unknown,
  options: { enabled?: boolean } = {},
) {
  const { headers } = await adminSession(ctx);
  return callApi(ctx, ADMIN_PATHS.promotionProgramme.replace(':code', code), {
    method: 'PUT',
    headers,
    json: { enabled: options.enabled ?? true, settings },
  });
}
