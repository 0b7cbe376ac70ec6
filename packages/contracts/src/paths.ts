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
  /** Path of our design: KYC config (enable, basicFields). */
  kycConfig: '/account-service/memberInfo/kyc/config',
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

/** Paths of our design for operators, authenticated by ADMIN_TOKEN (docs/api.md). */
export const ADMIN_PATHS = {
  sendMessage: '/admin/messages',
  publishNotice: '/admin/notices',
} as const;
