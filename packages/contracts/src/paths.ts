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
