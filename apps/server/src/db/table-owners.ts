import type { Database } from './schema.ts';

/**
 * The owner of every table (issue 23 §4): the one module whose SQL writes it (or, for a table only the demo
 * seed writes, reads it); others ask the owner through its service, or embed a query it hands over. A module
 * is named by its folder under `apps/server/src/modules` (`payments`: the loose `payment*.ts` files there),
 * so moving a module's folder changes its name here and nowhere else in the map. The table's type is in the
 * owner's `<module>.tables.ts`. `db/table-owners.test.ts` reads every module's SQL and fails when a module
 * writes or reads a table it does not own, outside `OWNER_EXCEPTIONS`.
 */
export const TABLE_OWNERS = {
  /** Not a module's: `db/routines.ts` keeps which database functions it installed. */
  db_routine: 'db',
  cf_global: 'config',
  cf_menu: 'config',
  advert: 'config',
  cf_faq: 'config',
  content_page: 'config',
  page_view: 'analytics',
  member: 'member',
  member_session: 'member',
  sms_code: 'member',
  login_throttle: 'member',
  rate_counter: 'member',
  social_identity: 'member',
  oauth_attempt: 'member',
  social_ticket: 'member',
  member_message: 'message',
  system_message: 'message',
  system_message_read: 'message',
  notice: 'message',
  member_kyc: 'kyc',
  staff: 'staff',
  staff_session: 'staff',
  audit_log: 'staff',
  audit_head: 'staff',
  ledger_account: 'wallet',
  journal_transaction: 'wallet',
  journal_entry: 'wallet',
  money_fact: 'wallet',
  fact_cursor: 'wallet',
  bonus_grant: 'wallet',
  pay_channel: 'payments',
  payment_callback_hint: 'payments',
  pay_item: 'deposit',
  deposit_order: 'deposit',
  unmatched_stk_callback: 'deposit',
  withdrawal: 'withdraw',
  withdrawal_review: 'withdraw',
  exchange_option: 'exchange',
  deposit_appeal: 'feedback',
  deposit_appeal_event: 'feedback',
  game: 'games',
  game_category: 'games',
  game_category_game: 'games',
  game_session: 'games',
  game_round: 'games',
  fair_seed_pair: 'inhouse',
  crash_chain: 'crash',
  crash_round: 'crash',
  provider_transaction: 'provider',
  member_money_total: 'promotions',
  promotion_programme: 'promotions',
  promotion_page: 'promotion-pages',
  cash_rain_slot: 'cash-rain',
  cash_rain_packet: 'cash-rain',
  cash_rain_claim: 'cash-rain',
  giveaway_stock: 'giveaway',
  giveaway_gift: 'giveaway',
  sign_in_claim: 'sign-in',
  coin_spin_day: 'coin-spin',
  coin_spin_prize: 'coin-spin',
  coin_spin: 'coin-spin',
  diamond_task_progress: 'diamonds',
  diamond_task_claim: 'diamonds',
  diamond_spin_seed: 'diamonds',
  diamond_spin_pool: 'diamonds',
  diamond_spin_bet: 'diamonds',
  bonus_offer: 'bonus',
  mall_goods: 'mall',
  mall_member_goods: 'mall',
  mall_coupon: 'mall',
  mall_member_coupon: 'mall',
  mall_order: 'mall',
  mall_order_line: 'mall',
  vip_points: 'vip',
  vip_benefit_claim: 'vip',
  referral: 'referral',
  referral_referrer: 'referral',
  referral_visit: 'referral',
  referral_task_claim: 'referral',
  draw: 'draws',
  draw_ticket: 'draws',
  lottery_holding: 'lottery',
  lottery_settlement: 'lottery',
  lottery_prize: 'lottery',
  lucky_refund_purchase: 'lucky-refund',
  lucky_refund_code: 'lucky-refund',
  lucky_refund_settlement: 'lucky-refund',
  lucky_refund_result: 'lucky-refund',
  collect_cards_member: 'collect-cards',
  collect_cards_chance: 'collect-cards',
  collect_cards_seed: 'collect-cards',
  collect_cards_draw: 'collect-cards',
  collect_cards_gift: 'collect-cards',
  cash_back_loss: 'cash-back',
  cash_back_week: 'cash-back',
  cash_back_entitlement: 'cash-back',
} as const satisfies Record<keyof Database, string>;

