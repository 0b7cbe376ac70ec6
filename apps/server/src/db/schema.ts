import type { ColumnType } from 'kysely';
import type { ConfigTables } from '../modules/platform/config/config.tables.ts';
import type { AnalyticsTables } from '../modules/platform/analytics/analytics.tables.ts';
import type { MemberTables } from '../modules/platform/member/member.tables.ts';
import type { MessageTables } from '../modules/messages/message/message.tables.ts';
import type { KycTables } from '../modules/platform/kyc/kyc.tables.ts';
import type { ExclusionTables } from '../modules/platform/exclusion/exclusion.tables.ts';
import type { StaffTables } from '../modules/platform/staff/staff.tables.ts';
import type { WalletTables } from '../modules/platform/wallet/wallet.tables.ts';
import type { PaymentsTables } from '../modules/payments/channels/channels.tables.ts';
import type { DepositTables } from '../modules/payments/deposit/deposit.tables.ts';
import type { WithdrawTables } from '../modules/payments/withdraw/withdraw.tables.ts';
import type { RegulatorTables } from '../modules/payments/regulator/regulator.tables.ts';
import type { AdjustmentsTables } from '../modules/payments/adjustments/adjustments.tables.ts';
import type { RevenueTables } from '../modules/platform/revenue/revenue.tables.ts';
import type { FleetTables } from '../modules/platform/fleet/fleet.tables.ts';
import type { ExchangeTables } from '../modules/promotions/exchange/exchange.tables.ts';
import type { FeedbackTables } from '../modules/messages/feedback/feedback.tables.ts';
import type { GamesTables } from '../modules/games/catalogue/games.tables.ts';
import type { InhouseTables } from '../modules/games/inhouse/inhouse.tables.ts';
import type { CrashTables } from '../modules/games/crash/crash.tables.ts';
import type { ProviderTables } from '../modules/games/provider/provider.tables.ts';
import type { PromotionsTables } from '../modules/promotions/kit/promotions.tables.ts';
import type { PromotionPagesTables } from '../modules/promotions/promotion-pages/promotion-pages.tables.ts';
import type { CashRainTables } from '../modules/promotions/cash-rain/cash-rain.tables.ts';
import type { GiveawayTables } from '../modules/promotions/giveaway/giveaway.tables.ts';
import type { SignInTables } from '../modules/promotions/sign-in/sign-in.tables.ts';
import type { DiamondsTables } from '../modules/promotions/diamonds/diamonds.tables.ts';
import type { BonusTables } from '../modules/promotions/bonus/bonus.tables.ts';
import type { MallTables } from '../modules/promotions/mall/mall.tables.ts';
import type { VipTables } from '../modules/promotions/vip/vip.tables.ts';
import type { ReferralTables } from '../modules/promotions/referral/referral.tables.ts';
import type { DrawsTables } from '../modules/promotions/draws/draws.tables.ts';
import type { LotteryTables } from '../modules/promotions/lottery/lottery.tables.ts';
import type { LuckyRefundTables } from '../modules/promotions/lucky-refund/lucky-refund.tables.ts';
import type { CollectCardsTables } from '../modules/promotions/collect-cards/collect-cards.tables.ts';
import type { CashBackTables } from '../modules/promotions/cash-back/cash-back.tables.ts';
import type { TablesOfPlugs } from '../modules/promotions/kit/plug.ts';
import type { PROMOTION_PLUGS } from '../modules/promotions/plugs.ts';

/**
 * The database's tables, as Kysely types. Each module declares the tables it owns in its
 * `<module>.tables.ts` (`payments.tables.ts` for the loose payment files), and `db/table-owners.ts` names the
 * owner of each table: the one module whose SQL writes it (`db/table-owners.test.ts` holds every module to
 * its own tables). A new table: its type in its module's file; a new module also gets its import and line
 * here, but a promotion programme, whose plug carries its tables' type (`ProgrammeTables`).
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
  ExclusionTables &
  StaffTables &
  WalletTables &
  PaymentsTables &
  DepositTables &
  WithdrawTables &
  RegulatorTables &
  AdjustmentsTables &
  RevenueTables &
  FleetTables &
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
  DiamondsTables &
  BonusTables &
  MallTables &
  VipTables &
  ReferralTables &
  DrawsTables &
  LotteryTables &
  LuckyRefundTables &
  CollectCardsTables &
  CashBackTables &
  ProgrammeTables;

/**
 * Every promotion programme's tables, from its plug in `modules/promotions/plugs.ts`
 * (`definePlug<…Tables>`): a programme's tables need no line in this file.
 */
export type ProgrammeTables = TablesOfPlugs<typeof PROMOTION_PLUGS>;

export type { Translations } from './columns.ts';
export type * from '../modules/platform/config/config.tables.ts';
export type * from '../modules/platform/analytics/analytics.tables.ts';
export type * from '../modules/platform/member/member.tables.ts';
export type * from '../modules/messages/message/message.tables.ts';
export type * from '../modules/platform/kyc/kyc.tables.ts';
export type * from '../modules/platform/staff/staff.tables.ts';
export type * from '../modules/platform/wallet/wallet.tables.ts';
export type * from '../modules/payments/channels/channels.tables.ts';
export type * from '../modules/payments/deposit/deposit.tables.ts';
export type * from '../modules/payments/withdraw/withdraw.tables.ts';
export type * from '../modules/promotions/exchange/exchange.tables.ts';
export type * from '../modules/messages/feedback/feedback.tables.ts';
export type * from '../modules/games/catalogue/games.tables.ts';
export type * from '../modules/games/inhouse/inhouse.tables.ts';
export type * from '../modules/games/crash/crash.tables.ts';
export type * from '../modules/games/provider/provider.tables.ts';
export type * from '../modules/promotions/kit/promotions.tables.ts';
export type * from '../modules/promotions/promotion-pages/promotion-pages.tables.ts';
export type * from '../modules/promotions/cash-rain/cash-rain.tables.ts';
export type * from '../modules/promotions/giveaway/giveaway.tables.ts';
export type * from '../modules/promotions/sign-in/sign-in.tables.ts';
export type * from '../modules/promotions/diamonds/diamonds.tables.ts';
export type * from '../modules/promotions/bonus/bonus.tables.ts';
export type * from '../modules/promotions/mall/mall.tables.ts';
export type * from '../modules/promotions/vip/vip.tables.ts';
export type * from '../modules/promotions/referral/referral.tables.ts';
export type * from '../modules/promotions/draws/draws.tables.ts';
export type * from '../modules/promotions/lottery/lottery.tables.ts';
export type * from '../modules/promotions/lucky-refund/lucky-refund.tables.ts';
export type * from '../modules/promotions/collect-cards/collect-cards.tables.ts';
export type * from '../modules/promotions/cash-back/cash-back.tables.ts';
