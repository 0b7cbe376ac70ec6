import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from './page-paths.ts';

/**
 * Every page's address as players, adverts, messages and operators' menus know it (spec §2 where it names
 * the page). Links already sent (an SMS, a shared invitation, an installed app's start page) keep working
 * only while these stay as they are.
 */
const EXPECTED: Record<keyof typeof PAGE_PATHS, string> = {
  home: '/home',
  deposit: '/deposit',
  promotion: '/promotion',
  withdraw: '/withdraw',
  me: '/me',
  login: '/login',
  register: '/register',
  registerFacebook: '/register-facebook',
  resetPassword: '/password/reset',
  modifyPassword: '/password/modify',
  authenticationBranch: '/authentication/branch',
  authenticationSms: '/authentication/sms/:data',
  modifyMobile: '/account/mobile/:redirect/:title',
  faq: '/me/faq',
  supports: '/supports',
  settings: '/me/settings',
  licence: '/me/settings/license',
  kyc: '/me/settings/kyc',
  exclusion: '/me/settings/exclusion',
  limits: '/me/settings/limits',
  gameRecords: '/me/game-records',
  contentBranch: '/pages/branch/:type',
  contentH5: '/pages/h5/:type',
  memberMessages: '/member/messages',
  systemMessages: '/system/messages',
  nestedDeposit: '/nested-deposit',
  payHall: '/pay/hall/mpesa',
  payDeposit: '/pay/deposit/mpesa',
  payResult: '/pay/result',
  accountWithdraw: '/account/withdraw',
  withdrawPreview: '/account/withdraw-preview',
  depositRecords: '/account/records/deposit',
  withdrawRecords: '/account/records/withdraw',
  transaction: '/account/transaction/:id',
  appeal: '/feedback/deposit/:id',
  appealTimeline: '/feedback/timeline/:id',
  gamePlay: '/casino/launch/:id',
  categoryGames: '/categories/:id/games',
  promotionPage: '/activities/promotion/:id',
  cashRain: '/activities/cash-rain',
  giveaway: '/activities/giveaway/:id',
  dailyBonus: '/activities/daily-bonus',
  coinSpin: '/games/coin-spin/:id',
  diamondTasks: '/diamond/tasks',
  diamondSpin: '/diamond/spin',
  diamondExchange: '/diamond/exchange',
  bonus: '/bonus',
  mall: '/mall',
  mallType: '/mall/:type',
  mallDetail: '/mall/detail/:id',
  mallJump: '/mall/jump/:id',
  mallCart: '/mall/cart',
  mallOrders: '/mall/orders',
  mallOrder: '/mall/orders/:id',
  memberCenter: '/subscriber/memberCenter',
  memberCenterRecords: '/subscriber/memberCenter/records',
  cashBack: '/subscriber/cashBack',
  referFriend: '/activities/refer-friend/:id',
  referDetail: '/activities/refer-detail/:id',
  invite: '/activities/invite/:id/:action',
  inviteTasks: '/activities/invite-tasks/:id',
  invitationRegister: '/activities/register/:code/:channel',
  invitation: '/invitation/:code/:channel',
  christmas: '/publicize/christmas',
  luckyRefund: '/activities/lucky-refund/index',
  luckyRefundResults: '/activities/lucky-refund/results',
  lottery: '/lottery',
  lotteryTickets: '/lottery/tickets',
  lotteryResults: '/lottery/results/:drawId',
  cashDraw: '/cash-draw',
  cashDrawResults: '/cash-draw/results/:drawId',
  collectCards: '/activities/collect-cards',
};

/** The arguments the router declares a page with: each parameter's name, or the value of a fixed one. */
const ROUTER_ARGUMENTS: Partial<Record<keyof typeof PAGE_PATHS, string[]>> = {
  payHall: ['mpesa'],
  payDeposit: ['mpesa'],
  gamePlay: ['launch', ':id'],
};

function pattern(key: keyof typeof PAGE_PATHS, expected: string): string {
  const page = PAGE_PATHS[key];
  if (typeof page === 'string') return page;
  const args = ROUTER_ARGUMENTS[key] ?? expected.match(/:\w+/g) ?? [];
  return (page as (...segments: string[]) => string)(...args);
}

describe('page paths', () => {
  it('keep every page at its known address', () => {
    for (const [key, expected] of Object.entries(EXPECTED)) {
      expect(pattern(key as keyof typeof PAGE_PATHS, expected), key).toBe(expected);
    }
    expect(Object.keys(PAGE_PATHS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('give no two pages one address', () => {
    const patterns = Object.values(EXPECTED);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('build the addresses links use', () => {
    expect(PAGE_PATHS.gamePlay('demo', 7)).toBe('/casino/demo/7');
    expect(PAGE_PATHS.payHall('panpay')).toBe('/pay/hall/panpay');
    expect(PAGE_PATHS.payDeposit('paypay')).toBe('/pay/deposit/paypay');
    expect(PAGE_PATHS.invite(1, 'share')).toBe('/activities/invite/1/share');
    expect(PAGE_PATHS.modifyMobile(encodeURIComponent('/me/settings'), 'changeMobile')).toBe(
      '/account/mobile/%2Fme%2Fsettings/changeMobile',
    );
  });
});