export type TableName = keyof typeof TABLE_OWNERS;
export type Access = 'read' | 'write';

/** A module that uses a table it does not own, and why that is right (an exception to write also reads). */
export type OwnerException = { module: string; table: TableName; access: Access; why: string };

export const OWNER_EXCEPTIONS: readonly OwnerException[] = [
  {
    module: 'provider',
    table: 'game_round',
    access: 'write',
    why:
      "provider_bet and provider_win (provider.sql.ts) add a call's stake or win to its round in the same " +
      "statement as the call's record and its ledger transaction: the busiest path in one round trip " +
      '(docs/games.md "Crash safety"). Its rollback goes through the games module (removeProviderRoundStake).',
  },
  {
    module: 'provider',
    table: 'ledger_account',
    access: 'read',
    why:
      "provider_bet and provider_win answer the player's cash after the call from the same statement (Hub88 " +
      "wants it in the answer); the wallet's getBalances would be another round trip on the busiest path.",
  },
  {
    module: 'wallet',
    table: 'game',
    access: 'read',
    why:
      "bonus_wagering (ledger.sql.ts) runs with each bet's ledger transaction in the database and weighs the " +
      "stake by the game's source (a bonus's contribution per kind of game).",
  },
  {
    module: 'crash',
    table: 'game_round',
    access: 'read',
    why:
      'Crash bets are game_round rows with their crash round: the crash game reads its own bets (joined with ' +
      "crash_round to find those a stop left open); it writes them through the games module's round functions.",
  },
  {
    module: 'inhouse',
    table: 'game_round',
    access: 'read',
    why:
      'The in-house games read their rounds with their seed pairs (fair_seed_pair) in one statement on every ' +
      "move of a game; they write them through the games module's round functions.",
  },
  {
    module: 'inhouse',
    table: 'game',
    access: 'read',
    why: "The in-house round's read names its game's code in the same statement (inhouse.repository.ts selectRounds).",
  },
  {
    module: 'lottery',
    table: 'draw_ticket',
    access: 'read',
    why:
      "The lottery finds a draw's winners among its tickets in the database (one statement over up to a " +
      "million entries, only the winners travel): the entry's format is the lottery's; the draw engine writes them.",
  },
  {
    module: 'config',
    table: 'pay_channel',
    access: 'read',
    why:
      "The system options state each withdraw channel's fee (option 100, contracts/rule-texts.ts); config sits " +
      'in the platform layer, below payments, so it cannot ask the payments module.',
  },
  {
    module: 'deposit',
    table: 'pay_channel',
    access: 'read',
    why:
      "A member's deposit records and the own-phone order check join the order's channel (its code, name, " +
      "hall) in one statement; single channels come from the payments module's channel functions.",
  },
  {
    module: 'withdraw',
    table: 'pay_channel',
    access: 'read',
    why:
      "A member's withdrawal records and the last paid number join the withdrawal's channel (its code, name) " +
      "in one statement; single channels come from the payments module's channel functions.",
  },
];

/**
 * The module of a file, by its path under `apps/server/src/modules`: the deepest folder holding it that owns
 * tables (so `payments/deposit/x.ts` would be `payments/deposit`, not `payments`), else its folder. A loose
 * file in `modules/` is the payments module's when its name begins with `payment`, else a module of its own.
 */
export function moduleOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file.startsWith('payment') ? 'payments' : file.replace(/\.ts$/, '');
  const folders = parts.slice(0, -1);
  const owners = new Set<string>(Object.values(TABLE_OWNERS));
  for (let depth = folders.length; depth > 0; depth -= 1) {
    const folder = folders.slice(0, depth).join('/');
    if (owners.has(folder)) return folder;
  }
  return folders.join('/');
}
