import type { AppSettings } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { request } from './request.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Window
  interface Window {
    __APP_SETTINGS__?: AppSettings;
  }
}

let settings: AppSettings | undefined;

/**
 * The server writes the settings into index.html so the first paint needs no round trip; the dev
 * server does not, so then they are fetched.
 */
export async function loadSettings(): Promise<AppSettings> {
  settings = window.__APP_SETTINGS__ ?? (await request<AppSettings>(CONFIG_PATHS.appSettings));
  applyDocumentSettings(settings);
  return settings;
}

function applyDocumentSettings(value: AppSettings): void {
  const root = document.documentElement;
  root.dataset.theme = value.theme;
  root.dataset.christmas = value.christmas ? '1' : '0';
  document.title = value.brandName;
  document
    .querySelector<HTMLLinkElement>('link[rel="icon"]')
    ?.setAttribute('href', `/icons/${value.theme}.svg`);
  const themeColor = getComputedStyle(root).getPropertyValue('--color-header').trim();
  if (themeColor) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
}

export function getSettings(): AppSettings {
  if (!settings) throw new Error('settings are read before loadSettings() finished');
  return settings;
}

/** Test and story helper. */
export function setSettings(value: AppSettings): void {
  settings = value;
}

/** Settings never change while the app runs, so reading them needs no subscription. */
export function useSettings(): AppSettings {
  return getSettings();
}
