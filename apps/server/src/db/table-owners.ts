import type { Database } from './schema.ts';

/**
 * Which module owns each table (issue 23 §4): the one module whose `<module>.tables.ts` declares its type
 * (db/schema.ts assembles them), named by its folder under `apps/server/src/modules`, layer first
 * (`platform/wallet`); `db_routine` is the database's own, declared in schema.ts. The owner is the only
 * module whose SQL writes or reads the table; others ask it through its service, or embed a query it hands
 * over. `db/table-owners.test.ts` reads every module's SQL and fails when a module touches a table it does
 * not own, outside `OWNER_EXCEPTIONS`, and when a table the migrations create has no declared type. So
 * adding a table needs no list: its type in its module's tables file makes that module its owner.
 */
export type TableName = keyof Database;
export type Access = 'read' | 'write';

/** A module that uses a table it does not own, and why that is right (an exception to write also reads). */
export type OwnerException = { module: string; table: TableName; access: Access; why: string };

export const OWNER_EXCEPTIONS: readonly OwnerException[] = [
  {
    module: 'games/provider',
    table: 'game_round',
    access: 'write',
    why:
      "provider_bet and provider_win (provider.sql.ts) add a call's stake or win to its round in the same " +
      "statement as the call's record and its ledger transaction: the busiest path in one round trip " +
      '(docs/games.md "Crash safety"). Its rollback goes through the games module (removeProviderRoundStake).',
  },
  {
    module: 'games/provider',
    table: 'ledger_account',
    access: 'read',
    why:
      "provider_bet and provider_win answer the player's cash after the call from the same statement (Hub88 " +
      "wants it in the answer); the wallet's getBalances would be another round trip on the busiest path.",
  },
  {
    module: 'platform/wallet',
    table: 'game',
    access: 'read',
    why:
      "bonus_wagering (ledger.sql.ts) runs with each bet's ledger transaction in the database and weighs the " +
      "stake by the game's source (a bonus's contribution per kind of game).",
  },
  {
    module: 'games/crash',
    table: 'game_round',
    access: 'write',
    why:
      'Crash bets are game_round rows with their crash round: the crash game reads its own bets (joined with ' +
      "crash_round to find those a stop left open); it writes them through the games module's round functions, " +
      'except a real-money bet and its cash-out: crash_bet inserts it with its ledger debit and crash_cashout ' +
      'settles it with its ledger credit, each in one statement (crash.sql.ts), as provider_bet and ' +
      "provider_win do (issue 24: a bet's round trips were its latency at a round's opening).",
  },
  {
    module: 'games/crash',
    table: 'ledger_account',
    access: 'read',
    why:
      "crash_bet and crash_cashout answer the player's cash after the bet or the win from the same " +
      "statement, as provider_bet does; the wallet's getBalances would be another round trip on their path.",
  },
  {
    module: 'games/inhouse',
    table: 'game_round',
    access: 'read',
    why:
      'The in-house games read their rounds with their seed pairs (fair_seed_pair) in one statement on every ' +
      "move of a game; they write them through the games module's round functions.",
  },
  {
    module: 'games/inhouse',
    table: 'game',
    access: 'read',
    why: "The in-house round's read names its game's code in the same statement (inhouse.repository.ts selectRounds).",
  },
  {
    module: 'promotions/lottery',
    table: 'draw_ticket',
    access: 'read',
    why:
      "The lottery finds a draw's winners among its tickets in the database (one statement over up to a " +
      "million entries, only the winners travel): the entry's format is the lottery's; the draw engine writes them.",
  },
  {
    module: 'platform/config',
    table: 'pay_channel',
    access: 'read',
    why:
      "The system options state each withdraw channel's fee (option 100, contracts/rule-texts.ts); config sits " +
      'in the platform layer, below payments, so it cannot ask the payments module.',
  },
  {
    module: 'payments/deposit',
    table: 'pay_channel',
    access: 'read',
    why:
      "A member's deposit records and the own-phone order check join the order's channel (its code, name, " +
      "hall) in one statement; single channels come from the payments module's channel functions.",
  },
  {
    module: 'payments/withdraw',
    table: 'pay_channel',
    access: 'read',
    why:
      "A member's withdrawal records and the last paid number join the withdrawal's channel (its code, name) " +
      "in one statement; single channels come from the payments module's channel functions.",
  },
];

/**
 * The module of a source file, by its path under `apps/server/src`: `modules/<layer>/<module>/…` is the
 * module `<layer>/<module>`; a file in a layer's own folder (`modules/promotions/plugs.ts`) is the layer's;
 * everything under `composition/` is the composition's.
 */
export function moduleOf(file: string): string {
  const [top, layer, module, ...rest] = file.split('/');
  if (top !== 'modules') return top!;
  return rest.length > 0 ? `${layer}/${module}` : layer!;
}
