/**
 * API paths, relative to the API base `/api` (spec §7). One list so the server's routes and the web
 * app's calls cannot drift apart.
 */
export const API_BASE = '/api';

export const CONFIG_PATHS = {
  systemOptions: '/config-service/cfGlobal/queryGlobalByPlatform',
  systemOptionsByType: '/config-service/cfGlobal/queryGlobalByType',
  menusByPosition: '/config-service/cfMenu/queryByPosition',
  advertsByPosition: '/config-service/advertManager/queryAllByTypeId',
  faqByType: '/config-service/cfFaq/getCfFaqByType',
  /** Path of our design: the spec names the lookup by code but not its path. */
  systemConfigByCode: '/config-service/cfSystem/queryByCode',
  /** Path of our design: content pages by type. */
  contentPage: '/config-service/cfPage/queryByType',
  /** Path of our design: country profile, theme and switches for the web app. */
  appSettings: '/config-service/app/settings',
} as const;

/** Served outside /api (spec §7). */
export const VERSION_FILE_PATH = '/statics/upgrade/version_latest.json';

export const ANALYTICS_PATHS = {
  /** Path of our design: the page-view report. */
  pageView: '/analytics-service/page-view/report',
} as const;

/** Member service (spec §7), POST unless noted. */
export const MEMBER_PATHS = {
  register: '/member-service/member/reg',
  login: '/member-service/member/login',
  loginWithToken: '/member-service/member/loginWithToken',
  loginWithSmsCode: '/member-service/member/loginWithSmsCode',
  logout: '/member-service/member/logout',
  sendSms: '/member-service/member/sendSms',
  checkSms: '/member-service/member/checkSms',
  checkMobile: '/member-service/member/checkMobile',
  modifyPassword: '/member-service/member/modifyPassword',
  resetPassword: '/member-service/member/resetPassword',
  modifyMemberInfo: '/member-service/member/modifyMemberInfo',
  modifyImg: '/member-service/member/modifyImg',
  uploadImage: '/member-service/utils/images',
  gameKickOut: '/member-service/utils/sync/game-kick-out',
  selfExclusion: '/member-service/self-exclusion/submit',
  /** Path of our design (issue 25 §3): POST {hours}, a time-out; every session ends. */
  takeBreak: '/member-service/break',
  /** Path of our design: re-authentication (password or `reauth` code) before a sensitive change. */
  reauthenticate: '/member-service/member/reauthenticate',
  /** Path of our design: change the mobile number (after re-authentication). */
  modifyMobile: '/member-service/member/modifyMobile',
  /** Paths of our design: social login (OAuth 2.0 authorization code + PKCE), browser redirects. */
  socialAuthorize: '/member-service/social/:provider/authorize',
  socialCallback: '/member-service/social/:provider/callback',
  /** Path of our design: what a social ticket stands for (the name to greet the player with). */
  socialTicket: '/member-service/social/ticket',
  /** Path of our design: Africa's Talking delivery reports, behind a secret path segment. */
  smsDeliveryReport: '/member-service/sms/delivery-report/:secret',
} as const;

/** Account service (spec §7): member info. GET unless noted. */
export const ACCOUNT_PATHS = {
  memberById: '/account-service/memberInfo/getMemberById',
  balance: '/account-service/memberInfo/balance',
  persona: '/account-service/memberInfo/persona',
  incomeTotalByType: '/account-service/transaction/incomeTotalByType',
  transactionDetail: '/account-service/transaction/transactionDetail',
  /** Path of our design: the member's transactions, newest first, optionally of one type. */
  transactionRecords: '/account-service/transaction/records',
  /** GET the member's KYC record; POST `field{index}` values. */
  kyc: '/account-service/memberInfo/kyc',
  kycFields: '/account-service/memberInfo/kyc/fields',
  /** Path of our design: GET the caller's responsible-gambling limits; POST {limits} to change them. */
  limits: '/account-service/memberInfo/limits',
  /** Path of our design: KYC config (enable, basicFields). */
  kycConfig: '/account-service/memberInfo/kyc/config',
  /** Path of our design: POST {photo}: verify the saved form with the verification service. */
  kycVerify: '/account-service/memberInfo/kyc/verify',
} as const;

/**
 * Account service: payments (spec §7). GET unless noted. Where the spec shows no path (the top-up, the
 * state poll, records detail) the path is of our design, in the same style (docs/api.md).
 */
