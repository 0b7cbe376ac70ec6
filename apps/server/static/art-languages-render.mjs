// Renders the French and Portuguese art (art-languages.mjs) in Chromium: checks that every translated line
// fits where the English did, and writes the WebP twin of each localised file whose shared source has one
// (the lobby's game covers, the floating badges, the sponsor cards), at the size of the English twin.
//
//   node art-languages-render.mjs              check, then write the WebP files (exit 1 if a line does not fit)
//   node art-languages-render.mjs --check      check only
//   node art-languages-render.mjs --shots DIR  also save a PNG of each localised file beside its English one
//   node art-languages-render.mjs --verbose    also print every line's width beside the English one's
//   node art-languages-render.mjs --suggest    for a line that does not fit, the largest font-size that does
//
// A line fits when, in both the system font (DejaVu Sans on Linux, wider than Roboto) and Arial's metrics:
// - it stays inside the canvas, keeping the English line's margin up to 6 px;
// - it stays inside the shape that held the English line (a pill, a button, a ribbon, a seal), 2 px in;
// - it comes no nearer any other drawing (28 px to its sides) than the English line in its narrowest font,
//   and runs into no other line it did not run into in English.
// Needs playwright-core (the repository's devDependencies) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
// The functions passed to page.evaluate run in the page, with its globals.
/* global document, getComputedStyle, DOMPoint, Node, Image */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { localisedFiles } from './art-languages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const shotsDir = args.includes('--shots') ? args[args.indexOf('--shots') + 1] : undefined;
const verbose = args.includes('--verbose');
const suggest = args.includes('--suggest');

/** The fonts the art is measured in: the page's own stack, and Arial's metrics (Liberation Sans). */
const FONTS = [
  { name: 'system-ui', css: '' },
  { name: 'Arial', css: 'svg text { font-family: "Liberation Sans", Arial, sans-serif !important; }' },
];

