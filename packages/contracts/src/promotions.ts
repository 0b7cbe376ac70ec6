import { z as zod } from 'zod';
import { CalendarDaySchema as DaySchema } from './calendar-day.ts';

/**
 * A promotion programme's code (issue 14): what it is known by in the operator API, the cost report and its
 * budget account (`promo:<code>:budget`). Each programme names its own where it is defined, with its settings
 * (`defineProgramme` in its server module), so the contracts keep no list of programmes and a new one needs no
 * line here (issue 23): the operator API accepts only the codes of the programmes the server runs, and a test
 * holds every country profile's `programmesOff` to them (`modules/promotions/plugs.test.ts`).
 */
export const ProgrammeCodeSchema = zod.string().regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/);
export type ProgrammeCode = zod.infer<typeof ProgrammeCodeSchema>;

/**
 * What a market's law says about promotions (country profile `promotions`). `resetHour` starts the site
 * day (sign-in, daily spins, rain slots): one day for every daily programme. `depositLinkedRewards` false
 * means no reward may be conditioned on a deposit (Brazil, Law 14.790 art. 42: no deposit tasks, no
 * "deposit first" gate, no first-deposit bonus). `programmesOff` are switched off whatever an operator sets.
 */
export const MarketPromotionsSchema = zod.object({
  resetHour: zod.number().int().min(0).max(23),
  depositLinkedRewards: zod.boolean(),
  programmesOff: zod.array(ProgrammeCodeSchema),
});
export type MarketPromotions = zod.infer<typeof MarketPromotionsSchema>;

/** One programme as the operator API shows it. */
export const ProgrammeViewSchema = zod.object({
  code: ProgrammeCodeSchema,
  /** On for players: the operator's switch, and the market allows it. */
  enabled: zod.boolean(),
  /** The operator's switch as set (a market's law may still keep the programme off). */
  operatorEnabled: zod.boolean(),
  allowedInMarket: zod.boolean(),
  settings: zod.record(zod.string(), zod.unknown()),
  budgetAccount: zod.string(),
});
export type ProgrammeView = zod.infer<typeof ProgrammeViewSchema>;

export const ProgrammeUpdateSchema = zod.object({
  enabled: zod.boolean(),
  /** The programme's whole settings object, checked against the programme's own schema. */
  settings: zod.record(zod.string(), zod.unknown()),
});
export type ProgrammeUpdate = zod.infer<typeof ProgrammeUpdateSchema>;

/**
 * What a number in a programme's settings counts (issue 23 §2), so the back office renders the right input
 * and shows the right unit: `money` in the market currency's minor units, `coins` in hundredths of a coin
 * (as the wallet holds them), `diamonds` and `tickets` whole, `percent` 0 to 100, `multiple` a factor (a
 * wagering requirement ×), `hour-of-day` 0 to 23 and `weekday` 0 (Sunday) to 6 in the market's time zone,
 * `weight` a relative chance, `id` an identifier the operator picks, `kind` a number standing for a choice,
 * and `per-kind` an amount whose unit a sibling field names (a prize's type, a sign-in's asset).
 */
export const SETTING_UNITS = [
  'money',
  'coins',
  'diamonds',
  'tickets',
  'count',
  'percent',
  'multiple',
  'seconds',
  'minutes',
  'hours',
  'days',
  'hour-of-day',
  'weekday',
  'weight',
  'id',
  'kind',
  'per-kind',
] as const;
export const SettingUnitSchema = zod.enum(SETTING_UNITS);
export type SettingUnit = zod.infer<typeof SettingUnitSchema>;

/**
 * One programme's settings form: the settings' JSON Schema (draft 2020-12, as the server checks them on
 * save: types, ranges, choices, lengths) and the unit of every number in them by path (`a.b`; `list[]` for
 * the items of a list), with the defaults to start a form from.
 */
export const ProgrammeFormSchema = zod.object({
  code: ProgrammeCodeSchema,
  schema: zod.record(zod.string(), zod.unknown()),
  units: zod.record(zod.string(), SettingUnitSchema),
  defaults: zod.record(zod.string(), zod.unknown()),
});
export type ProgrammeForm = zod.infer<typeof ProgrammeFormSchema>;

export const ProgrammeCostQuerySchema = zod.object({ from: DaySchema, to: DaySchema });

/** What programmes paid out in one day of the market (site calendar day), by asset, minor units. */
export const ProgrammeCostRowSchema = zod.object({
  day: zod.string(),
  programme: zod.string(),
  cash: zod.number().int(),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  /** Whole tickets (VIP free tickets), like diamonds. */
  tickets: zod.number().int(),
  payouts: zod.number().int(),
});
export type ProgrammeCostRow = zod.infer<typeof ProgrammeCostRowSchema>;
