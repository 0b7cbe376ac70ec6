import { siteDayOf, siteDayRange } from '@app/contracts/market-calendar';
import type { Kysely } from 'kysely';
import { cashRainClientSeed } from '@app/fair/cash-rain';
import { generateServerSeed, hashServerSeed } from '@app/fair/stream';
import {
  CashRainSettingsSchema,
  GIFT_TYPE,
  SLOT_STATUS,
  type CashRainConfig,
  type CashRainGift,
  type CashRainRecord,
  type CashRainSettings,
  type CashRainSlotFairness,
  type CashRainSlotQuery,
  type CashRainSlotSettings,
} from '@app/contracts/cash-rain';
import type { CountryProfile } from '@app/contracts/country';
import type { Clock } from '../../../db/clock.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { claimOnce, defineProgramme, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { depositedCash } from '../../platform/wallet/wallet.service.ts';
import { slotInstants, slotStatus, splitOf, splitPackets } from './cash-rain-rules.ts';
import * as repository from './cash-rain.repository.ts';

/**
 * `clock`: when a slot opens and closes and when a claim came, by the fleet's one clock (db/clock.ts), so
 * every instance opens and closes a slot at the same instant.
 */
export type CashRainDeps = { db: Kysely<Database>; country: CountryProfile; clock: Clock };

const slot = (id: number, begin: string, end: string): CashRainSlotSettings => ({
  id,
  begin,
  end,
  budget: 50_000,
  cashPackets: 200,
  minPacket: 100,
  tryAgainPackets: 100,
  coinPackets: 100,
  coinAmount: 50,
  diamondPackets: 50,
  diamondAmount: 5,
});

/**
 * Four slots cover the whole day by default, so the demo always has a rain to play; an operator sets
 * the real times, budgets and packet mix (PUT /api/admin/promotions/cash-rain).
 */
export const cashRainProgramme = defineProgramme<CashRainSettings>({
  code: 'cash-rain',
  settings: CashRainSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      title: 'Cash Rain',
      rules: '',
      depositFirst: true,
      slots: [
        slot(1, '00:00', '06:00'),
        slot(2, '06:00', '12:00'),
        slot(3, '12:00', '18:00'),
        slot(4, '18:00', '24:00'),
      ],
    },
  },
});

type TodaySlot = {
  settings: CashRainSlotSettings;
  siteDay: string;
  begin: Date;
  end: Date;
  status: 1 | 0 | -1;
};

function todaysSlots(settings: CashRainSettings, country: CountryProfile, now: Date): TodaySlot[] {
  const siteDay = siteDayOf(now, country);
  const { from } = siteDayRange(siteDay, country);
  return settings.slots.map((slotSettings) => {
    const instants = slotInstants(slotSettings, from, country.promotions.resetHour);
    return { settings: slotSettings, siteDay, ...instants, status: slotStatus(instants, now) };
  });
}

/**
 * 1 when the member must deposit first: the operator asks for it and the member has never deposited.
 * Never where the market forbids deposit-linked rewards (Brazil): there the gate does not exist.
 */
async function memberStatusOf(
  deps: CashRainDeps,
  settings: CashRainSettings,
  memberId: number | undefined,
): Promise<number> {
  if (memberId === undefined || !settings.depositFirst || !deps.country.promotions.depositLinkedRewards)
    return 0;
  return (await depositedCash(deps.db, memberId)) > 0 ? 0 : 1;
}

export async function getConfig(
  deps: CashRainDeps,
  memberId: number | undefined,
  now = new Date(deps.clock.now()),
): Promise<CashRainConfig> {
  const programme = await loadProgramme(deps.db, cashRainProgramme, deps.country);
  const { settings } = programme;
  const slots = programme.enabled ? todaysSlots(settings, deps.country, now) : [];
  // The commitments of the slots made so far (the job makes the day's slots ahead of their opening).
  const hashes = slots[0] ? await repository.findSeedHashes(deps.db, slots[0].siteDay) : new Map();
  return {
    enable: programme.enabled,
    durations: slots.map((today) => {
      const seedHash: string | undefined = hashes.get(today.settings.id);
      return {
        id: today.settings.id,
        begin: today.begin.getTime(),
        end: today.end.getTime(),
        status: today.status,
        ...(seedHash ? { seedHash } : {}),
      };
    }),
    rules: settings.rules,
    title: settings.title,
    memberStatus: await memberStatusOf(deps, settings, memberId),
  };
}

export async function hasTakenPart(
  deps: CashRainDeps,
  memberId: number,
  slotId: number,
  now = new Date(deps.clock.now()),
): Promise<boolean> {
  return repository.hasClaimed(deps.db, siteDayOf(now, deps.country), slotId, memberId);
}

/**
 * Makes the slot's packets if they are not made yet (the job, ahead of the opening; lazily the first claim
 * or the first look at its commitment). From then on the slot's seed hash is published and its packets,
 * parameters and seed are fixed: an operator's later change of the settings applies to slots not made yet.
 */
async function ensureSlot(deps: CashRainDeps, today: TodaySlot): Promise<repository.SlotRow> {
  const existing = await repository.findSlot(deps.db, today.siteDay, today.settings.id);
  if (existing) return existing;
  const serverSeed = generateServerSeed();
  const packets = splitPackets(today.settings, {
    serverSeed,
    clientSeed: cashRainClientSeed(today.siteDay, today.settings.id),
    nonce: 0,
  });
  await deps.db.transaction().execute((trx) =>
    repository.createSlotOnce(
      trx,
      {
        siteDay: today.siteDay,
        slotId: today.settings.id,
        beginsAt: today.begin,
        endsAt: today.end,
        budget: today.settings.budget,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        split: splitOf(today.settings),
      },
      packets,
    ),
  );
  const made = await repository.findSlot(deps.db, today.siteDay, today.settings.id);
  if (!made) throw new Error('a cash rain slot vanished after its creation');
  return made;
}