export const PAYMENT_PATHS = {
  payItems: '/account-service/payItem/queryAll',
  depositChannels: '/account-service/pan-pay/deposit/channels',
  /** POST: the nested deposit's step 1 (creates the order and prompts the phone at once). */
  depositInit: '/account-service/pan-pay/deposit/init',
  /** POST: the top-up call {itemId, payMoney, payChannel} → {redirectUrl}. */
  topUp: '/account-service/payOrder/pay',
  /** The deposit state poll by transNo: {state, message, …}. */
  depositResult: '/account-service/pan-pay/deposit/result',
  depositRecords: '/account-service/payOrder/records',
  /** Path of our design: one of the member's deposit orders by id (the appeal page). */
  depositDetail: '/account-service/payOrder/detail',
  withdrawChannels: '/account-service/pan-pay/withdraw/channels',
  /** POST {bank fields, money, channel, payChannel}. */
  withdrawInit: '/account-service/pan-pay/withdraw/init',
  memberTax: '/account-service/withdraw/getMemberTax',
  withdrawRecords: '/account-service/withdraw/records',
  withdrawNotices: '/account-service/withdraw/notices',
  lastSuccessfulWithdraw: '/account-service/withdraw/records/last-successful',
  exchangeConfig: '/account-service/account/cfg/exchange',
  /** POST {id}. */
  exchange: '/account-service/account/exchange',
  /** Path of our design, GET, public: whether M-Pesa payments are paused (a maintenance window). */
  paymentsStatus: '/account-service/pan-pay/status',
} as const;

/** Pay service (spec §7), POST; and the M-Pesa callbacks behind a secret path segment (our design). */
export const PAY_SERVICE_PATHS = {
  forms: '/pay-service/payment/v1/forms',
  initPayment: '/pay-service/payment/v1/init-payment',
  paymentResult: '/pay-service/payment/v1/get-payment-result',
  /** Ours: a new prompt for an order whose prompt expired or was cancelled (its amount, package, channel). */
  promptAgain: '/pay-service/payment/v1/prompt-again',
  /** kind: stk-callback, b2c-result, b2c-timeout, status-result, status-timeout. */
  mpesaCallback: '/pay-service/mpesa/:secret/:kind',
} as const;

/** Paths of our design: deposit appeals (spec routes /feedback/deposit/{id}, /feedback/timeline/{id}). */
export const FEEDBACK_PATHS = {
  /** POST multipart: orderId, receipt?, content, file (an image, 10 MB at most; more through addImage). */
  submitDepositAppeal: '/account-service/feedback/deposit',
  /** GET ?id (the appeal's id): the appeal with its history. */
  timeline: '/account-service/feedback/timeline',
  /** GET ?orderId: the member's appeals of one deposit. */
  byOrder: '/account-service/feedback/by-order',
  /** POST multipart {id, file}: one more proof image for an open appeal (three at most). */
  addImage: '/account-service/feedback/images/add',
  /** GET: one proof image of one of the caller's own appeals (the addresses an appeal's `images` lists). */
  proofImage: '/account-service/feedback/images/:name',
} as const;

/** Account service: inbox, system messages and notices (spec §7). */
export const MESSAGE_PATHS = {
  inbox: '/account-service/memberMessage/queryMessageByUid',
  batchRead: '/account-service/memberMessage/batchRead',
  singleRead: '/account-service/memberMessage/singleRead',
  newCount: '/account-service/memberMessage/queryNewMessageCount',
  remove: '/account-service/memberMessage/delete',
  notices: '/account-service/memberMessage/notices',
  systemMessages: '/account-service/systemMessage/queryMessage',
  systemSingleRead: '/account-service/systemMessage/singleRead',
} as const;

/**
 * Paths of our design for operators: staff sessions with a permission per route (docs/api.md "Operators");
 * ADMIN_TOKEN only opens `bootstrapStaff`.
 */
