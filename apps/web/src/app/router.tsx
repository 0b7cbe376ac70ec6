import { PAGE_PATHS } from '@app/contracts/page-paths';
import { memo, type ReactNode } from 'react';
import { Navigate, useRoutes, type Location, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page.ts';
import { RequireAuth } from './require-auth.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { IndexRedirect } from './routes/index-redirect.tsx';

/*
 * Home is in the first bundle; every other screen is its own chunk, fetched when first visited.
 * Declarative routes (not createBrowserRouter): the data router adds 16 KB gzipped that the home
 * budget cannot carry, and the app uses no loaders or actions (apps/web/README.md, "Bundle budget").
 */
const PromotionTab = lazyPage(() =>
  import('../features/promotions/routes/promotion-tab.tsx').then((module) => module.PromotionTab),
);
const PromotionPage = lazyPage(() =>
  import('../features/promotions/routes/promotion-page.tsx').then((module) => module.PromotionPage),
);
const CashRainPage = lazyPage(() =>
  import('../features/cash-rain/routes/cash-rain-page.tsx').then((module) => module.CashRainPage),
);
const GiveawayPage = lazyPage(() =>
  import('../features/giveaway/routes/giveaway-page.tsx').then((module) => module.GiveawayPage),
);
const BonusPage = lazyPage(() =>
  import('../features/bonus/routes/bonus-page.tsx').then((module) => module.BonusPage),
);
// The Me page with the VIP section composed in (routes/me-route.tsx), still its own chunk.
const MePage = lazyPage(() => import('./routes/me-route.tsx').then((module) => module.MeRoute));
const FaqPage = lazyPage(() =>
  import('../features/faq/routes/faq-page.tsx').then((module) => module.FaqPage),
);
const ContentPageRoute = lazyPage(() =>
  import('../features/content/routes/content-page.tsx').then((module) => module.ContentPageRoute),
);
const LicencePage = lazyPage(() =>
  import('../features/content/routes/licence-page.tsx').then((module) => module.LicencePage),
);
const LoginPage = lazyPage(() =>
  import('../features/account/routes/login-page.tsx').then((module) => module.LoginPage),
);
const RegisterPage = lazyPage(() =>
  import('../features/account/routes/register-page.tsx').then((module) => module.RegisterPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/account/routes/reset-password-page.tsx').then((module) => module.ResetPasswordPage),
);
const ModifyPasswordPage = lazyPage(() =>
  import('../features/account/routes/modify-password-page.tsx').then((module) => module.ModifyPasswordPage),
);
const AuthenticationBranchPage = lazyPage(() =>
  import('../features/account/routes/authentication-branch-page.tsx').then(
    (module) => module.AuthenticationBranchPage,
  ),
);
const AuthenticationSmsPage = lazyPage(() =>
  import('../features/account/routes/authentication-sms-page.tsx').then(
    (module) => module.AuthenticationSmsPage,
  ),
);
const ModifyMobilePage = lazyPage(() =>
  import('../features/account/routes/modify-mobile-page.tsx').then((module) => module.ModifyMobilePage),
);
const SettingsPage = lazyPage(() =>
  import('../features/settings/routes/settings-page.tsx').then((module) => module.SettingsPage),
);
const KycPage = lazyPage(() =>
  import('../features/settings/routes/kyc-page.tsx').then((module) => module.KycPage),
);
const LimitsPage = lazyPage(() =>
  import('../features/settings/routes/limits-page.tsx').then((module) => module.LimitsPage),
);
const BreakPage = lazyPage(() =>
  import('../features/settings/routes/break-page.tsx').then((module) => module.BreakPage),
);
const ExclusionPage = lazyPage(() =>
  import('../features/settings/routes/exclusion-page.tsx').then((module) => module.ExclusionPage),
);
const messagesPage = () => import('../features/messages/routes/messages-page.tsx');
const MemberMessagesPage = lazyPage(() => messagesPage().then((module) => module.MemberMessagesPage));
const SystemMessagesPage = lazyPage(() => messagesPage().then((module) => module.SystemMessagesPage));
const depositPages = () => import('../features/deposit/routes/deposit-page.tsx');
const DepositPage = lazyPage(() => depositPages().then((module) => module.DepositPage));
const NestedDepositPage = lazyPage(() =>
  import('../features/deposit/routes/nested-deposit-page.tsx').then((module) => module.NestedDepositPage),
);
const payHallPages = () => import('../features/deposit/routes/pay-hall-page.tsx');
const MpesaHallPage = lazyPage(() => payHallPages().then((module) => module.MpesaHallPage));
const PanpayHallPage = lazyPage(() => payHallPages().then((module) => module.PanpayHallPage));
const MpesaDepositPage = lazyPage(() =>
  import('../features/deposit/routes/mpesa-deposit-page.tsx').then((module) => module.MpesaDepositPage),
);
const PaypayDepositPage = lazyPage(() =>
  import('../features/deposit/routes/paypay-deposit-page.tsx').then((module) => module.PaypayDepositPage),
);
// The result page with collect-cards' touch of the order's chance composed in (routes/deposit-result-route.tsx).
const DepositResultPage = lazyPage(() =>
  import('./routes/deposit-result-route.tsx').then((module) => module.DepositResultRoute),
);
const WithdrawPage = lazyPage(() =>
  import('../features/withdraw/routes/withdraw-page.tsx').then((module) => module.WithdrawPage),
);
const WithdrawPreviewPage = lazyPage(() =>
  import('../features/withdraw/routes/withdraw-preview-page.tsx').then(
    (module) => module.WithdrawPreviewPage,
  ),
);
const DepositRecordsPage = lazyPage(() =>
  import('../features/records/routes/deposit-records-page.tsx').then((module) => module.DepositRecordsPage),
);
const WithdrawRecordsPage = lazyPage(() =>
  import('../features/records/routes/withdraw-records-page.tsx').then((module) => module.WithdrawRecordsPage),
);
const TransactionPage = lazyPage(() =>
  import('../features/records/routes/transaction-page.tsx').then((module) => module.TransactionPage),
);
const AppealPage = lazyPage(() =>
  import('../features/feedback/routes/appeal-page.tsx').then((module) => module.AppealPage),
);
const TimelinePage = lazyPage(() =>
  import('../features/feedback/routes/timeline-page.tsx').then((module) => module.TimelinePage),
);
// The game page with the bonus and diamonds features' parts composed in (routes/casino-route.tsx).
const CasinoPage = lazyPage(() => import('./routes/casino-route.tsx').then((module) => module.CasinoRoute));
const CategoryGamesPage = lazyPage(() =>
  import('../features/games/routes/category-games-page.tsx').then((module) => module.CategoryGamesPage),
);
const GameRecordsPage = lazyPage(() =>
  import('../features/games/routes/game-records-page.tsx').then((module) => module.GameRecordsPage),
);
const SupportsPage = lazyPage(() =>
  import('../features/content/routes/supports-page.tsx').then((module) => module.SupportsPage),
);

const DailyBonusPage = lazyPage(() =>
  import('../features/sign-in/routes/daily-bonus-page.tsx').then((module) => module.DailyBonusPage),
);
const CoinSpinPage = lazyPage(() =>
  import('../features/coin-spin/routes/coin-spin-page.tsx').then((module) => module.CoinSpinPage),
);

const vipPages = {
  memberCenter: () => import('../features/vip/routes/member-center-page.tsx'),
  records: () => import('../features/vip/routes/records-page.tsx'),
};
const MemberCenterPage = lazyPage(() => vipPages.memberCenter().then((module) => module.MemberCenterPage));
const MemberCenterRecordsPage = lazyPage(() =>
  vipPages.records().then((module) => module.MemberCenterRecordsPage),
);

const diamondPages = {
  tasks: () => import('../features/diamonds/routes/tasks-page.tsx'),
  spin: () => import('../features/diamonds/routes/spin-page.tsx'),
};
const DiamondTasksPage = lazyPage(() => diamondPages.tasks().then((module) => module.DiamondTasksPage));
const DiamondSpinPage = lazyPage(() => diamondPages.spin().then((module) => module.DiamondSpinPage));
// The diamonds' exchange page with the me feature's exchange composed in (routes/diamond-exchange-route.tsx).
const DiamondExchangePage = lazyPage(() =>
  import('./routes/diamond-exchange-route.tsx').then((module) => module.DiamondExchangeRoute),
);
// The mall, cart and coupons (issue 15 §4).
const mallPages = {
  mall: () => import('../features/mall/routes/mall-page.tsx'),
  detail: () => import('../features/mall/routes/detail-page.tsx'),
  cart: () => import('../features/mall/routes/cart-page.tsx'),
  orders: () => import('../features/mall/routes/orders-page.tsx'),
  jump: () => import('../features/mall/routes/jump-page.tsx'),
};
const MallPage = lazyPage(() => mallPages.mall().then((module) => module.MallPage));
const MallDetailPage = lazyPage(() => mallPages.detail().then((module) => module.DetailPage));
const MallCartPage = lazyPage(() => mallPages.cart().then((module) => module.CartPage));
const MallOrdersPage = lazyPage(() => mallPages.orders().then((module) => module.OrdersPage));
const MallOrderPage = lazyPage(() => mallPages.orders().then((module) => module.OrderPage));
const MallJumpPage = lazyPage(() => mallPages.jump().then((module) => module.JumpPage));
// Invitation and referral (issue 15 §5) and the Christmas landing (§6).
const referralPages = {
  referFriend: () => import('../features/referral/routes/refer-friend-page.tsx'),
  referDetail: () => import('../features/referral/routes/refer-detail-page.tsx'),
  invite: () => import('../features/referral/routes/invite-page.tsx'),
  inviteTasks: () => import('../features/referral/routes/invite-tasks-page.tsx'),
  landing: () => import('../features/referral/routes/invitation-landing.tsx'),
};
const ReferFriendPage = lazyPage(() => referralPages.referFriend().then((module) => module.ReferFriendPage));
const ReferDetailPage = lazyPage(() => referralPages.referDetail().then((module) => module.ReferDetailPage));
const InvitePage = lazyPage(() => referralPages.invite().then((module) => module.InvitePage));
const InviteTasksPage = lazyPage(() => referralPages.inviteTasks().then((module) => module.InviteTasksPage));
const InvitationLanding = lazyPage(() => referralPages.landing().then((module) => module.InvitationLanding));
const ChristmasPage = lazyPage(() =>
  import('../features/christmas/routes/christmas-page.tsx').then((module) => module.ChristmasPage),
);
const CashBackPage = lazyPage(() =>
  import('../features/cash-back/routes/cash-back-page.tsx').then((module) => module.CashBackPage),
);
// The 6+1 lottery and the cash draw (issue 16 §4 §5).
const lotteryPages = {
  lottery: () => import('../features/lottery/routes/lottery-page.tsx'),
  tickets: () => import('../features/lottery/routes/my-tickets-page.tsx'),
  results: () => import('../features/lottery/routes/results-page.tsx'),
  cashDraw: () => import('../features/lottery/routes/cash-draw-page.tsx'),
  cashDrawResults: () => import('../features/lottery/routes/cash-draw-results-page.tsx'),
};
const LotteryPage = lazyPage(() => lotteryPages.lottery().then((module) => module.LotteryPage));
const LotteryTicketsPage = lazyPage(() => lotteryPages.tickets().then((module) => module.MyTicketsPage));
const LotteryResultsPage = lazyPage(() => lotteryPages.results().then((module) => module.LotteryResultsPage));
const CashDrawPage = lazyPage(() => lotteryPages.cashDraw().then((module) => module.CashDrawPage));
const CashDrawResultsPage = lazyPage(() =>
  lotteryPages.cashDrawResults().then((module) => module.CashDrawResultsPage),
);
const CollectCardsPage = lazyPage(() =>
  import('../features/collect-cards/routes/collect-cards-page.tsx').then((module) => module.CollectCardsPage),
);
// Lucky refund (issue 16 §2): the index and results pages, each in the theme's variant.
const luckyRefundPages = () => import('../features/lucky-refund/routes/lucky-refund-pages.tsx');
const LuckyRefundIndexPage = lazyPage(() => luckyRefundPages().then((module) => module.LuckyRefundIndexPage));
const LuckyRefundResultsPage = lazyPage(() =>
  luckyRefundPages().then((module) => module.LuckyRefundResultsPage),
);
/** The five tabs, in tab-bar order, with the depths that decide the slide direction (spec §9). */
export const TABS = [
  { path: PAGE_PATHS.home, key: 'tabs.home', depth: 101 },
  { path: PAGE_PATHS.deposit, key: 'tabs.deposit', depth: 111 },
  { path: PAGE_PATHS.promotion, key: 'tabs.promotion', depth: 112 },
  { path: PAGE_PATHS.withdraw, key: 'tabs.withdraw', depth: 113 },
  { path: PAGE_PATHS.me, key: 'tabs.me', depth: 114 },
] as const;

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

/**
 * Every screen's address. Route objects made once, not <Route> elements: the element form rebuilt every
 * route from JSX children on each render of the router, a quarter of the home page's hydration task on a
 * cheap phone (docs/benchmarks.md, 2026-12-04).
 */
const APP_ROUTES: RouteObject[] = [
  { index: true, element: <IndexRedirect /> },
  { path: PAGE_PATHS.home, element: <HomeRoute /> },
  { path: PAGE_PATHS.deposit, element: <DepositPage /> },
  { path: PAGE_PATHS.promotion, element: <PromotionTab /> },
  { path: PAGE_PATHS.promotionPage(':id'), element: <PromotionPage /> },
  // The withdraw tab needs no guard (spec §4): the page itself asks a visitor to log in.
  { path: PAGE_PATHS.withdraw, element: <WithdrawPage /> },
  { path: PAGE_PATHS.me, element: <MePage /> },
  { path: PAGE_PATHS.faq, element: <FaqPage /> },
  { path: PAGE_PATHS.supports, element: <SupportsPage /> },
  { path: PAGE_PATHS.licence, element: <LicencePage /> },
  { path: PAGE_PATHS.contentBranch(':type'), element: <ContentPageRoute mode="branch" /> },
  { path: PAGE_PATHS.contentH5(':type'), element: <ContentPageRoute mode="h5" /> },
  { path: PAGE_PATHS.login, element: <LoginPage /> },
  { path: PAGE_PATHS.register, element: <RegisterPage /> },
  { path: PAGE_PATHS.registerFacebook, element: <RegisterPage social /> },
  // The spec lists reset among the guarded routes, but it is the way in for a forgotten password.
  { path: PAGE_PATHS.resetPassword, element: <ResetPasswordPage /> },
  { path: PAGE_PATHS.modifyPassword, element: guarded(<ModifyPasswordPage />) },
  { path: PAGE_PATHS.authenticationBranch, element: guarded(<AuthenticationBranchPage />) },
  { path: PAGE_PATHS.authenticationSms(':data'), element: guarded(<AuthenticationSmsPage />) },
  { path: PAGE_PATHS.modifyMobile(':redirect', ':title'), element: guarded(<ModifyMobilePage />) },
  { path: PAGE_PATHS.settings, element: guarded(<SettingsPage />) },
  { path: PAGE_PATHS.kyc, element: guarded(<KycPage />) },
  { path: PAGE_PATHS.limits, element: guarded(<LimitsPage />) },
  { path: PAGE_PATHS.takeBreak, element: guarded(<BreakPage />) },
  { path: PAGE_PATHS.exclusion, element: guarded(<ExclusionPage />) },
  { path: PAGE_PATHS.memberMessages, element: guarded(<MemberMessagesPage />) },
  { path: PAGE_PATHS.systemMessages, element: guarded(<SystemMessagesPage />) },
  { path: PAGE_PATHS.nestedDeposit, element: <NestedDepositPage /> },
  { path: PAGE_PATHS.payHall('mpesa'), element: <MpesaHallPage /> },
  { path: PAGE_PATHS.payHall('panpay'), element: <PanpayHallPage /> },
  { path: PAGE_PATHS.payDeposit('mpesa'), element: <MpesaDepositPage /> },
  // Only when the paypay app setting is on; otherwise the page sends the player to /deposit.
  { path: PAGE_PATHS.payDeposit('paypay'), element: <PaypayDepositPage /> },
  { path: PAGE_PATHS.payResult, element: <DepositResultPage /> },
  { path: PAGE_PATHS.accountWithdraw, element: guarded(<WithdrawPage />) },
  { path: PAGE_PATHS.withdrawPreview, element: guarded(<WithdrawPreviewPage />) },
  { path: PAGE_PATHS.depositRecords, element: guarded(<DepositRecordsPage />) },
  { path: PAGE_PATHS.withdrawRecords, element: guarded(<WithdrawRecordsPage />) },
  { path: PAGE_PATHS.transaction(':id'), element: guarded(<TransactionPage />) },
  { path: PAGE_PATHS.appeal(':id'), element: guarded(<AppealPage />) },
  { path: PAGE_PATHS.appealTimeline(':id'), element: guarded(<TimelinePage />) },
  // Real money needs login (the guard's msg_login confirm); a demo does not (spec §4).
  { path: PAGE_PATHS.gamePlay('launch', ':id'), element: guarded(<CasinoPage mode="launch" />) },
  { path: PAGE_PATHS.gamePlay('demo', ':id'), element: <CasinoPage mode="demo" /> },
  { path: PAGE_PATHS.categoryGames(':id'), element: <CategoryGamesPage /> },
  { path: PAGE_PATHS.gameRecords, element: guarded(<GameRecordsPage />) },
  { path: PAGE_PATHS.cashRain, element: <CashRainPage /> },
  { path: PAGE_PATHS.giveaway(':id'), element: <GiveawayPage /> },
  // Daily sign-in and coin spin: visitors see the pages, their actions ask for login (useLoginGate).
  { path: PAGE_PATHS.dailyBonus, element: <DailyBonusPage /> },
  { path: PAGE_PATHS.coinSpin(':id'), element: <CoinSpinPage /> },
  { path: PAGE_PATHS.diamondTasks, element: guarded(<DiamondTasksPage />) },
  { path: PAGE_PATHS.diamondSpin, element: guarded(<DiamondSpinPage />) },
  { path: PAGE_PATHS.diamondExchange, element: guarded(<DiamondExchangePage />) },
  { path: PAGE_PATHS.bonus, element: guarded(<BonusPage />) },
  // The mall: visitors see it; the detail page (spec §6), the cart and orders need login.
  { path: PAGE_PATHS.mall, element: <MallPage /> },
  { path: PAGE_PATHS.mallType(':type'), element: <MallPage /> },
  { path: PAGE_PATHS.mallDetail(':id'), element: guarded(<MallDetailPage />) },
  { path: PAGE_PATHS.mallJump(':id'), element: <MallJumpPage /> },
  { path: PAGE_PATHS.mallCart, element: guarded(<MallCartPage />) },
  { path: PAGE_PATHS.mallOrders, element: guarded(<MallOrdersPage />) },
  { path: PAGE_PATHS.mallOrder(':id'), element: guarded(<MallOrderPage />) },
  // VIP (issue 15): the member centre and its records need login (spec §6).
  { path: PAGE_PATHS.memberCenter, element: guarded(<MemberCenterPage />) },
  { path: PAGE_PATHS.memberCenterRecords, element: guarded(<MemberCenterRecordsPage />) },
  // Invitation and referral: the terms for visitors; the member's invitation, rewards and tasks need login.
  { path: PAGE_PATHS.referFriend(':id'), element: <ReferFriendPage /> },
  { path: PAGE_PATHS.referDetail(':id'), element: guarded(<ReferDetailPage />) },
  { path: PAGE_PATHS.invite(':id', ':action'), element: guarded(<InvitePage />) },
  { path: PAGE_PATHS.inviteTasks(':id'), element: guarded(<InviteTasksPage />) },
  { path: PAGE_PATHS.invitationRegister(':code', ':channel'), element: <InvitationLanding /> },
  { path: PAGE_PATHS.invitation(':code', ':channel'), element: <InvitationLanding /> },
  // Only while the Christmas variant is on; otherwise the page goes home.
  { path: PAGE_PATHS.christmas, element: <ChristmasPage /> },
  { path: PAGE_PATHS.cashBack, element: guarded(<CashBackPage />) },
  // Visitors see the rounds and results; buying and their own results ask them to log in.
  { path: PAGE_PATHS.luckyRefund, element: <LuckyRefundIndexPage /> },
  { path: PAGE_PATHS.luckyRefundResults, element: <LuckyRefundResultsPage /> },
  // The lottery and the cash draw: visitors see draws and results; buying asks them to log in.
  { path: PAGE_PATHS.lottery, element: <LotteryPage /> },
  { path: PAGE_PATHS.lotteryTickets, element: guarded(<LotteryTicketsPage />) },
  { path: PAGE_PATHS.lotteryResults(':drawId'), element: <LotteryResultsPage /> },
  { path: PAGE_PATHS.cashDraw, element: <CashDrawPage /> },
  { path: PAGE_PATHS.cashDrawResults(':drawId'), element: <CashDrawResultsPage /> },
  // Collect-cards (issue 16 §3): visitors see the activity; drawing and chances ask them to log in.
  { path: PAGE_PATHS.collectCards, element: <CollectCardsPage /> },
  { path: '*', element: <Navigate to={PAGE_PATHS.home} replace /> },
];

/** The screen for `location`; it renders again only when the address changes. */
export const AppRoutes = memo(function AppRoutes({ location }: { location: Location }) {
  return useRoutes(APP_ROUTES, location);
});