/**
 * The job's pass: the packets of every slot of the site day not finished yet, upcoming ones included, so a
 * slot's seed hash is published before it opens (idempotent; a claim also makes them if late).
 */
export async function openDueSlots(deps: CashRainDeps, now = new Date(deps.clock.now())): Promise<number> {
  const programme = await loadProgramme(deps.db, cashRainProgramme, deps.country);
  if (!programme.enabled) return 0;
  let opened = 0;
  for (const today of todaysSlots(programme.settings, deps.country, now)) {
    if (today.status === SLOT_STATUS.finished) continue;
    await ensureSlot(deps, today);
    opened += 1;
  }
  return opened;
}

export function cashRainJobs(deps: CashRainDeps): Job[] {
  return [{ name: 'cash-rain-slots', schedule: { cron: '* * * * *' }, run: () => openDueSlots(deps) }];
}

/**
 * The claim: one packet for the member in the open slot, once. The next free packet and the claim row
 * (primary key slot, member: a member's parallel claims are refused) in one statement, then payReward in
 * the same transaction. A blocked member's
 * payReward refuses and the whole transaction rolls back, packet included. No packet left: try again.
 * Cash (types 1 and 2) is paid withdrawable: a prize, not a bonus grant (docs/promotions.md).
 */
export async function claimGift(
  deps: CashRainDeps,
  memberId: number,
  input: { id: number; count: number },
  now = new Date(deps.clock.now()),
): Promise<CashRainGift> {
  const programme = await requireProgramme(deps.db, cashRainProgramme, deps.country);
  const today = todaysSlots(programme.settings, deps.country, now).find(
    (candidate) => candidate.settings.id === input.id,
  );
  if (!today || today.status !== SLOT_STATUS.open) throw new AppError('CASH_RAIN_NOT_OPEN');
  if ((await memberStatusOf(deps, programme.settings, memberId)) !== 0) {
    throw new AppError('CASH_RAIN_DEPOSIT_FIRST');
  }
  const slotRow = await ensureSlot(deps, today);
  return deps.db.transaction().execute(async (trx) => {
    // Tapped no drop: the member took part and gets nothing; no packet is spent.
    // The payment last in the transaction: the budget account's row stays locked only until the commit.
    const { recorded: claim } = await claimOnce(trx, {
      record: () => repository.claimPacket(trx, slotRow.id, memberId, input.count > 0),
      alreadyClaimed: 'CASH_RAIN_ALREADY_JOINED',
      reward: ({ giftType, amount }) => ({
        programme: 'cash-rain',
        memberId,
        key: `${today.siteDay}:${today.settings.id}:${memberId}`,
        ...(giftType === GIFT_TYPE.cash || giftType === GIFT_TYPE.bonusCash ? { cash: amount } : {}),
        ...(giftType === GIFT_TYPE.coins ? { coins: amount } : {}),
        ...(giftType === GIFT_TYPE.diamonds ? { diamonds: amount } : {}),
        description: 'Cash rain',
      }),
    });
    return {
      giftType: claim.giftType,
      giftAmount: claim.amount,
      date: today.siteDay,
      duration: today.settings.id,
      createTime: claim.createdAt.getTime(),
      position: claim.position,
    };
  });
}

/** A slot's commitment; its seed only once it has finished (by the server's clock). */
function fairnessOf(slot: repository.SlotRow, now: Date): CashRainSlotFairness {
  return {
    date: slot.siteDay,
    id: slot.slotId,
    begin: slot.beginsAt.getTime(),
    end: slot.endsAt.getTime(),
    serverSeedHash: slot.serverSeedHash,
    serverSeed: now >= slot.endsAt ? slot.serverSeed : null,
    clientSeed: cashRainClientSeed(slot.siteDay, slot.slotId),
    nonce: 0,
    split: slot.split,
    packets: slot.packets,
  };
}

/**
 * One slot's commitment (`cash-rain/slot ?date&id`, open to visitors): the hash of its seed from when it
 * is made, the seed once it has finished, its split parameters. Today's slot not made yet is made now if it
 * has not finished (its hash is then published before anyone claims); any other unknown slot: 4063.
 */
export async function getSlotFairness(
  deps: CashRainDeps,
  query: CashRainSlotQuery,
  now = new Date(deps.clock.now()),
): Promise<CashRainSlotFairness> {
  const found = await repository.findSlot(deps.db, query.date, query.id);
  if (found) return fairnessOf(found, now);
  const programme = await loadProgramme(deps.db, cashRainProgramme, deps.country);
  const today = programme.enabled
    ? todaysSlots(programme.settings, deps.country, now).find(
        (candidate) => candidate.siteDay === query.date && candidate.settings.id === query.id,
      )
    : undefined;
  if (!today || today.status === SLOT_STATUS.finished) throw new AppError('CASH_RAIN_SLOT_NOT_FOUND');
  return fairnessOf(await ensureSlot(deps, today), now);
}

/** The member's latest claims (30), each with its packet's position and its slot's commitment. */
export async function getMemberRecords(
  deps: CashRainDeps,
  memberId: number,
  now = new Date(deps.clock.now()),
): Promise<CashRainRecord[]> {
  return (await repository.findMemberClaims(deps.db, memberId, 30)).map((claim) => ({
    giftType: claim.giftType,
    giftAmount: claim.amount,
    date: claim.slot.siteDay,
    duration: claim.slot.slotId,
    createTime: claim.createdAt.getTime(),
    position: claim.position,
    slot: fairnessOf(claim.slot, now),
  }));
}
