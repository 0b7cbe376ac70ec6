import { escapeHtml } from '../html.ts';
import type { ReelGame } from './fruit-reels.ts';
import { SYMBOL_ART } from './symbol-art.ts';

/**
 * The provider's game page, the one the operator's frame loads: phone-sized, no external assets, the
 * reels, a stake picker, Spin, the balance as the operator last reported it, a Home button (lobby_url)
 * and a Deposit link (deposit_url). Its script talks only to the simulator (same origin); the simulator's
 * backend talks to the operator's wallet.
 */

export type PageLanguage = keyof typeof TEXTS;

const TEXTS = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    spin: 'Spin',
    win: 'Win',
    home: 'Home',
    deposit: 'Deposit',
    demoCredits: 'demo credits',
    paytable: 'Paytable',
    pair: 'Two cherries',
    three: 'Three of a kind',
    notEnough: 'Not enough money: top up to play',
    cancelled: 'Round cancelled: its rollback arrived before the bet',
    failed: 'The bet could not be confirmed and was rolled back',
    error: 'The game could not reach the casino. Try again.',
    lost: 'No win this time',
  },
  fr: {
    balance: 'Solde',
    stake: 'Mise',
    spin: 'Lancer',
    win: 'Gain',
    home: 'Accueil',
    deposit: 'Dépôt',
    demoCredits: 'crédits démo',
    paytable: 'Table des gains',
    pair: 'Deux cerises',
    three: 'Trois identiques',
    notEnough: 'Solde insuffisant : rechargez pour jouer',
    cancelled: 'Partie annulée : son annulation est arrivée avant la mise',
    failed: 'La mise n’a pas pu être confirmée et a été annulée',
    error: 'Le jeu ne joint pas le casino. Réessayez.',
    lost: 'Pas de gain cette fois',
  },
  pt: {
    balance: 'Saldo',
    stake: 'Aposta',
    spin: 'Girar',
    win: 'Ganho',
    home: 'Início',
    deposit: 'Depósito',
    demoCredits: 'créditos demo',
    paytable: 'Tabela de prémios',
    pair: 'Duas cerejas',
    three: 'Três iguais',
    notEnough: 'Saldo insuficiente: recarregue para jogar',
    cancelled: 'Rodada cancelada: o cancelamento chegou antes da aposta',
    failed: 'A aposta não pôde ser confirmada e foi cancelada',
    error: 'O jogo não consegue contactar o casino. Tente de novo.',
    lost: 'Sem ganho desta vez',
  },
  sw: {
    balance: 'Salio',
    stake: 'Dau',
    spin: 'Zungusha',
    win: 'Ushindi',
    home: 'Nyumbani',
    deposit: 'Weka pesa',
    demoCredits: 'salio la majaribio',
    paytable: 'Jedwali la malipo',
    pair: 'Cheri mbili',
    three: 'Tatu zinazofanana',
    notEnough: 'Salio halitoshi: weka pesa ili ucheze',
    cancelled: 'Raundi imeghairiwa: kurejeshwa kwake kulifika kabla ya beti',
    failed: 'Beti haikuweza kuthibitishwa na imerejeshwa',
    error: 'Mchezo haukuweza kufikia kasino. Jaribu tena.',
    lost: 'Hujashinda safari hii',
  },
} as const;

export function pickPageLanguage(lang: string | undefined): PageLanguage {
  const short = (lang ?? '').slice(0, 2).toLowerCase();
  return short === 'fr' || short === 'pt' || short === 'sw' ? short : 'en';
}

