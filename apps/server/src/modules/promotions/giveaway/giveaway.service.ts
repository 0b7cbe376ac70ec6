import { siteDayOf } from '@app/contracts/market-calendar';
import {
  GiveawaySettingsSchema,
  type GiveawayBasic,
  type GiveawayGift,
  type GiveawayRegisterRequest,
  type GiveawayRegisterResponse,
  type GiveawaySettings,
  type GiveawaySettingsItem,
} from '@app/contracts/giveaway';
import { AppError } from '../../../http/app-error.ts';
import {
  isRegistered,
  register,
  type Caller,
  type MemberDeps,
} from '../../platform/member/member.service.ts';
import { defineProgramme, payReward, requireProgramme } from '../kit/programmes.ts';
import * as repository from './giveaway.repository.ts';

/** The demo's giveaway (/activities/giveaway/1): operators set theirs (PUT /api/admin/promotions/giveaway). */
export const giveawayProgramme = defineProgramme<GiveawaySettings>({
  code: 'giveaway',
  settings: GiveawaySettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      giveaways: [
        {
          id: 1,
          title: 'Welcome gift',
          coins: 500,
          diamonds: 10,
          cash: 0,
          startDate: '2026-01-01',
          endDate: '2099-12-31',
          budget: 100_000,
        },
      ],
    },
  },
});

function giftOf(giveaway: GiveawaySettingsItem): GiveawayGift {
  return { coins: giveaway.coins, diamonds: giveaway.diamonds, cash: giveaway.cash };
}

async function findGiveaway(deps: MemberDeps, id: number) {
  const programme = await requireProgramme(deps.db, giveawayProgramme, deps.country);
  const giveaway = programme.settings.giveaways.find((each) => each.id === id);
  if (!giveaway) throw new AppError('ACTIVITY_INVALID');
  return giveaway;
}

async function statusOf(deps: MemberDeps, giveaway: GiveawaySettingsItem, now: Date): Promise<1 | 0 | -1> {
  const today = siteDayOf(now, deps.country);
  if (today < giveaway.startDate) return 0;
  if (today > giveaway.endDate) return -1;
  return (await repository.countGiven(deps.db, giveaway.id)) < giveaway.budget ? 1 : -1;
}

export async function getBasic(deps: MemberDeps, id: number, now = new Date()): Promise<GiveawayBasic> {
  const giveaway = await findGiveaway(deps, id);
  return {
    id: giveaway.id,
    title: giveaway.title,
    ...giftOf(giveaway),
    startDate: giveaway.startDate,
    endDate: giveaway.endDate,
    status: await statusOf(deps, giveaway, now),
  };
}

/** The giveaway on now, and a mobile that may receive its gift: a valid one that no member has. */
async function requireEligible(deps: MemberDeps, id: number, mobile: string, caller: Caller, now: Date) {
  const giveaway = await findGiveaway(deps, id);
  const status = await statusOf(deps, giveaway, now);
  if (status === 0) throw new AppError('NOT_TIME_TO_USE');
  if (status === -1) throw new AppError('GIVEAWAY_ENDED');
  if (await isRegistered(deps, mobile, caller)) throw new AppError('GIVEAWAY_MOBILE_REGISTERED');
  return giveaway;
}

/** Step 1 of the page: the gift this (new) mobile would receive. */
export async function checkGift(
  deps: MemberDeps,
  input: { id: number; mobile: string },
  caller: Caller,
  now = new Date(),
): Promise<GiveawayGift> {
  return giftOf(await requireEligible(deps, input.id, input.mobile, caller, now));
}

/** Thrown inside the gift's transaction to roll it back when the stock ran out meanwhile. */
const NO_STOCK_LEFT = Symbol('no stock left');

/**
 * Step 2: the account, made by the member module's own registration (its rules, SMS code and abuse
 * limits), then the gift once, in one transaction with its row (primary key giveaway, member) and a gift
 * of the budget: parallel registrations of one mobile make one member (the member table's unique mobile)
 * and so one gift. Cash is paid withdrawable: a reward that is not a bonus grant is a prize
 * (docs/promotions.md, bonus coins and bonus cash).
 */
export async function registerForGift(
  deps: MemberDeps,
  input: GiveawayRegisterRequest,
  caller: Caller,
  now = new Date(),
): Promise<GiveawayRegisterResponse> {
  const giveaway = await requireEligible(deps, input.id, input.mobile, caller, now);
  const login = await register(
    deps,
    {
      mobile: input.mobile,
      password: input.password,
      confirmPassword: input.password,
      ...(input.smsCode ? { smsCode: input.smsCode } : {}),
    },
    caller,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.key === 'MOBILE_EXISTS')
      throw new AppError('GIVEAWAY_MOBILE_REGISTERED');
    throw error;
  });
  const memberId = login.memberInfo.id;
  const gift = giftOf(giveaway);
  const given = await deps.db
    .transaction()
    .execute(async (trx) => {
      // The gift row first: a member who already has it leaves nothing written. Then the stock; none left
      // rolls the gift row back with it (a stock taken for no gift would be lost to later players).
      if (!(await repository.insertGift(trx, giveaway.id, memberId, gift))) return false;
      if (!(await repository.takeFromStock(trx, giveaway.id, giveaway.budget))) throw NO_STOCK_LEFT;
      await payReward(trx, {
        programme: 'giveaway',
        memberId,
        key: `${giveaway.id}:${memberId}`,
        ...(gift.cash > 0 ? { cash: gift.cash } : {}),
        ...(gift.coins > 0 ? { coins: gift.coins } : {}),
        ...(gift.diamonds > 0 ? { diamonds: gift.diamonds } : {}),
        description: `Giveaway ${giveaway.title}`,
      });
      return true;
    })
    .catch((error: unknown) => {
      if (error === NO_STOCK_LEFT) return false;
      throw error;
    });
  return { ...login, gift: given ? gift : null };
}
