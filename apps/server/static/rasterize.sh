#!/usr/bin/env bash
# Renders the small artwork (menu icons, sponsors, social, badges, floating advert, logos) from its SVG
# source to WebP at twice its display size. An SVG <img> is a document of its own that the browser lays
# out and paints on the main thread; twenty of them held the first paint of the home page by over a
# second on a 4x-throttled CPU (docs/benchmarks.md). The large banners stay SVG: few, and far smaller.
# Needs rsvg-convert (librsvg2-bin) and cwebp (webp); the WebP files are committed, so builds do not.
set -euo pipefail
cd "$(dirname "$0")"
render() { # source.svg width
  rsvg-convert -w "$2" "$1" -o "/tmp/rasterize-$$.png"
  cwebp -quiet -q 85 -alpha_q 90 "/tmp/rasterize-$$.png" -o "${1%.svg}.webp"
}
for file in menus/*.svg; do render "$file" 96; done
for file in social/*.svg; do render "$file" 96; done
for file in adverts/sponsor-*.svg; do render "$file" 240; done
# Game covers: a two-column grid of them on the home page; the SVGs stay as the launch popup's large cover.
for file in games/*.svg; do render "$file" 360; done
render adverts/floating-demo.svg 160
render adverts/floating-coin-spin.svg 160
# The visitor's home popup: its 600x800 SVG, laid out and painted on the main thread as the popup opens,
# was a 100 ms task there unthrottled (docs/benchmarks.md, 2026-12-04); a WebP is decoded off it.
render adverts/popup-register.svg 600
for file in brands/*/adverts/popup-register.svg brands/*/*/adverts/popup-register.svg; do render "$file" 600; done
# The French and Portuguese twins of these (static/fr, static/pt) are drawn by art-languages-render.mjs.
render brand/age-18.svg 96
render brand/responsible-gaming.svg 96
render brand/winslots-logo.svg 240
render brand/luckywin-logo.svg 240
rm -f "/tmp/rasterize-$$.png"
