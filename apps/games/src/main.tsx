import { render } from 'preact';
import { GAME_MODES } from '@app/contracts/game-rules';
import { FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import { GamePage } from './frame/game-page.tsx';
import { loadGame } from './frame/game-module.ts';
import { createApi } from './lib/api.ts';
import { createTranslate, loadCatalogue, pickLanguage } from './lib/i18n.ts';
import { drawIdFromPath } from './lib/verify-link.ts';
import './styles/base.css';

/**
 * One entry for the game frame (/game-center/games/{mode}/{id}?session=…), the verifier
 * (/game-center/fair) and its page for a draw (/game-center/fair/draw/{id}, a chunk of its own: it carries
 * the BLS pairing). Everything the page needs starts at once: the language's texts, the session call
 * and, when the server named the game in the page, the game's own chunk.
 */
const container = document.getElementById('root') as HTMLElement;
/** Renders the page in place of the boot spinner the HTML shows while the scripts arrive. */
function show(page: preact.ComponentChild) {
  container.textContent = '';
  render(page, container);
}
const language = pickLanguage(location.search, document.cookie, document.documentElement.lang);
document.documentElement.lang = language;
const catalogue = loadCatalogue(language);

const drawId = drawIdFromPath(location.pathname);

if (drawId !== undefined) {
  void Promise.all([catalogue, import('./verify/draw-page.tsx')]).then(([texts, { DrawPage }]) => {
    show(
      <DrawPage t={createTranslate(texts)} language={language} drawId={drawId} search={location.search} />,
    );
  });
} else if (location.pathname.replace(/\/+$/, '') === FAIR_VERIFY_PAGE) {
  void Promise.all([catalogue, import('./verify/verify-page.tsx')]).then(([texts, { VerifyPage }]) => {
    show(<VerifyPage t={createTranslate(texts)} language={language} search={location.search} />);
  });
} else {
  const match = /^\/game-center\/games\/([a-z]+)\/(\d+)\/?$/.exec(location.pathname);
  const token = new URLSearchParams(location.search).get('session') ?? '';
  const mode = match?.[1] ?? '';
  const named = document.querySelector<HTMLMetaElement>('meta[name="game-code"]')?.content;
  const early = named ? loadGame(named) : undefined;
  const api = createApi(token, language);
  void catalogue.then((texts) => {
    show(
      <GamePage
        api={api}
        token={token}
        language={language}
        t={createTranslate(texts)}
        early={named && early ? { code: named, module: early } : undefined}
        validAddress={Boolean(match && token && (GAME_MODES as readonly string[]).includes(mode))}
        embedded={window.parent !== window}
      />,
    );
  });
}
