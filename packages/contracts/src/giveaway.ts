import { z as zod } from 'zod';
import { CalendarDaySchema as DaySchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';
import { LoginResponseSchema, MobileSchema, PasswordSchema } from './member.ts';

/**
 * Giveaway (promotions spec §3, §7; docs/promotions.md "Giveaway"): a landing page where a new player
 * registers with a mobile and receives the operator's gift once.
 */

export const GiveawaySettingsItemSchema = zod
  .object({
    id: zod.number().int().min(1).max(9999),
    title: zod.string().min(1).max(80),
    /** The gift: coins, diamonds and cash (minor units, withdrawable: a prize, not a bonus grant). */
    coins: zod.number().int().min(0).max(1_000_000),
    diamonds: zod.number().int().min(0).max(1_000_000),
    cash: zod.number().int().min(0).max(10_000_000),
    /** First and last site day of the giveaway, both included. */
    startDate: DaySchema,
    endDate: DaySchema,
    /** The budget: how many gifts at most. */
    budget: zod.number().int().min(0).max(10_000_000),
  })
  .refine((giveaway) => giveaway.startDate <= giveaway.endDate, {
    message: 'a giveaway ends after it starts',
    path: ['endDate'],
  })
  .refine((giveaway) => giveaway.coins + giveaway.diamonds + giveaway.cash > 0, {
    message: 'a gift gives something',
    path: ['coins'],
  });
export type GiveawaySettingsItem = zod.infer<typeof GiveawaySettingsItemSchema>;

export const GiveawaySettingsSchema = zod.object({
  giveaways: zod
    .array(GiveawaySettingsItemSchema)
    .max(100)
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      'giveaway ids are unique',
    ),
});
export type GiveawaySettings = zod.infer<typeof GiveawaySettingsSchema>;

export const GiveawayIdSchema = wholeNumber(1, 9999);

export const GiveawayGiftSchema = zod.object({
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  /** Minor units. */
  cash: zod.number().int(),
});
export type GiveawayGift = zod.infer<typeof GiveawayGiftSchema>;

export const GiveawayBasicSchema = GiveawayGiftSchema.extend({
  id: zod.number().int(),
  title: zod.string(),
  startDate: zod.string(),
  endDate: zod.string(),
  /** 1 on now, 0 not started, -1 over (its dates passed or its gifts are all given). */
  status: zod.union([zod.literal(1), zod.literal(0), zod.literal(-1)]),
});
export type GiveawayBasic = zod.infer<typeof GiveawayBasicSchema>;

export const GiveawayBasicQuerySchema = zod.object({ id: GiveawayIdSchema });

/** Step 1: is this mobile eligible (new)? Answers the gift it would receive. */
export const GiveawayGiftsRequestSchema = zod.object({ id: GiveawayIdSchema, mobile: MobileSchema });

/** Step 2: the account, through the member module's registration (SMS code when the switch is on). */
export const GiveawayRegisterRequestSchema = zod.object({
  id: GiveawayIdSchema,
  mobile: MobileSchema,
  password: PasswordSchema,
  smsCode: zod.string().trim().max(6).optional(),
});
export type GiveawayRegisterRequest = zod.infer<typeof GiveawayRegisterRequestSchema>;

/** The new member's login, and the gift received (null in the rare case the last gift went meanwhile). */
export const GiveawayRegisterResponseSchema = LoginResponseSchema.extend({
  gift: GiveawayGiftSchema.nullable(),
});
export type GiveawayRegisterResponse = zod.infer<typeof GiveawayRegisterResponseSchema>;