export const ADMIN_PATHS = {
  /** GET: members whose identity waits for an operator (needs-review), oldest first (kyc.read). */
  kycReviews: '/admin/kyc/reviews',
  /** POST: an operator verifies a member's identity (kyc.decide, audited). */
  kycApprove: '/admin/kyc/reviews/:memberId/approve',
  /** POST {note}: an operator rejects it; the member reads the note (kyc.decide, audited). */
  kycReject: '/admin/kyc/reviews/:memberId/reject',
  /** GET: every promotion programme, its switch, settings and budget account (promotions.read). */
  promotionProgrammes: '/admin/promotions',
  /** PUT {enabled, settings}: an operator configures one programme (promotions.write, audited). */
  promotionProgramme: '/admin/promotions/:code',
  /** GET: the form of one programme's settings, for the back office to render (promotions.read). */
  promotionProgrammeForm: '/admin/promotions/:code/form',
  /** GET ?from,to (days): what each programme paid per day of the market, from its budget account. */
  promotionCosts: '/admin/promotions-costs',
  /** GET: each programme's budget account balance and what it paid in the last 7 market days (promotions.read). */
  promotionBudgets: '/admin/promotions-budgets',
  /** GET ?product: the latest draws of the draw products, with their verification page (promotions.read). */
  draws: '/admin/draws',
  sendMessage: '/admin/messages',
  /** POST: publish a ticker notice; GET: the newest notices, live or ended (messages.send). */
  publishNotice: '/admin/notices',
  /** POST: end a notice now (messages.send). */
  noticeEnd: '/admin/notices/:id/end',
  /** GET: every advert, on or off (promotions.read); POST: add one (content.write). */
  contentAdverts: '/admin/content/adverts',
  /** PUT: an advert's texts, picture, link, order, switch and period; DELETE: remove it (content.write). */
  contentAdvert: '/admin/content/adverts/:id',
  /** GET: every menu entry, on or off (promotions.read); POST: add one (content.write). */
  contentMenus: '/admin/content/menus',
  /** PUT: a menu entry's texts, picture, link, order and switch; DELETE: remove it (content.write). */
  contentMenu: '/admin/content/menus/:id',
  /** GET: every FAQ entry, on or off (promotions.read); POST: add one (content.write). */
  contentFaq: '/admin/content/faq',
  /** PUT: a FAQ entry's question and answer in each language, order and switch; DELETE: remove it. */
  contentFaqEntry: '/admin/content/faq/:id',
  /** POST multipart `file`: a picture for adverts and menu entries (JPEG, PNG or WebP, 1 MB at most). */
  contentPictures: '/admin/content/pictures',
  /** POST {state: processing | approved | rejected, note}: an operator answers a deposit appeal. */
  answerAppeal: '/admin/feedback/:id/answer',
  /** GET: appeals waiting for an answer. */
  openAppeals: '/admin/feedback',
  /** GET: one proof image of any appeal (appeals.read; the addresses the open appeals' `images` list). */
  appealProofImage: '/admin/feedback/images/:name',
  /** GET: deposits held for review and paid M-Pesa callbacks no order took. */
  heldPayments: '/admin/payments/held',
  /** POST {receipt, amount?, note?}: credit an unpaid deposit with a verified M-PESA payment. */
  creditDeposit: '/admin/payments/deposits/:id/credit',
  /** POST {note}: a held deposit was not paid after all. */
  rejectDeposit: '/admin/payments/deposits/:id/reject',
  /** POST {orderId | memberId, note?}: credit a paid callback no order took. */
  creditUnmatched: '/admin/payments/unmatched/:id/credit',
  /** POST {note}: close a paid callback no order took without crediting it. */
  dismissUnmatched: '/admin/payments/unmatched/:id/dismiss',
  /** POST {note}: close a callback that contradicted M-Pesa's confirmed answer (it moved no money). */
  closeDisagreement: '/admin/payments/disagreements/:id/close',
  /** GET: the M-Pesa B2C float as Account Balance last reported it, and whether it is below the alert. */
  mpesaFloat: '/admin/payments/float',
  /** GET: whether M-Pesa payments are paused, why and by whom; POST {paused, reason}: pause or resume them. */
  mpesaPause: '/admin/payments/pause',
  /** GET ?query: players by mobile, id, nickname or name start, ID number, receipt or transaction number, at most 50 (players.read, audited). */
  members: '/admin/members',
  /** GET: a player's view: profile, balances, KYC, limits, latest deposits and withdrawals (players.read, audited). */
  member: '/admin/members/:id',
  /** GET a player's limits; POST {name, amount, reason}: an operator lowers one (players.protect, audited). */
  memberLimits: '/admin/members/:id/limits',
  /** GET: withdrawals waiting for an operator (held, paid another amount, paid after their return). */
  withdrawalReviews: '/admin/payments/withdrawals',
  /** POST {receipt, amount?, note?}: a held withdrawal was paid (seen in the M-PESA portal): settle it. */
  withdrawalPaid: '/admin/payments/withdrawals/:id/paid',
  /** POST {note}: a held withdrawal was not paid: its money goes back to the member. */
  withdrawalNotPaid: '/admin/payments/withdrawals/:id/not-paid',
  /** POST {note}: paid after its return: taken back from the member's cash, the rest written off. */
  withdrawalRecover: '/admin/payments/withdrawals/:id/recover',
  /** POST {note}: M-Pesa paid another amount: the difference recovered (or written off) or refunded. */
  withdrawalSettleDifference: '/admin/payments/withdrawals/:id/settle-difference',
  /** POST {review, note}: an amount-differs or paid-after-return report found wrong: closed, no money moved. */
  withdrawalDismiss: '/admin/payments/withdrawals/:id/dismiss',
  /** GET: withdrawals held for staff approval (above the market's automatic amount), with risk hints. */
  withdrawalApprovals: '/admin/payments/withdrawal-approvals',
  /** POST {code}: one staff member's approval; the last one needed queues the payout. */
  withdrawalApprove: '/admin/payments/withdrawal-approvals/:id/approve',
  /** POST {code, reason}: refuses it: the money goes back to the member, who reads the reason. */
  withdrawalReject: '/admin/payments/withdrawal-approvals/:id/reject',
  /** GET: the system options as stored, operator-only ones included (options.write). */
  systemOptions: '/admin/system-options',
  /** PUT {content, id?}: an option's new content, checked by its schema (back-office-money.ts). */
  systemOption: '/admin/system-options/:type',
  /** GET ?state: manual adjustments; POST {memberId, asset, direction, amount, reason, key}: a request. */
  adjustments: '/admin/adjustments',
  /** POST {code}: another staff member's approval executes the adjustment (once). */
  adjustmentApprove: '/admin/adjustments/:id/approve',
  /** POST {code, note}: another staff member refuses it. */
  adjustmentReject: '/admin/adjustments/:id/reject',
  /** GET ?day=YYYY-MM-DD: the taxes booked that day (the market's time zone), for the tax authority. */
  taxReport: '/admin/payments/tax-report',
  /** GET ?day: the regulatory export's runs (status, rows, checksums) and the live feed (reports.read). */
  regulatorExports: '/admin/regulator/exports',
  /** GET: one file of a day's latest finished export, as the regulator receives it (reports.read). */
  regulatorExportFile: '/admin/regulator/exports/:day/files/:file',
  /** GET ?from,to (days): GGR, NGR, stakes, wins, payments, taxes, costs by day, game, provider, programme (reports.read). */
  revenueReport: '/admin/reports/revenue',
  /** GET ?from,to,group: one grouping of that report as CSV, amounts in major units (reports.read). */
  revenueReportCsv: '/admin/reports/revenue.csv',
  /** POST with ADMIN_TOKEN, while no staff exists: the first staff account (role admin). */
  bootstrapStaff: '/admin/staff/bootstrap',
  /** POST {login, password}: the TOTP secret for the authenticator app (until it is confirmed). */
  enrolTotp: '/admin/auth/totp/enrol',
  /** POST {login, password, code}: a staff session's token. */
  login: '/admin/auth/login',
  /**
   * POST {login, password, code}: the back office's login: the session in an HttpOnly cookie, and the CSRF
   * token every write sends back in the `x-csrf-token` header (docs/decisions.md).
   */
  cookieLogin: '/admin/auth/session',
  /** POST: ends the caller's staff session (token or cookie) and clears the cookies. */
  logout: '/admin/auth/logout',
  /** GET: the caller, with roles and permissions. */
  me: '/admin/auth/me',
  /** POST {oldPassword, newPassword}: the caller's own password; their other sessions end. */
  changePassword: '/admin/auth/password',
  /** GET: every staff account; POST {login, password, roles, email?, displayName?}: a new one. */
  staff: '/admin/staff',
  /** POST {roles}. */
  staffRoles: '/admin/staff/:id/roles',
  /** POST {reason}: their sessions end at once. */
  staffDisable: '/admin/staff/:id/disable',
  /** POST {reason}. */
  staffEnable: '/admin/staff/:id/enable',
  /** GET: which role grants which permission (the back office's matrix). */
  staffRolePermissions: '/admin/staff-roles',
  /** POST: forget the TOTP secret (lost phone); the staff member enrols again with the password. */
  staffResetTotp: '/admin/staff/:id/reset-totp',
  /** GET ?page,size,staffId,staffLogin,action,target,from,to: the audit log, newest first. */
  audit: '/admin/audit',
  /** GET: walks the audit log's hash chain. */
  auditVerify: '/admin/audit/verify',
  /** GET: every background job's queue: schedule, next and last run, runs by state. */
  jobs: '/admin/jobs',
  /** GET ?limit=50&queue: the latest failed runs (of every job, or of one queue), with their error. */
  jobFailures: '/admin/jobs/failures',
  /** GET: the instances serving the casino (from their heartbeats) and which one drives the crash game. */
  fleet: '/admin/fleet',
  /** GET ?state,flagged,page,size: referrals with their state, refusal reason and abuse signals. */
  referrals: '/admin/referrals',
} as const;

