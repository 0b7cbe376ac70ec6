/**
 * The reels' symbols as small inline SVGs: emoji fonts are missing or dated on many cheap phones (and in
 * headless browsers), and a blank reel is not a game. Constant markup, never built from input.
 */

const svg = (body: string) =>
  `<svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">${body}</svg>`;

export const SYMBOL_ART: Readonly<Record<string, string>> = {
  cherry: svg(
    '<path d="M22 40Q28 16 46 9M44 42Q40 24 46 9" stroke="#2e7d32" stroke-width="4" fill="none" stroke-linecap="round"/>' +
      '<circle cx="21" cy="45" r="12" fill="#d32f2f"/><circle cx="44" cy="46" r="11" fill="#b71c1c"/>' +
      '<circle cx="17" cy="41" r="3" fill="#ff8a80"/><circle cx="40" cy="42" r="3" fill="#ff8a80"/>',
  ),
  lemon: svg(
    '<ellipse cx="32" cy="34" rx="25" ry="17" fill="#fdd835" stroke="#f9a825" stroke-width="3"/>' +
      '<ellipse cx="24" cy="29" rx="8" ry="4" fill="#fff59d"/>',
  ),
  orange: svg(
    '<circle cx="32" cy="37" r="22" fill="#fb8c00"/><circle cx="25" cy="30" r="5" fill="#ffb74d"/>' +
      '<path d="M32 15q9-9 17-2q-8 7-17 2z" fill="#43a047"/>',
  ),
  grapes: svg(
    '<path d="M32 8v10" stroke="#5d4037" stroke-width="4" stroke-linecap="round"/>' +
      '<g fill="#7b1fa2"><circle cx="22" cy="24" r="8"/><circle cx="42" cy="24" r="8"/><circle cx="32" cy="26" r="8"/>' +
      '<circle cx="26" cy="38" r="8"/><circle cx="38" cy="38" r="8"/><circle cx="32" cy="51" r="8"/></g>',
  ),
  bell: svg(
    '<path d="M32 8c-12 0-18 10-18 22v10l-6 8h48l-6-8V30c0-12-6-22-18-22z" fill="#ffc107" stroke="#ff8f00" stroke-width="3"/>' +
      '<circle cx="32" cy="53" r="6" fill="#ff8f00"/>',
  ),
  seven: svg(
    '<text x="32" y="54" font-size="56" font-weight="900" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" fill="#e53935" stroke="#7f0000" stroke-width="2">7</text>',
  ),
  bar: svg(
    '<rect x="6" y="20" width="52" height="24" rx="6" fill="#8e24aa" stroke="#4a148c" stroke-width="3"/>' +
      '<text x="32" y="39" font-size="17" font-weight="900" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" fill="#fff">BAR</text>',
  ),
  star: svg(
    '<path d="M32 6l7.6 16.6 18 2-13.4 12.3 3.8 17.8L32 45.6 16 54.7l3.8-17.8L6.4 24.6l18-2z" fill="#fdd835" stroke="#f57f17" stroke-width="3" stroke-linejoin="round"/>',
  ),
  diamond: svg(
    '<path d="M14 10h36l10 14-28 32L4 24z" fill="#29b6f6" stroke="#0277bd" stroke-width="3" stroke-linejoin="round"/>' +
      '<path d="M4 24h56M22 10l-4 14 14 32 14-32-4-14" stroke="#0277bd" stroke-width="2" fill="none"/>',
  ),
};