/** Drawn in the page: the boxes of the lines, and how each line sits against the shapes of the art. */
function measure({ english, narrowest }) {
  const CLEARANCE = 28;
  const svg = document.querySelector('svg');
  const origin = svg.getBoundingClientRect();
  const width = svg.width.baseVal.value;
  const height = svg.height.baseVal.value;
  const boxOf = (element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left - origin.left, y: rect.top - origin.top, w: rect.width, h: rect.height };
  };
  const texts = [...svg.querySelectorAll('text')].map((element) => {
    const box = boxOf(element);
    const style = getComputedStyle(element);
    // A stroked line (outlined titles) reaches half its stroke beyond its glyphs.
    const stroke = style.stroke === 'none' ? 0 : parseFloat(style.strokeWidth) / 2;
    return {
      text: element.textContent,
      x: box.x - stroke,
      y: box.y - stroke,
      w: box.w + 2 * stroke,
      h: box.h + 2 * stroke,
    };
  });
  if (!english) return { width, height, texts };

  const opacityOf = (element) => {
    let opacity = 1;
    for (let node = element; node && node !== svg.parentNode; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };
  const shapes = [...svg.querySelectorAll('rect,circle,ellipse,path,polygon,polyline,line,use')]
    .filter((element) => !element.closest('defs,clipPath,mask,symbol,pattern'))
    .map((element) => {
      const box = boxOf(element);
      const style = getComputedStyle(element);
      return {
        element,
        box,
        filled: style.fill !== 'none',
        stroked: style.stroke !== 'none',
        // The backdrop, glows and faint rays are behind everything: lines may lie on them.
        background: box.w * box.h >= 0.3 * width * height || opacityOf(element) < 0.15,
        // Sparkles and dots: too small to matter.
        tiny: box.w * box.h < 400,
      };
    });
  const contains = (shape, x, y) => {
    const { element, box } = shape;
    if (element.tagName === 'use') {
      // A <use> (the coins) has no geometry of its own: the ellipse in its box.
      const [cx, cy, rx, ry] = [box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2];
      return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
    }
    const point = new DOMPoint(x + origin.left, y + origin.top).matrixTransform(
      element.getScreenCTM().inverse(),
    );
    return (
      (shape.filled && element.isPointInFill(point)) || (shape.stroked && element.isPointInStroke(point))
    );
  };
  const corners = (box, pad) => [
    [box.x - pad, box.y - pad],
    [box.x + box.w + pad, box.y - pad],
    [box.x - pad, box.y + box.h + pad],
    [box.x + box.w + pad, box.y + box.h + pad],
    [box.x + box.w / 2, box.y - pad],
    [box.x + box.w / 2, box.y + box.h + pad],
    [box.x - pad, box.y + box.h / 2],
    [box.x + box.w + pad, box.y + box.h / 2],
  ];
  const around = (box) => ({ x: box.x - CLEARANCE, y: box.y, w: box.w + 2 * CLEARANCE, h: box.h });
  const holds = (shape, box, pad) => corners(box, pad).every(([x, y]) => contains(shape, x, y));
  /** Square pixels of `box` that `shape` shows, sampled every 2 px: not those hidden under `cover`. */
  const covered = (shape, box, cover) => {
    const left = Math.max(box.x, shape.box.x);
    const right = Math.min(box.x + box.w, shape.box.x + shape.box.w);
    const top = Math.max(box.y, shape.box.y);
    const bottom = Math.min(box.y + box.h, shape.box.y + shape.box.h);
    const hidden =
      cover && cover.element.compareDocumentPosition(shape.element) & Node.DOCUMENT_POSITION_PRECEDING;
    let count = 0;
    for (let x = left + 1; x < right; x += 2)
      for (let y = top + 1; y < bottom; y += 2)
        if (contains(shape, x, y) && !(hidden && contains(cover, x, y))) count += 1;
    return count * 4;
  };

  const lines = texts.map((line, index) => {
    const before = english.texts[index];
    // A line left as it was (a kept name) is the English line.
    if (line.text === before.text && Math.abs(line.w - before.w) < 0.5) return { ...line, problems: [] };
    const smallest = (list) => list.sort((a, b) => a.box.w * a.box.h - b.box.w * b.box.h)[0];
    const candidates = shapes.filter((shape) => !shape.background && holds(shape, before, 0));
    const problems = [];
    // An English line that already runs past its pill's ends in this font (the deposit popup's tag in
    // DejaVu Sans): the pill under its middle, whose height it lies in. The translation may not run further.
    const [middleX, middleY] = [before.x + before.w / 2, before.y + before.h / 2];
    const overrun = smallest(
      shapes.filter(
        (shape) =>
          !shape.background &&
          !shape.tiny &&
          shape.box.y <= before.y + before.h / 4 &&
          shape.box.y + shape.box.h >= before.y + (3 * before.h) / 4 &&
          contains(shape, middleX, middleY),
      ),
    );
    const container = smallest(candidates) ?? overrun;
    if (candidates.length > 0) {
      const pad = holds(container, before, 2) ? 2 : 0;
      if (!holds(container, line, pad))
        problems.push(`leaves its ${container.element.tagName} (${Math.round(container.box.w)} wide)`);
    } else if (overrun) {
      const [left, right] = [overrun.box.x, overrun.box.x + overrun.box.w];
      if (
        line.x < Math.min(before.x, left) - 0.5 ||
        line.x + line.w > Math.max(before.x + before.w, right) + 0.5
      )
        problems.push(
          `runs further out of its ${overrun.element.tagName} (${Math.round(overrun.box.w)} wide)`,
        );
    }
    for (const shape of shapes) {
      // The shapes the English line lay wholly on (its pill, the pill's shadow) are not in its way, nor
      // one it lay mostly on (the snow under the Christmas banner's small print): the line is drawn on it.
      if (shape.background || shape.tiny || shape === container || candidates.includes(shape)) continue;
      const under = covered(shape, before);
      if (under >= 0.4 * before.w * before.h) continue;
      // With room around it: a line that ends a pixel short of a coin still looks crammed against it.
      // A drawing behind the line's pill (the ribbon's tails) shows only outside the pill.
      // Against the English line in its narrowest font (Arial's metrics, near Roboto's): where the English
      // clears the drawing on a phone, the translation clears it in every font.
      const grown =
        covered(shape, around(line), container) - covered(shape, around(narrowest[index]), container);
      if (grown > 24) problems.push(`covers ${grown} px² more of a ${shape.element.tagName}`);
    }
    return { ...line, problems };
  });
  return { width, height, texts: lines };
}