/** Game centre (promotions-and-games §7), GET unless noted. */
export const GAME_PATHS = {
  lobby: '/game-center/v2/lobby',
  /** The caller's recently played games (the my-games category); login needed. */
  recentGames: '/game-center/v2/personal/recent-games',
  /** `?page,size` (1, 20): recent big wins, mobiles masked. The spec's spelling. */
  latestWinners: '/game-center/game/getLastestWinner',
  /** `?page,order,gameId`: the caller's rounds (bets) and the rounds that paid (wins). */
  betRecords: '/game-center/game/records/bet',
  winRecords: '/game-center/game/records/win',
  /** `?id`: a game's RTP, stakes and attached promotion. */
  gamePromotion: '/game-center/activities/game-promotion/info',
  online: '/game-center/v2/online',
  /** Path of our design, POST {id, mode}: opens a game session, answers the frame's {url}. */
  launch: '/game-center/v2/game/launch',
} as const;

/**
 * Paths of our design: the in-house game pages' API (docs/games.md "In-house play"). Each call carries the
 * game session's token in the `game-session` header. POST where noted, else GET.
 */
export const INHOUSE_PATHS = {
  session: '/game-center/inhouse/session',
  /** POST {stake, options}: one round of dice, plinko, wheel or the slot. */
  bet: '/game-center/inhouse/bet',
  /** POST {stake, mines}, {roundId, tile}, {roundId}. */
  minesStart: '/game-center/inhouse/mines/start',
  minesReveal: '/game-center/inhouse/mines/reveal',
  minesCashout: '/game-center/inhouse/mines/cashout',
  /** `?page,size`: this game's rounds of the player (bet history). */
  rounds: '/game-center/inhouse/rounds',
  /** POST {clientSeed}: reveal the server seed and start a new pair. */
  rotateSeeds: '/game-center/inhouse/seeds/rotate',
  revealedSeeds: '/game-center/inhouse/seeds/revealed',
  /** POST {id}: the player forfeits their active bonus from the game (in-house and crash pages). */
  forfeitBonus: '/game-center/inhouse/bonus/forfeit',
} as const;

