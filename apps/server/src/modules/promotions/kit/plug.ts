import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { CountryProfile } from '@app/contracts/country';
import type { Clock } from '../../../db/clock.ts';
import type { Database } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import type { DrawProductDefinition } from '../draws/draws.service.ts';
import type { MemberDeps } from '../../platform/member/member.service.ts';
import type { ProgrammeDefinition } from './programmes.ts';
import type { SettingsForm } from './settings-form.ts';

/** What the house gives every programme: one dependency shape for all of them (issue 23 §2). */
export type House = {
  db: Kysely<Database>;
  country: CountryProfile;
  /** The brand's theme the server runs as (a coupon may be for one theme). */
  theme: string;
  /** Registration and its limits, for a programme that registers players (the giveaway). */
  member: MemberDeps;
  /** The fleet's one clock (db/clock.ts) for a programme's decisions by time that every instance must share. */
  clock: Clock;
};

/**
 * How a promotion programme plugs into the house (docs/architecture.md "Adding a programme"): each
 * programme's module exports one, and `app.ts` registers the list in one loop. What a programme does not
 * have, it leaves out. `Tables` is the programme's tables' type (its `<programme>.tables.ts`): `db/schema.ts`
 * assembles the database's type from the plugs' (`TablesOfPlugs`), so a programme's tables need no line there.
 */
export type PromotionPlug<Tables = unknown> = {
  /** Its settings definitions, for the operator API (two for a module with two programmes). */
  programmes: readonly ProgrammeDefinition[];
  /** Each programme's settings form for the back office (the units of its numbers), by programme code. */
  forms: Readonly<Record<string, SettingsForm>>;
  /** Its player routes, under /api. */
  routes?: (api: FastifyInstance, house: House) => PromiseLike<unknown>;
  /** Its background jobs (its money-fact consumers among them). */
  jobs?: (house: House) => Job[];
  /** Its products on the draw engine. */
  drawProducts?: (house: House) => DrawProductDefinition[];
  /** What it does for a new member, in the order of the list (the welcome bonus's offer, a referral). */
  onRegistration?: (house: House, memberId: number) => Promise<unknown>;
  /**
   * Its migrations (`<programme>/migrations/NNNN-<name>.ts`) by their file's name, which is the name the
   * database records: the migrator runs them with the house's own (`db/migrations/index.ts`) in the order of
   * their names (`db/migrate.ts`).
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** Never set: it only carries the `Tables` type to `TablesOfPlugs`. */
  readonly tables?: Tables;
};

export function definePlug<Tables = unknown>(plug: PromotionPlug<Tables>): PromotionPlug<Tables> {
  return plug;
}

/**
 * Every table of a list of plugs, as one type (`db/schema.ts` takes `TablesOfPlugs<typeof PROMOTION_PLUGS>`).
 * A plug declared without its tables adds nothing (`unknown`). Read through the `tables` property alone, so
 * the rest of a plug (which names the database's type) is never unfolded while the database's type is built.
 */
export type TablesOfPlugs<Plugs extends readonly unknown[]> = Plugs extends readonly [
  infer First,
  ...infer Rest,
]
  ? TablesOfPlug<First> & TablesOfPlugs<Rest>
  : unknown;

type TablesOfPlug<Plug> = Plug extends { readonly tables?: infer Tables } ? NonNullable<Tables> : unknown;