const overlap = (a, b) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** The problems of one localised file against its English source, in one font: { index, text }. */
function compare(english, localised) {
  const problems = [];
  const { width, height } = english;
  localised.texts.forEach((line, index) => {
    const before = english.texts[index];
    const say = (problem) =>
      problems.push({
        index,
        text: `"${line.text}" (${Math.round(line.w)} wide, English ${Math.round(before.w)}): ${problem}`,
      });
    const margin = (space) => Math.min(space, 6) - 0.5;
    if (line.x < margin(before.x)) say('runs off the left edge');
    if (line.x + line.w > width - margin(width - before.x - before.w)) say('runs off the right edge');
    if (line.y < margin(before.y)) say('runs off the top');
    if (line.y + line.h > height - margin(height - before.y - before.h)) say('runs off the bottom');
    for (const problem of line.problems) say(problem);
    localised.texts.forEach((other, otherIndex) => {
      // Lines drawn over each other on purpose (an outline under its fill) are left as drawn.
      if (otherIndex <= index || overlap(before, english.texts[otherIndex]) > 0) return;
      if (overlap(line, other) > 4) say(`runs into "${other.text}"`);
    });
  });
  return problems;
}

/**
 * The WebP without the sRGB colour profile Chromium's encoder embeds (half a kilobyte; a WebP without one
 * is read as sRGB): its ICCP chunk dropped and its flag cleared, and an image left with no extended feature
 * (the opaque game covers) written in the simple format, as cwebp writes it.
 */
function withoutColourProfile(webp) {
  const chunks = [];
  for (let at = 12; at + 8 <= webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    chunks.push({
      type: webp.toString('latin1', at, at + 4),
      bytes: webp.subarray(at, at + 8 + size + (size % 2)),
    });
    at += 8 + size + (size % 2);
  }
  let kept = chunks.filter((chunk) => chunk.type !== 'ICCP');
  const header = kept.find((chunk) => chunk.type === 'VP8X');
  if (header) {
    header.bytes = Buffer.from(header.bytes);
    header.bytes[8] &= ~0x20;
    if (header.bytes[8] === 0) kept = kept.filter((chunk) => chunk !== header);
  }
  const body = Buffer.concat(kept.map((chunk) => chunk.bytes));
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length + 4, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, body]);
}

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath });
const page = await browser.newPage();
const show = async (svg, css) => {
  await page.setContent(
    `<!doctype html><html><head><style>body{margin:0}${css}</style></head><body>${svg}</body></html>`,
  );
  await page.evaluate(() => document.fonts.ready);
};

/** The problems of line `index` (none: it fits) with its font-size set to `size`, every line of its words alike. */
async function problemsAtSize(localisedSvg, englishByFont, index, size) {
  const problems = [];
  for (const font of FONTS) {
    await show(localisedSvg, font.css);
    await page.evaluate(
      ({ index: at, size: fontSize }) => {
        const texts = [...document.querySelectorAll('svg text')];
        const words = texts[at].textContent;
        for (const text of texts)
          if (text.textContent === words) text.setAttribute('font-size', String(fontSize));
      },
      { index, size },
    );
    const english = englishByFont.get(font.name);
    const localised = await page.evaluate(measure, { english, narrowest: narrowestOf(englishByFont) });
    problems.push(...compare(english, localised).filter((problem) => problem.index === index));
  }
  return problems;
}

