// Writes the French and Portuguese versions of the advert and game art: static/<lang>/<path> from each shared
// source under adverts/ and games/, its <title>, <text> and <tspan> words replaced from art-texts.json (English
// to each language). A French or Portuguese player must not be shown English words in a picture, so every
// phrase with a letter in it is either translated or named in the table's `keep` (fictional clubs, brand-name
// game titles, figures): a phrase the table does not know stops the script. A file whose words stay the same
// in a language ("MINES" in French) is not copied: the seed serves the shared one.
//
// Then: `node brand-art.mjs` (a brand's recoloured set, its languages included) and
// `node art-languages-render.mjs` (the WebP twins, and the check that each line fits where the English did).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const table = JSON.parse(readFileSync(path.join(here, 'art-texts.json'), 'utf8'));

/** The art a player reads words in: the adverts (banners, popups, badges, sponsors) and the game covers. */
const FOLDERS = ['adverts', 'games'];

const hasLetter = (text) => /\p{L}/u.test(text);
const unescapeXml = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
function withAttribute(tag, name, value) {
  const pattern = new RegExp(`(\\s${name}=")[^"]*(")`);
  if (pattern.test(tag)) return tag.replace(pattern, `$1${value}$2`);
  return tag.replace(/\s*(\/?)>$/, ` ${name}="${value}"$1>`);
}

/**
 * The translation of one phrase of `file` on a line of `fontSize`: { text, size?, spacing?, pill? }, or
 * throws. `"PHRASE@16"` names the phrase on its 16 px lines only (a tag), where the same words are also a
 * title that fits otherwise; it is looked up first, in the file's table, then in common.
 */
function translation(file, phrase, fontSize, language) {
  if (table.keep.includes(phrase)) return { text: phrase };
  const keys = [`${phrase}@${fontSize}`, phrase];
  const tables = [table.files[file] ?? {}, table.common];
  const value = tables.flatMap((texts) => keys.map((key) => texts[key]?.[language])).find(Boolean);
  if (value === undefined)
    throw new Error(`${file}: no ${language} for "${phrase}" in art-texts.json (translate it, or keep it)`);
  return typeof value === 'string' ? { text: value } : value;
}

const number = (value) => Number(value ?? 0);

/**
 * The pill a tag's text sits on: the nearest rounded rect drawn before it that holds the text's anchor. Widened to
 * `width`; it keeps its left edge, or its centre when it is centred on the canvas (the popups' tags), and a
 * centred text moves to the pill's new centre.
 */
function widenPill(tokens, textIndex, width, canvasWidth) {
  const text = tokens[textIndex];
  const [x, y] = [number(attribute(text, 'x')), number(attribute(text, 'y'))];
  for (let index = textIndex - 1; index >= 0; index -= 1) {
    const tag = tokens[index];
    if (!tag.startsWith('<rect') || attribute(tag, 'rx') === undefined) continue;
    const box = ['x', 'y', 'width', 'height'].map((name) => number(attribute(tag, name)));
    const [left, top, oldWidth, height] = box;
    if (x < left || x > left + oldWidth || y < top || y > top + height) continue;
    const centred = Math.abs(left + oldWidth / 2 - canvasWidth / 2) < 1;
    const newLeft = centred ? canvasWidth / 2 - width / 2 : left;
    tokens[index] = withAttribute(withAttribute(tag, 'x', String(newLeft)), 'width', String(width));
    if (attribute(text, 'text-anchor') === 'middle')
      tokens[textIndex] = withAttribute(text, 'x', String(newLeft + width / 2));
    return;
  }
  throw new Error(`no pill behind the text at ${x},${y}`);
}

/** The source in `language`: every phrase replaced, and the fits of the table applied to its line. */
export function translateSvg(file, svg, language) {
  const tokens = svg.match(/<[^>]*>|[^<]+/g) ?? [];
  const canvasWidth = number(attribute(tokens.find((token) => token.startsWith('<svg')) ?? '', 'width'));
  let textIndex = -1;
  let inTitle = false;
  const fits = [];
  tokens.forEach((token, index) => {
    if (token.startsWith('<')) {
      if (/^<text\b/.test(token)) textIndex = index;
      else if (token.startsWith('</text')) textIndex = -1;
      else if (/^<title\b/.test(token)) inTitle = true;
      else if (token.startsWith('</title')) inTitle = false;
      return;
    }
    if (textIndex < 0 && !inTitle) return;
    const phrase = unescapeXml(token).trim();
    if (!hasLetter(phrase)) return;
    const fontSize = textIndex >= 0 ? attribute(tokens[textIndex], 'font-size') : undefined;
    const { text, ...fit } = translation(file, phrase, fontSize, language);
    const [, before, after] = token.match(/^(\s*)[\s\S]*?(\s*)$/);
    tokens[index] = `${before}${escapeXml(text)}${after}`;
    if (textIndex >= 0 && Object.keys(fit).length > 0) fits.push({ textIndex, fit });
  });
  for (const { textIndex: at, fit } of fits) {
    if (fit.size !== undefined) tokens[at] = withAttribute(tokens[at], 'font-size', String(fit.size));
    if (fit.spacing !== undefined)
      tokens[at] = withAttribute(tokens[at], 'letter-spacing', String(fit.spacing));
    if (fit.pill !== undefined) widenPill(tokens, at, fit.pill, canvasWidth);
  }
  return tokens.join('');
}

/** Every shared source of the advert and game art (the brands' sets and the language folders excluded). */
export function sources() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(here, folder))
      .filter((name) => name.endsWith('.svg'))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

/** `<lang>/<path>` of every file the languages have, as written by the last run. */
export function localisedFiles() {
  return table.languages.flatMap((language) =>
    sources()
      .filter((source) => existsSync(path.join(here, language, source)))
      .map((source) => ({ language, source, file: `${language}/${source}` })),
  );
}

function main() {
  const written = [];
  for (const language of table.languages) {
    for (const source of sources()) {
      const svg = readFileSync(path.join(here, source), 'utf8');
      const translated = translateSvg(source, svg, language);
      const target = path.join(here, language, source);
      if (translated === svg) {
        // Nothing to translate: the shared file is served, and a stale copy and its WebP twin go.
        rmSync(target, { force: true });
        rmSync(target.replace(/\.svg$/, '.webp'), { force: true });
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, translated);
      written.push(`${language}/${source}`);
    }
  }
  console.log(`wrote ${written.length} files:\n  ${written.join('\n  ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