/** The game page the frame loads (platform-core §7), outside /api. */
export const GAME_FRAME_PATH = '/game-center/games/:mode/:id';

/**
 * The fairness verifier (apps/games), outside /api: a bet's seeds, nonce and options in the query fill it in.
 */
export const FAIR_VERIFY_PAGE = '/game-center/fair';

/**
 * The fairness verifier's page for one draw (apps/games), outside /api: `${DRAW_VERIFY_PAGE}/{drawId}`,
 * optionally `?ticketNo=`. Build links with `drawVerifyPath`.
 */
export const DRAW_VERIFY_PAGE = '/game-center/fair/draw';

/**
 * The address of a draw's page in the fairness verifier, with the player's ticket filled in when given:
 * the lottery's and the raffles' pages link every draw (and every ticket) to it. Here, beside its path,
 * because the verifier (apps/games) imports nothing that builds zod schemas; contracts/draws.ts re-exports it.
 */
export function drawVerifyPath(drawId: number, ticketNo?: number): string {
  const path = `${DRAW_VERIFY_PAGE}/${drawId}`;
  return ticketNo === undefined ? path : `${path}?ticketNo=${ticketNo}`;
}

/**
 * Hub88's operator wallet API (external-protocols.md §4.1), called by the game provider with signed JSON,
 * POST. The provider is given `<PUBLIC_URL>/api/provider/hub88` as the wallet's base address.
 */
export const PROVIDER_PATHS = {
  hub88UserInfo: '/provider/hub88/user/info',
  hub88UserBalance: '/provider/hub88/user/balance',
  hub88Bet: '/provider/hub88/transaction/bet',
  hub88Win: '/provider/hub88/transaction/win',
  hub88Rollback: '/provider/hub88/transaction/rollback',
} as const;

/**
 * Paths of our design: the crash game (docs/games.md "Crash"). Bets and cash-outs carry the game session's
 * token in the `game-session` header, like the in-house API; `history` needs none. `socket` is the
 * WebSocket of the rounds' events (the page sends its token in its first message). POST where noted.
 */
export const CRASH_PATHS = {
  /** The live state and the caller's balance and bet (the WebSocket's first message, over HTTP). */
  state: '/game-center/crash/state',
  /** POST {stake, autoCashout?}: a bet on the round taking bets. */
  bet: '/game-center/crash/bet',
  /** POST {roundId?}: cashes out the caller's bet at the multiplier of the moment the call arrives. */
  cashout: '/game-center/crash/cashout',
  /** `?size` (20): the last rounds over, with crash points, hashes and the chains' commitments and salts. */
  history: '/game-center/crash/history',
  socket: '/game-center/crash/ws',
} as const;

/** Promotion pages (issue 14 §1; paths of our design, docs/api.md "Promotion pages"). */
export const PROMOTION_PAGE_PATHS = {
  /** GET ?id: one promotion page in the caller's language (visitors too). */
  page: '/config-service/cfPromotion/queryById',
  /** GET (promotions.read): every page with its translations; POST (promotions.write, audited): a new one. */
  adminPages: '/admin/promotion-pages',
  /** PUT (promotions.write, audited): replace one page. */
  adminPage: '/admin/promotion-pages/:id',
} as const;

