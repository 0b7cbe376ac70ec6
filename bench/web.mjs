// npm run bench:web — what the home route costs a player on a cheap phone over slow 3G.
// 1. Loads /home in Chromium (service worker blocked, so only what the page itself asks for counts) and
//    sums the gzipped size of every JS and CSS file it loads.
// 2. Runs Lighthouse (mobile, simulated throttling: 300 ms RTT, 700 kbps, 4x CPU) three times and prints
//    the median LCP, TBT, CLS, FCP and score.
// 3. The same for a logged-in member who has played three games: their home page also carries their
//    balance and "my games" (the server writes their recent games into the page for the token cookie).
// Budgets (issue 2): home JS <= 100 KB gzipped; LCP <= 2.5 s; TBT <= 200 ms; CLS <= 0.1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { GAME_PATHS, MEMBER_PATHS } from '../packages/contracts/src/paths.ts';
import { startServer } from '../scripts/test-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The budget is measured at 4x (issue 2). Lighthouse's guidance maps 4x to a high-end desktop host; on a
// slower host the same phone is closer to 2x, so CPU_SLOWDOWN lets a run show that for context.
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const BUDGET = { jsKb: 100, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measureHomeAssets(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const assets = new Set();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const { pathname, origin } = new URL(response.url());
    if (origin === url && (type === 'script' || type === 'stylesheet')) assets.add(pathname);
  });
  await page.goto(`${url}/home`, { waitUntil: 'networkidle' });
  await browser.close();

  const files = [...assets].map((pathname) => {
    const content = readFileSync(path.join(webDist, pathname));
    return { pathname, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const sum = (kind) =>
    files.filter((f) => f.pathname.endsWith(kind)).reduce((total, f) => total + f.gzip, 0);
  // The page itself carries the stylesheet, the server-rendered markup and the first screen's data.
  const html = Buffer.from(await (await fetch(`${url}/home`)).text());
  return { files, jsGzip: sum('.js'), cssGzip: sum('.css'), htmlGzip: gzipSync(html, { level: 9 }).length };
}

/**
 * A member as a player becomes one: registered with the code the SMS simulator received, then three demo
 * games opened (a member's demo counts among their recent games). Answers the member's token.
 */
async function newMemberWithRecentGames(server) {
  const subscriber = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const mobile = `0712${subscriber}`;
  const call = async (apiPath, init = {}) => {
    const answer = await fetch(`${server.url}/api${apiPath}`, {
      ...init,
      headers: { platform: '3', deviceid: 'bench-web', ...init.headers },
    });
    const envelope = await answer.json();
    if (envelope.code !== 0) throw new Error(`${apiPath}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const form = (fields) => ({ method: 'POST', body: new URLSearchParams(fields) });
  await call(MEMBER_PATHS.sendSms, form({ mobile, type: 'register' }));
  let code;
  for (let attempt = 0; !code && attempt < 50; attempt += 1) {
    const inbox = await (
      await fetch(`${server.simulatorsUrl}/sms/messages?number=%2B254712${subscriber}`)
    ).json();
    code = inbox[0]?.message.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error('the SMS simulator received no registration code');
  const { token } = await call(
    MEMBER_PATHS.register,
    form({ mobile, password: 'secret12', confirmPassword: 'secret12', smsCode: code }),
  );
  const lobby = await call(GAME_PATHS.lobby);
  const demos = lobby.games
    .filter((game) => game.hasDemo && game.source !== 'provider')
    .map((game) => game.id);
  for (const id of demos.slice(0, 3)) {
    await call(GAME_PATHS.launch, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ id, mode: 'demo' }),
    });
  }
  return token;
}

/** Gives the browser at `port` the member's token cookie, as a member's phone has it, loading no page. */
async function logInBrowser(port, url, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0].addCookies([{ name: 'token', value: token, url }]);
  await browser.close();
}

async function runLighthouse(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // Each launch has a fresh profile (an empty cache); a member's run keeps the cookie it was given.
    if (token) await logInBrowser(chrome.port, url, token);
    const result = await lighthouse(
      `${url}/home`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: {
          formFactor: 'mobile',
          disableStorageReset: token !== undefined,
          screenEmulation: {
            mobile: true,
            width: 412,
            height: 823,
            deviceScaleFactor: 1.75,
            disabled: false,
          },
          throttlingMethod: 'simulate',
          throttling: {
            rttMs: 300,
            throughputKbps: 700,
            cpuSlowdownMultiplier: CPU_SLOWDOWN,
            requestLatencyMs: 300 * 3.75,
            downloadThroughputKbps: 700 * 0.9,
            uploadThroughputKbps: 700 * 0.9,
          },
        },
      },
    );
    const audits = result.lhr.audits;
    return {
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      score: result.lhr.categories.performance.score * 100,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** RUNS Lighthouse runs of /home as a visitor, or as the member whose token is given; prints each and the median. */
async function lighthouseRuns(url, who, token) {
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const figures = await runLighthouse(url, token);
    runs.push(figures);
    console.log(
      `Lighthouse ${who} run ${run} (${CPU_SLOWDOWN}x CPU, host benchmark index ${Math.round(figures.benchmarkIndex)}): LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, FCP ${Math.round(figures.fcpMs)} ms, score ${Math.round(figures.score)}`,
    );
  }
  const median = {
    lcpMs: Math.round(medianOf(runs.map((r) => r.lcpMs))),
    tbtMs: Math.round(medianOf(runs.map((r) => r.tbtMs))),
    cls: Number(medianOf(runs.map((r) => r.cls)).toFixed(3)),
    fcpMs: Math.round(medianOf(runs.map((r) => r.fcpMs))),
    score: Math.round(medianOf(runs.map((r) => r.score))),
  };
  console.log(
    `Median of ${RUNS} (${who}): LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}, FCP ${median.fcpMs} ms, score ${median.score}\n`,
  );
  return { runs, median };
}

function withinBudget(median, prefix) {
  return {
    [`${prefix}lcp`]: median.lcpMs <= BUDGET.lcpMs,
    [`${prefix}tbt`]: median.tbtMs <= BUDGET.tbtMs,
    [`${prefix}cls`]: median.cls <= BUDGET.cls,
  };
}

const server = await startServer('bench');
try {
  const assets = await measureHomeAssets(server.url);
  console.log('\nHome route assets (gzip -9):');
  for (const file of assets.files)
    console.log(
      `  ${file.pathname.padEnd(48)} ${String(kb(file.raw)).padStart(7)} KB raw ${String(kb(file.gzip)).padStart(6)} KB gz`,
    );
  console.log(
    `  JS total ${kb(assets.jsGzip)} KB gz (budget ${BUDGET.jsKb} KB), CSS files ${kb(assets.cssGzip)} KB gz, ` +
      `HTML of /home (inline CSS, server-rendered markup, first-screen data) ${kb(assets.htmlGzip)} KB gz`,
  );

  const visitor = await lighthouseRuns(server.url, 'visitor');
  const token = await newMemberWithRecentGames(server);
  const member = await lighthouseRuns(server.url, 'member', token);
  const summary = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    homeJsGzipKb: kb(assets.jsGzip),
    homeCssGzipKb: kb(assets.cssGzip),
    homeHtmlGzipKb: kb(assets.htmlGzip),
    ...visitor.median,
    member: member.median,
  };
  const within = {
    js: summary.homeJsGzipKb <= BUDGET.jsKb,
    ...withinBudget(visitor.median, ''),
    ...withinBudget(member.median, 'member '),
  };
  console.log(
    'Within budget:',
    Object.entries(within)
      .map(([key, ok]) => `${key} ${ok ? 'yes' : 'NO'}`)
      .join(', '),
  );
  mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench/out/web.json'),
    JSON.stringify(
      { ...summary, within, assets: assets.files, runs: visitor.runs, memberRuns: member.runs },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
