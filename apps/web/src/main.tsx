import { createRoot, hydrateRoot } from 'react-dom/client';
import { isIndexOfHome } from '@app/contracts/first-screen';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { loginWithToken } from './api/login-with-token.ts';
import { App } from './app/app.tsx';
import './app/styles.css';
import { initLanguage, pickLanguage, t } from './lib/i18n.ts';
import { initInstallPrompt } from './lib/install-prompt.ts';
import { rememberLanding } from './lib/landing.ts';
import { rewriteHashUrl } from './lib/redirect.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { restoreSession, restoreSessionWhenOnline } from './lib/session.ts';
import { loadSettings } from './lib/settings.ts';
import { displayLocale } from './lib/use-date-format.ts';
import { moneyLocale } from './lib/use-money-format.ts';
import { warmIntlOffMainThread } from './lib/warm-intl.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

// Where this visitor came from, before the address is tidied below (spec §9's cookies, kept 1 day).
rememberLanding(window.location.href, document.referrer);

// Facebook's login redirects end with "#_=_"; it means nothing to the app.
if (window.location.hash === '#_=_') {
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
}
// Old hash addresses (/#/deposit?x=1) become real paths before the router reads the address.
const fromHash = rewriteHashUrl(window.location.hash);
if (fromHash) {
  window.history.replaceState(null, '', fromHash);
} else if (isIndexOfHome(window.location.pathname, window.location.search)) {
  // The server rendered `/` as the home page; the address follows, so the router hydrates that page.
  window.history.replaceState(null, '', PAGE_PATHS.home);
}

// Listen before anything awaits: the browser may offer install at any moment.
initInstallPrompt();

const container = document.getElementById('root');

function renderStartupError(error: unknown): void {
  console.error('start-up failed', error);
  if (!container) return;
  const box = document.createElement('div');
  box.className = 'placeholder';
  const text = document.createElement('p');
  text.textContent = t('errors.NETWORK');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = t('common.retry');
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  container.replaceChildren(box);
}

async function start(): Promise<void> {
  if (!container) throw new Error('#root is missing from index.html');
  const settings = await loadSettings();
  const language = pickLanguage({ ...settings.country, languages: settings.languages });
  warmIntlOffMainThread({
    moneyLocale: moneyLocale(language, settings.country),
    dateLocale: displayLocale(language, settings.country.locale),
    timeZone: settings.country.timeZone,
  });
  await initLanguage(language);
  await yieldToMain();
  // The server rendered this page (and has already painted it: the script loads after the first frame).
  // An old hash address names another page than the one rendered: that one is drawn afresh.
  if (container.firstElementChild && !fromHash) {
    hydrateRoot(container, <App />);
  } else {
    container.replaceChildren();
    createRoot(container).render(<App />);
  }
  // Spec §4: log in with the stored token. After hydration and a task later, so the first screen's
  // work is not lengthened; until it answers the home bar shows the member without a balance.
  void yieldToMain().then(() => restoreSession(loginWithToken));
  restoreSessionWhenOnline(loginWithToken);
  if (import.meta.env.PROD) registerServiceWorker();
}

start().catch(renderStartupError);
