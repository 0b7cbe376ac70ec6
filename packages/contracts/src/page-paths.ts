/**
 * The web app's page addresses (spec §2, and ours where the spec shows none): one list for the app's router,
 * every link and redirect in the app, and the server's links into the app (a game's Home and Deposit
 * buttons, a message's link). API paths are in paths.ts.
 *
 * A page without parameters is its path. A page with parameters is a function of them that builds the
 * address; the router declares the same page by passing the parameters' names (`mallDetail(':id')` is the
 * pattern `/mall/detail/:id`), so a route and its links cannot drift apart. Arguments are path segments
 * used as given: a caller encodes one that may hold `/`, `?` or `%`.
 */
type Segment = number | string;

export const PAGE_PATHS = {
  // The five tabs (spec §2, §9).
  home: '/home',
  deposit: '/deposit',
  promotion: '/promotion',
  withdraw: '/withdraw',
  me: '/me',

  // Account: login, registration, passwords, re-authentication.
  login: '/login',
  register: '/register',
  registerFacebook: '/register-facebook',
  resetPassword: '/password/reset',
  modifyPassword: '/password/modify',
  authenticationBranch: '/authentication/branch',
  authenticationSms: (data: Segment) => `/authentication/sms/${data}`,
  /** `redirect` is a path, so the caller encodes it (`encodeURIComponent`). */
  modifyMobile: (redirect: Segment, title: Segment) => `/account/mobile/${redirect}/${title}`,

  // Me: settings, help and content pages.
  faq: '/me/faq',
  supports: '/supports',
  settings: '/me/settings',
  licence: '/me/settings/license',
  kyc: '/me/settings/kyc',
  exclusion: '/me/settings/exclusion',
  /** Page of our design (issue 25 §2): the player's deposit, loss and stake limits. */
  limits: '/me/settings/limits',
  gameRecords: '/me/game-records',
  contentBranch: (type: Segment) => `/pages/branch/${type}`,
  contentH5: (type: Segment) => `/pages/h5/${type}`,
  memberMessages: '/member/messages',
  systemMessages: '/system/messages',

  // Money: deposit, the payment halls, withdrawals, records and appeals.
  nestedDeposit: '/nested-deposit',
  payHall: (hall: 'mpesa' | 'panpay') => `/pay/hall/${hall}`,
  payDeposit: (channel: 'mpesa' | 'paypay') => `/pay/deposit/${channel}`,
  payResult: '/pay/result',
  accountWithdraw: '/account/withdraw',
  withdrawPreview: '/account/withdraw-preview',
  depositRecords: '/account/records/deposit',
  withdrawRecords: '/account/records/withdraw',
  transaction: (id: Segment) => `/account/transaction/${id}`,
  appeal: (depositId: Segment) => `/feedback/deposit/${depositId}`,
  /** One appeal and its history; an appeal's answer in the inbox links to it. */
  appealTimeline: (appealId: Segment) => `/feedback/timeline/${appealId}`,

  // Games.
  gamePlay: (mode: 'launch' | 'demo', gameId: Segment) => `/casino/${mode}/${gameId}`,
  categoryGames: (categoryId: Segment) => `/categories/${categoryId}/games`,

  // Promotions and programmes.
  promotionPage: (id: Segment) => `/activities/promotion/${id}`,
  cashRain: '/activities/cash-rain',
  giveaway: (id: Segment) => `/activities/giveaway/${id}`,
  dailyBonus: '/activities/daily-bonus',
  coinSpin: (id: Segment) => `/games/coin-spin/${id}`,
  diamondTasks: '/diamond/tasks',
  diamondSpin: '/diamond/spin',
  diamondExchange: '/diamond/exchange',
  bonus: '/bonus',
  mall: '/mall',
  mallType: (type: Segment) => `/mall/${type}`,
  mallDetail: (goodsId: Segment) => `/mall/detail/${goodsId}`,
  mallJump: (goodsId: Segment) => `/mall/jump/${goodsId}`,
  mallCart: '/mall/cart',
  mallOrders: '/mall/orders',
  mallOrder: (orderId: Segment) => `/mall/orders/${orderId}`,
  memberCenter: '/subscriber/memberCenter',
  memberCenterRecords: '/subscriber/memberCenter/records',
  cashBack: '/subscriber/cashBack',
  referFriend: (id: Segment) => `/activities/refer-friend/${id}`,
  referDetail: (id: Segment) => `/activities/refer-detail/${id}`,
  invite: (id: Segment, action: Segment) => `/activities/invite/${id}/${action}`,
  inviteTasks: (id: Segment) => `/activities/invite-tasks/${id}`,
  /** The theme's registration landing (spec §2); `invitation` is the link the share popup sends. */
  invitationRegister: (code: Segment, channel: Segment) => `/activities/register/${code}/${channel}`,
  invitation: (code: Segment, channel: Segment) => `/invitation/${code}/${channel}`,
  christmas: '/publicize/christmas',
  luckyRefund: '/activities/lucky-refund/index',
  luckyRefundResults: '/activities/lucky-refund/results',
  lottery: '/lottery',
  lotteryTickets: '/lottery/tickets',
  lotteryResults: (drawId: Segment) => `/lottery/results/${drawId}`,
  cashDraw: '/cash-draw',
  cashDrawResults: (drawId: Segment) => `/cash-draw/results/${drawId}`,
  collectCards: '/activities/collect-cards',
} as const;
