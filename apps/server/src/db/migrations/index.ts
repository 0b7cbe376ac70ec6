import type { Migration } from 'kysely/migration';
import * as config from './0001-config.ts';
import * as pageView from './0002-page-view.ts';
import * as member from './0003-member.ts';
import * as message from './0004-message.ts';
import * as kyc from './0005-kyc.ts';
import * as social from './0006-social.ts';
import * as reauthentication from './0007-reauthentication.ts';
import * as wallet from './0008-wallet.ts';
import * as houseShards from './0009-house-shards.ts';
import * as payments from './0010-payments.ts';
import * as ledgerPost from './0014-ledger-post.ts';
import * as games from './0015-games.ts';
import * as paymentRepairs from './0016-payment-repairs.ts';
import * as moreHouseShards from './0017-more-house-shards.ts';
import * as withdrawalReview from './0018-withdrawal-review.ts';
import * as ledgerDebit from './0019-ledger-debit.ts';
import * as ledgerCredit from './0020-ledger-credit.ts';
import * as providerCalls from './0021-provider-calls.ts';
import * as withdrawalReviewDismissed from './0022-withdrawal-review-dismissed.ts';
import * as callbackProof from './0026-callback-proof.ts';
import * as taxPayable from './0030-tax-payable.ts';
import * as oneOpenRound from './0023-one-open-round.ts';
import * as moneyFacts from './0031-money-facts.ts';
import * as dbRoutines from './0032-db-routines.ts';
import * as staff from './0035-staff.ts';
import * as auditLog from './0036-audit-log.ts';
import * as promotionPage from './0038-promotion-page.ts';
import * as promotionProgramme from './0037-promotion-programme.ts';
import * as signIn from './0039-sign-in.ts';
import * as cashRain from './0043-cash-rain.ts';
import * as giveaway from './0044-giveaway.ts';
import * as diamondTask from './0041-diamond-task.ts';
import * as diamondSpin from './0042-diamond-spin.ts';
import * as bonusGrant from './0045-bonus-grant.ts';
import * as bonusWagering from './0046-bonus-wagering.ts';
import * as bonusConversion from './0047-bonus-conversion.ts';
import * as cashRainSplit from './0048-cash-rain-split.ts';
import * as vip from './0050-vip.ts';
import * as walletTickets from './0051-wallet-tickets.ts';
import * as cashBack from './0055-cash-back.ts';
import * as mall from './0058-mall.ts';
import * as referral from './0063-referral.ts';
import * as draws from './0064-draws.ts';
import * as luckyRefund from './0068-lucky-refund.ts';
import * as couponOutsideMall from './0069-coupon-outside-mall.ts';
import * as lottery from './0066-lottery.ts';
import * as collectCards from './0070-collect-cards.ts';
import * as memberLanding from './0071-member-landing.ts';
import * as bonusOffer from './0072-bonus-offer.ts';
import * as messageLink from './0073-message-link.ts';
import * as factOwnMoney from './0074-fact-own-money.ts';
import * as crashDriver from './0075-crash-driver.ts';
import * as darajaAccessToken from './0076-daraja-access-token.ts';
import * as mpesaPushQueue from './0077-mpesa-push-queue.ts';
import * as mpesaFloat from './0078-mpesa-float.ts';
import * as playerLimits from './0079-player-limits.ts';
import * as mpesaPause from './0080-mpesa-pause.ts';
import * as regulatorExport from './0081-regulator-export.ts';
import * as memberBreak from './0082-member-break.ts';
import * as identityVerification from './0083-identity-verification.ts';
import * as withdrawalApproval from './0084-withdrawal-approval.ts';
import * as memberSearch from './0085-member-search.ts';
import * as sessionLimit from './0086-session-limit.ts';
import * as selfExclusion from './0087-self-exclusion.ts';
import * as manualAdjustment from './0089-manual-adjustment.ts';
import * as playerSearch from './0091-player-search.ts';
import * as playerCare from './0092-player-care.ts';
import * as kycReviewPhoto from './0093-kyc-review-photo.ts';
import * as revenueRollup from './0094-revenue-rollup.ts';
import * as limitsInForce from './0097-limits-in-force.ts';
import * as fleetInstance from './0098-fleet-instance.ts';
import * as withdrawalSession from './0100-withdrawal-session.ts';
import * as revenueOpenDay from './0101-revenue-open-day.ts';
import * as contentRemoval from './0102-content-removal.ts';
import * as memberHistoryPages from './0103-member-history-pages.ts';

