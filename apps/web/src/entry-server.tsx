import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { ServerRenderInput } from '@app/contracts/first-screen';
import { AppContent } from './app/app.tsx';
import { applyLanguage, loadCatalogue } from './lib/i18n.ts';
import { clearQueryCache } from './lib/query.ts';
import { setServerPage } from './lib/server-page.ts';
import { setSettings } from './lib/settings.ts';

/**
 * Renders a page to HTML on the server with the same components the browser runs, so a phone on a slow
 * network paints the home page before any script has arrived; the browser then hydrates it. Only the
 * first screen's data is available here (no API calls are made while rendering).
 */
export function renderPage(input: ServerRenderInput): Promise<string> {
  // The app keeps its language, settings, cookies and query cache in module state, so renders take turns:
  // each sets that state, renders (awaiting lazy screens) and clears it before the next begins. A render
  // takes milliseconds once its lazy chunks are loaded.
  const turn = queue.then(() => renderAlone(input));
  queue = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

let queue: Promise<void> = Promise.resolve();

async function renderAlone(input: ServerRenderInput): Promise<string> {
  await loadCatalogue(input.language);
  applyLanguage(input.language);
  setSettings(input.settings);
  setServerPage({
    cookieHeader: input.cookieHeader,
    userAgent: input.userAgent,
    firstScreen: input.firstScreen,
  });
  clearQueryCache();
  try {
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={input.url}>{children}</StaticRouter>
    );
    return await renderToStringAsync(<AppContent router={Router} />);
  } finally {
    setServerPage(undefined);
    clearQueryCache();
  }
}
