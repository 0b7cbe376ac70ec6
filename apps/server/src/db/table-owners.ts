import type { Database } from './schema.ts';

/**
 * The owner of every table (issue 23 §4): the one module whose SQL writes it (or, for a table only the demo
 * seed writes, reads it); others ask the owner through its service, or embed a query it hands over. A module
 * is named by its folder under `apps/server/src/modules`, layer first (`platform/wallet`), so moving a module's
 * folder changes its name here and nowhere else in the map. The table's type is in the
 * owner's `<module>.tables.ts`. `db/table-owners.test.ts` reads every module's SQL and fails when a module
 * writes or reads a table it does not own, outside `OWNER_EXCEPTIONS`.
 */
export const TABLE_OWNERS = {
  /** Not a module's: `db/routines.ts` keeps which database functions it installed. */
  db_routine: 'db',
  cf_global: 'platform/config',
  cf_menu: 'platform/config',
  advert: 'platform/config',
  cf_faq: 'platform/config',
  content_page: 'platform/config',
  page_view: 'platform/analytics',
  member: 'platform/member',
  member_session: 'platform/member',
  sms_code: 'platform/member',
  login_throttle: 'platform/member',
  rate_counter: 'platform/member',
  social_identity: 'platform/member',
  oauth_attempt: 'platform/member',
  social_ticket: 'platform/member',
  member_message: 'messages/message',
  system_message: 'messages/message',
  system_message_read: 'messages/message',
  notice: 'messages/message',
  member_kyc: 'platform/kyc',
  staff: 'platform/staff',
  staff_session: 'platform/staff',
  audit_log: 'platform/staff',
  audit_head: 'platform/staff',
  ledger_account: 'platform/wallet',
  journal_transaction: 'platform/wallet',
  journal_entry: 'platform/wallet',
  money_fact: 'platform/wallet',
  fact_cursor: 'platform/wallet',
  bonus_grant: 'platform/wallet',
  pay_channel: 'payments/channels',
  payment_callback_hint: 'payments/channels',
  pay_item: 'payments/deposit',
  deposit_order: 'payments/deposit',
  unmatched_stk_callback: 'payments/deposit',
  withdrawal: 'payments/withdraw',
  withdrawal_review: 'payments/withdraw',
  exchange_option: 'promotions/exchange',
  deposit_appeal: 'messages/feedback',
  deposit_appeal_event: 'messages/feedback',
  game: 'games/catalogue',
  game_category: 'games/catalogue',
  game_category_game: 'games/catalogue',
  game_session: 'games/catalogue',
  game_round: 'games/catalogue',
  fair_seed_pair: 'games/inhouse',
  crash_chain: 'games/crash',
  crash_round: 'games/crash',
  provider_transaction: 'games/provider',
  promotion_programme: 'promotions/kit',
  promotion_page: 'promotions/promotion-pages',
  cash_rain_slot: 'promotions/cash-rain',
  cash_rain_packet: 'promotions/cash-rain',
  cash_rain_claim: 'promotions/cash-rain',
  giveaway_stock: 'promotions/giveaway',
  giveaway_gift: 'promotions/giveaway',
  sign_in_claim: 'promotions/sign-in',
  coin_spin_day: 'promotions/coin-spin',
  coin_spin_prize: 'promotions/coin-spin',
  coin_spin: 'promotions/coin-spin',
  diamond_task_progress: 'promotions/diamonds',
  diamond_task_claim: 'promotions/diamonds',
  diamond_spin_seed: 'promotions/diamonds',
  diamond_spin_pool: 'promotions/diamonds',
  diamond_spin_bet: 'promotions/diamonds',
  bonus_offer: 'promotions/bonus',
  mall_goods: 'promotions/mall',
  mall_member_goods: 'promotions/mall',
  mall_coupon: 'promotions/mall',
  mall_member_coupon: 'promotions/mall',
  mall_order: 'promotions/mall',
  mall_order_line: 'promotions/mall',
  vip_points: 'promotions/vip',
  vip_benefit_claim: 'promotions/vip',
  referral: 'promotions/referral',
  referral_referrer: 'promotions/referral',
  referral_visit: 'promotions/referral',
  referral_task_claim: 'promotions/referral',
  draw: 'promotions/draws',
  draw_ticket: 'promotions/draws',
  lottery_holding: 'promotions/lottery',
  lottery_settlement: 'promotions/lottery',
  lottery_prize: 'promotions/lottery',
  lucky_refund_purchase: 'promotions/lucky-refund',
  lucky_refund_code: 'promotions/lucky-refund',
  lucky_refund_settlement: 'promotions/lucky-refund',
  lucky_refund_result: 'promotions/lucky-refund',
  collect_cards_member: 'promotions/collect-cards',
  collect_cards_chance: 'promotions/collect-cards',
  collect_cards_seed: 'promotions/collect-cards',
  collect_cards_draw: 'promotions/collect-cards',
  collect_cards_gift: 'promotions/collect-cards',
  cash_back_loss: 'promotions/cash-back',
  cash_back_week: 'promotions/cash-back',
  cash_back_entitlement: 'promotions/cash-back',
} as const satisfies Record<keyof Database, string>;

export type TableName = keyof typeof TABLE_OWNERS;
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
    access: 'read',
    why:
      'Crash bets are game_round rows with their crash round: the crash game reads its own bets (joined with ' +
      "crash_round to find those a stop left open); it writes them through the games module's round functions.",
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