/** Cash rain (promotions spec §7), account service; GET unless noted. */
export const CASH_RAIN_PATHS = {
  config: '/account-service/cash-rain/cfg',
  /** `?id` (the slot): whether the caller already took part in it today. */
  drawStatus: '/account-service/cash-rain/draw-status',
  /** POST {id, count}: the claim; answers the gift. */
  gifts: '/account-service/cash-rain/gifts',
  // Ours (docs/api.md "Cash rain: verifying a slot").
  /** `?date&id`: a slot's commitment (seed hash; the seed once finished; its split parameters). */
  slot: '/account-service/cash-rain/slot',
  /** The caller's recent claims, each with its packet's position and its slot's commitment. */
  records: '/account-service/cash-rain/records',
} as const;

/** Giveaway (promotions spec §7), account service; GET unless noted. */
export const GIVEAWAY_PATHS = {
  /** `?id`: the giveaway's gift, dates and status. */
  basic: '/account-service/giveaway/basic',
  /** POST {id, mobile}: whether the mobile may receive the gift (a new one); answers the gift. */
  gifts: '/account-service/giveaway/gifts',
  /** POST {id, mobile, password, smsCode?}: registers the new player and gives the gift once. */
  register: '/account-service/giveaway/register',
} as const;

/**
 * Daily sign-in (spec promotions §7, account service) and the coin spin (paths of our design, in the same
 * style; docs/api.md "Daily sign-in and coin spin"). GET unless noted.
 */
export const DAILY_PATHS = {
  /** ?timestamp: the 7 entries of the member's cycle. */
  signInPreview: '/account-service/daily-bonus/preview',
  /** POST, no body: claim today's bonus. */
  signIn: '/account-service/daily-bonus/sign',
  /** The wheel: today's published pool and seed commitment, and whether the caller may spin. */
  coinSpin: '/account-service/coin-spin/:id',
  /** POST {clientSeed?}: the day's free spin. */
  coinSpinPlay: '/account-service/coin-spin/:id/spin',
  /** The caller's spins, newest first (seeds revealed for past days). */
  coinSpinRecords: '/account-service/coin-spin/:id/records',
} as const;

/** Account service: diamonds (issue 14 §4 §5, spec §7). GET unless noted. */
export const DIAMOND_PATHS = {
  tasks: '/account-service/diamond-task/tasks',
  /** POST {id}. */
  taskCollect: '/account-service/diamond-task/collect',
  taskRecords: '/account-service/diamond-task/records',
  balance: '/account-service/diamond-account/balance',
  records: '/account-service/diamond-account/records',
} as const;

/** Account service: the diamond spin (spec §7); v2 answers the same payloads (the other theme's page). */
export const DIAMOND_SPIN_PATHS = {
  cfg: '/account-service/diamond-spin/cfg',
  /** POST {index}. */
  bet: '/account-service/diamond-spin/bet',
  records: '/account-service/diamond-spin/records',
  winners: '/account-service/diamond-spin/winners',
  cfgV2: '/account-service/diamond-spin/v2/cfg',
  winnersV2: '/account-service/diamond-spin/v2/winners',
  /** POST {index}. */
  betV2: '/account-service/diamond-spin/v2/bet',
} as const;

/**
 * The member's bonuses (issue 14 §2; paths of our design, docs/api.md "Bonuses"), at the account service's
 * prefix. GET unless noted.
 */
export const BONUS_PATHS = {
  /** The caller's bonuses: active, pending and history, with their terms and wagering. */
  myBonuses: '/account-service/account/bonus',
  /** POST: the caller forfeits their active bonus; answers the new balance. */
  forfeit: '/account-service/account/bonus/forfeit',
  /** POST {id}: the caller accepts a bonus offered to them (a grant, once). */
  acceptOffer: '/account-service/account/bonus/offers/accept',
  /** POST {id}: the caller declines a bonus offered to them (nothing is granted). */
  declineOffer: '/account-service/account/bonus/offers/decline',
  /** ?gameId: the stake limit in force for the caller in that game (the game's maximum, or the bonus's). */
  stakeLimit: '/account-service/account/bonus/stake-limit',
} as const;

/**
 * The mall, cart and coupons (issue 15 §4; paths of our design, docs/api.md "Mall and coupons"), at the
 * account service's prefix. GET unless noted.
 */
