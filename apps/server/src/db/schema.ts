import type { ColumnType } from 'kysely';
import type { ConfigTables } from '../modules/config/config.tables.ts';
import type { AnalyticsTables } from '../modules/analytics/analytics.tables.ts';
import type { MemberTables } from '../modules/member/member.tables.ts';
import type { MessageTables } from '../modules/message/message.tables.ts';
import type { KycTables } from '../modules/kyc/kyc.tables.ts';
import type { StaffTables } from '../modules/staff/staff.tables.ts';
import type { WalletTables } from '../modules/wallet/wallet.tables.ts';
import type { PaymentsTables } from '../modules/payments.tables.ts';
import type { DepositTables } from '../modules/deposit/deposit.tables.ts';
import type { WithdrawTables } from '../modules/withdraw/withdraw.tables.ts';
import type { ExchangeTables } from '../modules/exchange/exchange.tables.ts';
import type { FeedbackTables } from '../modules/feedback/feedback.tables.ts';
import type { GamesTables } from '../modules/games/games.tables.ts';
import type { InhouseTables } from '../modules/inhouse/inhouse.tables.ts';
import type { CrashTables } from '../modules/crash/crash.tables.ts';
import type { ProviderTables } from '../modules/provider/provider.tables.ts';
import type { PromotionsTables } from '../modules/promotions/promotions.tables.ts';
import type { PromotionPagesTables } from '../modules/promotion-pages/promotion-pages.tables.ts';
import type { CashRainTables } from '../modules/cash-rain/cash-rain.tables.ts';
import type { GiveawayTables } from '../modules/giveaway/giveaway.tables.ts';
import type { SignInTables } from '../modules/sign-in/sign-in.tables.ts';
import type { CoinSpinTables } from '../modules/coin-spin/coin-spin.tables.ts';
import type { DiamondsTables } from '../modules/diamonds/diamonds.tables.ts';
import type { BonusTables } from '../modules/bonus/bonus.tables.ts';
import type { MallTables } from '../modules/mall/mall.tables.ts';
import type { VipTables } from '../modules/vip/vip.tables.ts';
import type { ReferralTables } from '../modules/referral/referral.tables.ts';
import type { DrawsTables } from '../modules/draws/draws.tables.ts';
import type { LotteryTables } from '../modules/lottery/lottery.tables.ts';
import type { LuckyRefundTables } from '../modules/lucky-refund/lucky-refund.tables.ts';
import type { CollectCardsTables } from '../modules/collect-cards/collect-cards.tables.ts';
import type { CashBackTables } from '../modules/cash-back/cash-back.tables.ts';

/**
 * The database's tables, as Kysely types. Each module declares the tables it owns in its
 * `<module>.tables.ts` (`payments.tables.ts` for the loose payment files), and `db/table-owners.ts` names the
 * owner of each table: the one module whose SQL writes it (`db/table-owners.test.ts` holds every module to
 * its own tables). A new table: its type in its module's file and its line in the owner map; a new module
 * also gets its import and line here.
 */

/** Which text of each module-owned database function is installed (migration 0032, `db/routines.ts`). */
export type DbRoutineTable = {
  name: string;
  hash: string;
  installed_at: ColumnType<Date, Date | undefined, Date>;
};

export type DbTables = {
  db_routine: DbRoutineTable;
};

export type Database = DbTables &
  ConfigTables &
  AnalyticsTables &
  MemberTables &
  MessageTables &
  KycTables &
  StaffTables &
  WalletTables &
  PaymentsTables &
  DepositTables &
  WithdrawTables &
  ExchangeTables &
  FeedbackTables &
  GamesTables &
  InhouseTables &
  CrashTables &
  ProviderTables &
  PromotionsTables &
  PromotionPagesTables &
  CashRainTables &
  GiveawayTables &
  SignInTables &
  CoinSpinTables &
  DiamondsTables &
  BonusTables &
  MallTables &
  VipTables &
  ReferralTables &
  DrawsTables &
  LotteryTables &
  LuckyRefundTables &
  CollectCardsTables &
  CashBackTables;

export type { Translations } from './columns.ts';
export type * from '../modules/config/config.tables.ts';
export type * from '../modules/analytics/analytics.tables.ts';
export type * from '../modules/member/member.tables.ts';
export type * from '../modules/message/message.tables.ts';
export type * from '../modules/kyc/kyc.tables.ts';
export type * from '../modules/staff/staff.tables.ts';
export type * from '../modules/wallet/wallet.tables.ts';
export type * from '../modules/payments.tables.ts';
export type * from '../modules/deposit/deposit.tables.ts';
export type * from '../modules/withdraw/withdraw.tables.ts';
export type * from '../modules/exchange/exchange.tables.ts';
export type * from '../modules/feedback/feedback.tables.ts';
export type * from '../modules/games/games.tables.ts';
export type * from '../modules/inhouse/inhouse.tables.ts';
export type * from '../modules/crash/crash.tables.ts';
export type * from '../modules/provider/provider.tables.ts';
export type * from '../modules/promotions/promotions.tables.ts';
export type * from '../modules/promotion-pages/promotion-pages.tables.ts';
export type * from '../modules/cash-rain/cash-rain.tables.ts';
export type * from '../modules/giveaway/giveaway.tables.ts';
export type * from '../modules/sign-in/sign-in.tables.ts';
export type * from '../modules/coin-spin/coin-spin.tables.ts';
export type * from '../modules/diamonds/diamonds.tables.ts';
export type * from '../modules/bonus/bonus.tables.ts';
export type * from '../modules/mall/mall.tables.ts';
export type * from '../modules/vip/vip.tables.ts';
export type * from '../modules/referral/referral.tables.ts';
export type * from '../modules/draws/draws.tables.ts';
export type * from '../modules/lottery/lottery.tables.ts';
export type * from '../modules/lucky-refund/lucky-refund.tables.ts';
export type * from '../modules/collect-cards/collect-cards.tables.ts';
export type * from '../modules/cash-back/cash-back.tables.ts';