/** Every migration, in order. A new one is appended here with the next number; none is ever edited. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-config': config,
  '0002-page-view': pageView,
  '0003-member': member,
  '0004-message': message,
  '0005-kyc': kyc,
  '0006-social': social,
  '0007-reauthentication': reauthentication,
  '0008-wallet': wallet,
  '0009-house-shards': houseShards,
  '0010-payments': payments,
  '0014-ledger-post': ledgerPost,
  '0015-games': games,
  '0016-payment-repairs': paymentRepairs,
  '0017-more-house-shards': moreHouseShards,
  '0018-withdrawal-review': withdrawalReview,
  '0019-ledger-debit': ledgerDebit,
  '0020-ledger-credit': ledgerCredit,
  '0021-provider-calls': providerCalls,
  '0022-withdrawal-review-dismissed': withdrawalReviewDismissed,
  '0026-callback-proof': callbackProof,
  '0030-tax-payable': taxPayable,
  '0023-one-open-round': oneOpenRound,
  '0031-money-facts': moneyFacts,
  '0032-db-routines': dbRoutines,
  '0035-staff': staff,
  '0036-audit-log': auditLog,
  '0037-promotion-programme': promotionProgramme,
  '0038-promotion-page': promotionPage,
  '0039-sign-in': signIn,
  '0043-cash-rain': cashRain,
  '0044-giveaway': giveaway,
  '0041-diamond-task': diamondTask,
  '0042-diamond-spin': diamondSpin,
  '0045-bonus-grant': bonusGrant,
  '0046-bonus-wagering': bonusWagering,
  '0047-bonus-conversion': bonusConversion,
  '0048-cash-rain-split': cashRainSplit,
  '0050-vip': vip,
  '0051-wallet-tickets': walletTickets,
  '0055-cash-back': cashBack,
  '0058-mall': mall,
  '0068-lucky-refund': luckyRefund,
  '0069-coupon-outside-mall': couponOutsideMall,
  '0063-referral': referral,
  '0064-draws': draws,
  '0066-lottery': lottery,
  '0070-collect-cards': collectCards,
  '0071-member-landing': memberLanding,
  '0072-bonus-offer': bonusOffer,
  '0073-message-link': messageLink,
  '0074-fact-own-money': factOwnMoney,
  '0075-crash-driver': crashDriver,
  '0076-daraja-access-token': darajaAccessToken,
  '0077-mpesa-push-queue': mpesaPushQueue,
  '0078-mpesa-float': mpesaFloat,
  '0079-player-limits': playerLimits,
  '0080-mpesa-pause': mpesaPause,
  '0081-regulator-export': regulatorExport,
  '0082-member-break': memberBreak,
  '0083-identity-verification': identityVerification,
  '0084-withdrawal-approval': withdrawalApproval,
  '0085-member-search': memberSearch,
  '0086-session-limit': sessionLimit,
  '0087-self-exclusion': selfExclusion,
  '0089-manual-adjustment': manualAdjustment,
  '0091-player-search': playerSearch,
  '0092-player-care': playerCare,
  '0093-kyc-review-photo': kycReviewPhoto,
  '0094-revenue-rollup': revenueRollup,
  '0097-limits-in-force': limitsInForce,
  '0098-fleet-instance': fleetInstance,
  '0100-withdrawal-session': withdrawalSession,
  '0101-revenue-open-day': revenueOpenDay,
  '0102-content-removal': contentRemoval,
  '0103-member-history-pages': memberHistoryPages,
};
