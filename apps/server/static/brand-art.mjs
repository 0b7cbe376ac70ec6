// Derives a brand's art set (static/brands/<set>/) from the shared art, which is WinSlots' own: the art a
// player sees in that brand's colours, served at the same /statics/ addresses (http/web.ts). The shared
// art's brand purples are turned to the brand's hue, lightness and saturation kept, so every gold, red and
// white stays as drawn. The files are committed; run `node apps/server/static/brand-art.mjs` after editing
// a source (after `node art-languages.mjs` when its words changed).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What each set redraws: the popup adverts and the deposit page's icons. */
const SOURCES = [
  'adverts/popup-register.svg',
  'adverts/deposit-popup-coins.svg',
  'payments/package-50.svg',
  'payments/package-100.svg',
  'payments/package-200.svg',
  'payments/package-500.svg',
  'payments/package-1000.svg',
  'payments/package-2000.svg',
];

/** The hue (degrees) of each set's brand colour; LuckyWin's header is #0b4d3b. */
const SETS = { luckywin: { hue: 160 } };

/** The shared art's brand purples: hues from blue-violet to magenta-violet, clearly coloured. */
const isBrandPurple = ({ h, s }) => h >= 250 && h <= 300 && s >= 0.2;

function toHsl(hex) {
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? ((g - b) / d + (g < b ? 6 : 0)) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return { h, s, l };
}

function toHex({ h, s, l }) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('');
}

function expand(hex) {
  return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
}

/**
 * Each source and its French and Portuguese versions (art-languages.mjs writes them first), so a brand's
 * player reads the words of their language in the brand's colours, at the same /statics/<lang>/ address.
 */
const { languages } = JSON.parse(readFileSync(path.join(here, 'art-texts.json'), 'utf8'));
const FILES = SOURCES.flatMap((source) => [
  source,
  ...languages.map((language) => `${language}/${source}`).filter((file) => existsSync(path.join(here, file))),
]);

for (const [set, { hue }] of Object.entries(SETS)) {
  for (const source of FILES) {
    const svg = readFileSync(path.join(here, source), 'utf8').replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (match, hex) => {
      const colour = toHsl(expand(hex.toLowerCase()));
      return isBrandPurple(colour) ? `#${toHex({ ...colour, h: hue })}` : match;
    });
    const target = path.join(here, 'brands', set, source);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, svg);
  }
}