export const MALL_PATHS = {
  /** ?type: the goods on sale (visitors too). */
  goods: '/account-service/mall/goods',
  /** One goods item (visitors too: the jump link resolves it; the detail page needs login). */
  goodsItem: '/account-service/mall/goods/:id',
  /** The caller's coupons and the coupons anyone may take (visitors: only those). */
  coupons: '/account-service/mall/coupons',
  /** POST {couponId}: take one claimable coupon. */
  claimCoupon: '/account-service/mall/coupons/claim',
  /** POST {requestId, goods, couponId?}: buy the cart in one transaction. */
  checkout: '/account-service/mall/checkout',
  /** ?page,size: the caller's orders, newest first. */
  orders: '/account-service/mall/orders',
  order: '/account-service/mall/orders/:id',
  /** Operators (promotions.read / promotions.write, audited). */
  adminGoods: '/admin/mall/goods',
  adminGoodsItem: '/admin/mall/goods/:id',
  adminGoodsStock: '/admin/mall/goods/:id/stock',
  adminCoupons: '/admin/mall/coupons',
  adminCoupon: '/admin/mall/coupons/:id',
  adminCouponGrant: '/admin/mall/coupons/:id/grant',
  adminCouponIssue: '/admin/mall/coupons/:id/issue',
  adminOrders: '/admin/mall/orders',
  adminOrderFulfil: '/admin/mall/orders/:id/fulfil',
  adminOrderCancel: '/admin/mall/orders/:id/cancel',
} as const;

/**
 * VIP levels and benefits (issue 15 §1 §2, spec §7 vip; docs/api.md "VIP"), at the account service's prefix.
 * GET unless noted.
 */
export const VIP_PATHS = {
  /** The caller's level, points and year. */
  personalLevel: '/account-service/vip/personal-level',
  /** The 10 levels with their names and starting points. */
  levels: '/account-service/vip/levels',
  /** ?levelId: the benefits of a level (the caller's when logged in and no levelId). */
  benefitLevels: '/account-service/benefits/levels',
  /** GET ?benefitsIds: the caller's benefits with statu/state; POST ?benefitsId: the claim. */
  personalEnjoyed: '/account-service/benefits/personal-enjoyed',
  /** The caller's claims, newest first (?page,size). */
  logs: '/account-service/benefits/logs',
  /** ?benefitId: a benefit's terms at every level. */
  settings: '/account-service/benefits/settings',
} as const;

/**
 * Invitation and referral (issue 15 §5; paths of our design, docs/api.md "Invitation and referral"). The
 * visit is the member service's (visitors call it); the programme's are the account service's. GET unless noted.
 */
export const REFERRAL_PATHS = {
  /** POST {code, channel}: an invitation link was opened (counted per referrer, channel and day). */
  visit: '/member-service/invitation/visit',
  /** The programme, the caller's code and invitees (refer-friend). */
  summary: '/account-service/invite/:id',
  /** The caller's referral rewards, newest first (refer-detail). */
  rewards: '/account-service/invite/:id/rewards',
  /** The invite tasks with the caller's progress. */
  tasks: '/account-service/invite/:id/tasks',
  /** POST {taskId}: collect a reached invite task, once. */
  taskCollect: '/account-service/invite/:id/tasks/collect',
} as const;

/**
 * Weekly cash back (issue 15 §3; paths of our design, docs/api.md "Weekly cash back"), at the account
 * service's prefix. GET unless noted; all need a member.
 */
export const CASH_BACK_PATHS = {
  /** The week in play (loss so far, rate, estimate) and last week's entitlement with its claim state. */
  summary: '/account-service/cash-back/summary',
  /** POST {week}: claims that week's cash back, once; answers cashbackAmount and the new balance. */
  claim: '/account-service/cash-back/claim',
  /** ?page,size: the caller's settled weeks, newest first. */
  records: '/account-service/cash-back/records',
} as const;

/** The draw engine's public record and proofs (issue 16, docs/draws.md; paths of our design). */
export const DRAW_PATHS = {
  /** GET: the public record of a draw (`{id}` in the path). */
  draw: '/draw-service/draws/:id',
  /** GET ?ticketNo: a ticket's canonical line and Merkle path to the committed root. */
  proof: '/draw-service/draws/:id/proof',
  /** GET ?after,limit: the committed ticket list's lines, in ticket order. */
  tickets: '/draw-service/draws/:id/tickets',
  /** GET: the randomness chain the beacon rounds come from. */
  chain: '/draw-service/beacon/chain',
} as const;

/**
 * The 6+1 lottery (issue 16 §4; paths of our design, docs/api.md "The 6+1 lottery and the cash draw"). GET
 * unless noted; reads are open to visitors, buying and the caller's tickets need a member.
 */
export const LOTTERY_PATHS = {
  /** The next main and daily draws (times, beacon round, estimated jackpot), recent results, the rules. */
  draws: '/draw-service/lottery/draws',
  /** POST {drawId, picks[{red[6], blue}], quick, pay: cash | ticket}: tickets, in one transaction. */
  buy: '/draw-service/lottery/buy',
  /** ?page,size: the caller's tickets with their results, newest first. */
  myTickets: '/draw-service/lottery/my-tickets',
  /** ?drawId: a draw's numbers and, once settled, winners and prize per tier and where the money went. */
  results: '/draw-service/lottery/results',
  /** ?drawId,page,size: a settled draw's winners, mobiles masked. */
  winners: '/draw-service/lottery/winners',
} as const;