const STYLES = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; color: #fff; background: radial-gradient(circle at 50% 0, #3b1670, #12051f 70%); min-height: 100vh; }
  header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; }
  header h1 { flex: 1; margin: 0; font-size: 18px; }
  a.button { color: #fff; text-decoration: none; padding: 8px 12px; border-radius: 10px; background: rgba(255,255,255,.14); font-size: 14px; }
  a.deposit { background: #f5b400; color: #241000; font-weight: 600; }
  main { max-width: 420px; margin: 0 auto; padding: 8px 12px 24px; }
  .balance { display: flex; justify-content: space-between; padding: 10px 12px; border-radius: 12px; background: rgba(0,0,0,.35); }
  .balance strong { font-size: 20px; text-align: right; }
  .reels { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin: 16px 0; }
  .reel { aspect-ratio: 1; display: grid; place-items: center; border-radius: 16px; background: #fff; color: #111; box-shadow: inset 0 -6px 0 rgba(0,0,0,.15); }
  .reel svg { width: 72%; height: 72%; }
  .art svg { width: 22px; height: 22px; vertical-align: middle; }
  .spinning .reel { animation: blur .12s linear infinite; }
  @keyframes blur { 50% { transform: translateY(4px); opacity: .6; } }
  .message { min-height: 24px; margin: 0 0 12px; text-align: center; font-weight: 600; }
  .message.win { color: #ffd84d; font-size: 20px; }
  .stake { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 12px; }
  .stake button { width: 48px; height: 48px; font-size: 24px; border: 0; border-radius: 12px; background: rgba(255,255,255,.18); color: #fff; }
  .stake output { flex: 1; min-width: 0; text-align: center; font-size: 20px; font-weight: 700; }
  .spin { width: 100%; padding: 16px; font-size: 22px; font-weight: 800; border: 0; border-radius: 16px; background: linear-gradient(#ffcf33, #f59e00); color: #2a1200; }
  .spin:disabled { opacity: .55; }
  details { margin-top: 16px; padding: 10px 12px; border-radius: 12px; background: rgba(0,0,0,.3); font-size: 14px; }
  table { width: 100%; border-collapse: collapse; } td { padding: 2px 0; } td:last-child { text-align: right; }
`;

function safeJson(value: unknown): string {
  // Inside <script>: no "</script>" or "<!--" can be spelt by the data.
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

export function renderGamePage(input: {
  game: ReelGame;
  sessionId: string;
  mode: 'real' | 'demo';
  currency: string;
  decimals: number;
  stakes: readonly number[];
  language: PageLanguage;
  lobbyUrl: string | undefined;
  depositUrl: string | undefined;
  nonce: string;
}): string {
  const t = TEXTS[input.language];
  const art = (id: string) => SYMBOL_ART[id] ?? '';
  const paytable = input.game.symbols
    .map(
      (symbol) =>
        `<tr><td class="art">${art(symbol.id).repeat(3)}</td><td>× ${symbol.threeOfAKind}</td></tr>`,
    )
    .join('');
  const pairArt = art(input.game.pairSymbol);
  const config = {
    sessionId: input.sessionId,
    mode: input.mode,
    // Hub88's demo currency is XXX, ISO 4217's "no currency": a player is shown what it is, play money.
    unit: input.mode === 'demo' ? t.demoCredits : input.currency,
    decimals: input.decimals,
    stakes: input.stakes,
    art: Object.fromEntries(input.game.symbols.map((symbol) => [symbol.id, art(symbol.id)])),
    texts: t,
    // The parent is told of each round's balance, and only the lobby's origin may hear it.
    parentOrigin: input.lobbyUrl === undefined ? null : new URL(input.lobbyUrl).origin,
  };
  const home = input.lobbyUrl
    ? `<a class="button" id="home" href="${escapeHtml(input.lobbyUrl)}" target="_top">${escapeHtml(t.home)}</a>`
    : '';
  const deposit =
    input.depositUrl && input.mode === 'real'
      ? `<a class="button deposit" id="deposit" href="${escapeHtml(input.depositUrl)}" target="_top">${escapeHtml(t.deposit)}</a>`
      : '';
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.game.name)}</title>
<style>${STYLES}</style>
</head>
<body>
<header>${home}<h1>${escapeHtml(input.game.name)}</h1>${deposit}</header>
<main>
  <div class="balance"><span>${escapeHtml(t.balance)}</span><strong id="balance">--</strong></div>
  <div class="reels" id="reels">${input.game.symbols
    .slice(0, 3)
    .map((symbol) => `<div class="reel">${art(symbol.id)}</div>`)
    .join('')}</div>
  <p class="message" id="message" role="status"></p>
  <div class="stake"><button type="button" id="less" aria-label="-">−</button><output id="stake"></output><button type="button" id="more" aria-label="+">+</button></div>
  <button type="button" class="spin" id="spin">${escapeHtml(t.spin)}</button>
  <details><summary>${escapeHtml(t.paytable)}</summary><table>${paytable}<tr><td class="art">${escapeHtml(t.pair)} ${pairArt}${pairArt}</td><td>× ${input.game.pairPays}</td></tr></table></details>
</main>
<script nonce="${input.nonce}">
(() => {
  const config = ${safeJson(config)};
  const UNITS = 100000;
  const $ = (id) => document.getElementById(id);
  let stakeIndex = 0;
  const money = (units) => (units / UNITS).toFixed(config.decimals) + ' ' + config.unit;
  const showStake = () => { $('stake').textContent = money(config.stakes[stakeIndex] * UNITS); };
  const showBalance = (units) => { if (typeof units === 'number') $('balance').textContent = money(units); };
  const say = (text, win) => { const m = $('message'); m.textContent = text; m.className = win ? 'message win' : 'message'; };
  const post = async (path, body) => {
    const response = await fetch('/hub88/games/session/' + encodeURIComponent(config.sessionId) + path, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}),
    });
    if (!response.ok) throw new Error('HTTP ' + response.status);
    return response.json();
  };
  const tellParent = (balance) => {
    if (config.parentOrigin && window.parent !== window) {
      window.parent.postMessage({ source: 'hub88sim', type: 'roundEnded', balance }, config.parentOrigin);
    }
  };
  $('less').onclick = () => { stakeIndex = Math.max(0, stakeIndex - 1); showStake(); };
  $('more').onclick = () => { stakeIndex = Math.min(config.stakes.length - 1, stakeIndex + 1); showStake(); };
  $('spin').onclick = async () => {
    const button = $('spin');
    button.disabled = true;
    say('');
    $('reels').classList.add('spinning');
    const ids = Object.keys(config.art);
    const timer = setInterval(() => {
      for (const reel of $('reels').children) reel.innerHTML = config.art[ids[Math.floor(Math.random() * ids.length)]];
    }, 90);
    try {
      const result = await post('/spin', { stake: config.stakes[stakeIndex] });
      clearInterval(timer);
      // The art is the page's own constant markup, looked up by symbol id, never taken from the answer.
      if (result.symbols) result.symbols.forEach((id, i) => { $('reels').children[i].innerHTML = config.art[id] || ''; });
      showBalance(result.balance);
      if (result.kind === 'played') say(result.win > 0 ? config.texts.win + ' ' + money(result.win) : config.texts.lost, result.win > 0);
      else if (result.reason === 'not_enough_money') say(config.texts.notEnough);
      else if (result.reason === 'rolled_back_before_bet') say(config.texts.cancelled);
      else if (result.reason === 'bet_failed') say(config.texts.failed);
      else say(config.texts.error);
      tellParent(result.balance);
    } catch {
      clearInterval(timer);
      say(config.texts.error);
    } finally {
      $('reels').classList.remove('spinning');
      button.disabled = false;
    }
  };
  showStake();
  post('/balance').then((result) => {
    showBalance(result.balance);
    if (result.error) say(config.texts.error);
  }, () => say(config.texts.error));
})();
</script>
</body>
</html>`;
}

export function renderErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Game unavailable</title><style>body{margin:0;padding:24px;font:16px/1.4 system-ui,sans-serif;background:#12051f;color:#fff}</style></head><body><h1>Game unavailable</h1><p>${escapeHtml(message)}</p></body></html>`;
}