/** The largest font-size (a half-pixel step, down to half the line's own) at which line `index` fits. */
async function largestFit(localisedSvg, englishByFont, index) {
  const own = Number(
    (localisedSvg.match(/<text\b[^>]*>/g)?.[index] ?? '').match(/\sfont-size="([^"]*)"/)?.[1] ?? 16,
  );
  let [low, high] = [Math.floor(own / 2), own];
  if ((await problemsAtSize(localisedSvg, englishByFont, index, low)).length > 0) return undefined;
  while (high - low > 0.5) {
    const middle = Math.round(((low + high) / 2) * 2) / 2;
    if ((await problemsAtSize(localisedSvg, englishByFont, index, middle)).length === 0) low = middle;
    else high = middle;
  }
  return low;
}

/** Each English line's box in the font it is narrowest in. */
const narrowestOf = (englishByFont) =>
  [...englishByFont.values()][0].texts.map(
    (_, index) =>
      [...englishByFont.values()].map((english) => english.texts[index]).sort((a, b) => a.w - b.w)[0],
  );

let failures = 0;
const files = localisedFiles();
for (const { source, file } of files) {
  const englishSvg = readFileSync(path.join(here, source), 'utf8');
  const localisedSvg = readFileSync(path.join(here, file), 'utf8');
  const englishByFont = new Map();
  for (const font of FONTS) {
    await show(englishSvg, font.css);
    englishByFont.set(font.name, await page.evaluate(measure, { english: undefined }));
  }
  const narrowest = narrowestOf(englishByFont);
  const failing = new Set();
  for (const font of FONTS) {
    const english = englishByFont.get(font.name);
    await show(localisedSvg, font.css);
    const localised = await page.evaluate(measure, { english, narrowest });
    const problems = compare(english, localised);
    for (const problem of problems) failing.add(problem.index);
    if (verbose)
      localised.texts.forEach((line, index) =>
        console.log(
          `${file} [${font.name}]: "${line.text}" ${Math.round(line.w)} wide (English ${Math.round(english.texts[index].w)})`,
        ),
      );
    for (const problem of problems) console.log(`${file} [${font.name}]: ${problem.text}`);
    failures += problems.length;
    if (shotsDir && font.name === 'system-ui') {
      for (const [name, svg] of [
        [source.replace(/\//g, '_'), englishSvg],
        [file.replace(/\//g, '_'), localisedSvg],
      ]) {
        await show(svg, '');
        mkdirSync(shotsDir, { recursive: true });
        await page.locator('svg').screenshot({ path: path.join(shotsDir, name.replace(/\.svg$/, '.png')) });
      }
    }
  }
  if (suggest)
    for (const index of failing) {
      const size = await largestFit(localisedSvg, englishByFont, index);
      const words = englishByFont.get('system-ui').texts[index].text;
      console.log(
        `${file}: line ${index} (English "${words}") fits at font-size ${size ?? 'none: reword it'}`,
      );
    }
}
console.log(
  `${files.length} localised files checked: ${failures === 0 ? 'every line fits' : `${failures} problems`}`,
);

if (!checkOnly && failures === 0) {
  const twins = files.filter(({ source }) => existsSync(path.join(here, source.replace(/\.svg$/, '.webp'))));
  for (const { source, file } of twins) {
    const englishWebp = readFileSync(path.join(here, source.replace(/\.svg$/, '.webp')));
    const localisedSvg = readFileSync(path.join(here, file), 'utf8');
    await page.setContent('<!doctype html><html><body></body></html>');
    const dataUrl = await page.evaluate(
      async ({ svg, webp }) => {
        const load = async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return image;
        };
        // The English twin's size: the WebP files are drawn at twice their display size (rasterize.sh).
        const twin = await load(`data:image/webp;base64,${webp}`);
        const image = await load(`data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`);
        const canvas = document.createElement('canvas');
        canvas.width = twin.naturalWidth;
        canvas.height = twin.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', 0.85);
      },
      { svg: localisedSvg, webp: englishWebp.toString('base64') },
    );
    const target = path.join(here, file.replace(/\.svg$/, '.webp'));
    writeFileSync(target, withoutColourProfile(Buffer.from(dataUrl.split(',')[1], 'base64')));
    console.log(`wrote ${path.relative(here, target)}`);
  }
}
await browser.close();
process.exitCode = failures === 0 ? 0 : 1;