/** The cash draw with player seeds (issue 16 §5; paths of our design, docs/api.md). */
export const CASH_DRAW_PATHS = {
  /** The draw on sale (or the next), the last draws and the terms. */
  current: '/draw-service/cash-draw/current',
  /** POST {drawId, seed?, pay}: one entry, the seed (5–10 letters and digits) in the committed list. */
  enter: '/draw-service/cash-draw/enter',
  /** ?page,size: the caller's entries with their results. */
  myEntries: '/draw-service/cash-draw/my-entries',
  /** ?drawId: the winners in rank order and where the money went. */
  results: '/draw-service/cash-draw/results',
} as const;

/**
 * Collect-cards (issue 16 §3, spec promotions §7 "collect-cards: cfg, notices, member, free, gifts, chances
 * ?orderNo; POST chances; POST free"), account service; GET unless noted. `buy`, `draw` and `draws` are
 * ours (the spec names no call for buying a chance with coins or using one). docs/api.md "Collect-cards".
 */
export const COLLECT_CARDS_PATHS = {
  /** The activity: status, cards and their odds, gift, prices, the expected chances for a set (anyone). */
  config: '/account-service/collect-cards/cfg',
  /** Recent completed sets, mobiles masked (anyone); empty where the operator keeps winner feeds off. */
  notices: '/account-service/collect-cards/notices',
  /** The caller's cards (cardSet, a comma list), chances, sets completed and draw commitment. */
  member: '/account-service/collect-cards/member',
  /** GET: whether today's free chance is still to take; POST: takes it (one per site day). */
  free: '/account-service/collect-cards/free',
  /** The caller's completed sets and the gift each paid. */
  gifts: '/account-service/collect-cards/gifts',
  /** GET ?orderNo: what that deposit gives or gave; POST {orderNo}: its chances, once per paid order. */
  chances: '/account-service/collect-cards/chances',
  /** POST {requestId}: buys one chance with coins (costChance). */
  buy: '/account-service/collect-cards/buy',
  /** POST {requestId, clientSeed?}: uses one chance: a card is drawn; a full set pays the gift. */
  draw: '/account-service/collect-cards/draw',
  /** The caller's recent draws with their revealed seeds (to verify). */
  draws: '/account-service/collect-cards/draws',
} as const;

/**
 * Lucky refund (spec §7, account service; docs/api.md "Lucky refund"). GET unless noted; `refundId` is a
 * round's draw id. Visitors read; buying, the caller's codes and results need a member.
 */
export const LUCKY_REFUND_PATHS = {
  /** The round on sale now, its countdown and the jackpot (the caller's codes in it for a member). */
  active: '/account-service/lucky-refund/active',
  /** ?refundId: the results of the round before that round (the previous results). */
  prevResults: '/account-service/lucky-refund/prev-results',
  /** The last paid round's results. */
  latestResults: '/account-service/lucky-refund/latest-results',
  /** POST {refundId, quantity, couponId?, requestId?}: codes for cash (a mall coupon off the price). */
  buy: '/account-service/lucky-refund/buy',
  /** POST {refundId, quantity, requestId?}: codes for coins. */
  buyWithCoins: '/account-service/lucky-refund/buyWithCoins',
  /** POST {refundId, quantity, requestId?}: codes for diamonds. */
  buyWithDiamonds: '/account-service/lucky-refund/buyWithDiamonds',
  /** ?refundId: the Saturday raffle that round's codes entered (its jackpot, its winner once drawn). */
  specialResults: '/account-service/lucky-refund/special-results',
  /** ?refundId (optional): the last drawn raffles, newest first, up to that round's week. */
  specialResultsV2: '/account-service/lucky-refund/v2/special-results',
  /** ?page,size: the caller's results (prizes, refunds, jackpots), newest first. */
  personalResults: '/account-service/lucky-refund/personal-results',
  /** ?refundId: the caller's codes in a round and the advert of those not seen yet. */
  personalCodes: '/account-service/lucky-refund/personal-codes',
  /** POST {resultId}: marks a result seen (it was credited when the round was paid). */
  redeem: '/account-service/lucky-refund/redeem',
  /** ?actId: the results of that round itself. */
  prevResultsV2: '/account-service/lucky-refund/v2/prev-results',
  /** The jackpot now (polled every 2 s on the open round's page). */
  jackpot: '/account-service/lucky-refund/jackpot',
} as const;
