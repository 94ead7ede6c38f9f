#!/usr/bin/env node
/**
 * Writes public/og-default.png, the default 1200×630 social image, from the SVG below.
 * Run it again after changing the brand name or tagline: `node tools/local/og-image.mjs`.
 * The PNG is committed, so builds never depend on the fonts of the machine that runs them.
 */
import path from 'node:path';
import jiti from 'jiti';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../shared/paths.mjs';

const OUT_FILE = path.join(PROJECT_ROOT, 'public', 'og-default.png');

// The brand comes from the site's constants; Node 20 cannot load TypeScript, so jiti does.
// jiti 1 is CommonJS: its module.exports is the factory that its types call `default`.
const createJiti = /** @type {typeof import('jiti').default} */ (/** @type {unknown} */ (jiti));
/** @type {{ SITE: { name: string, tagline: string } }} */
const { SITE } = createJiti(import.meta.url)('../../src/config/site.ts');
const BRAND = SITE.name;
/** The tagline, wrapped at 32 characters a line. */
const TAGLINE_LINES = wrap(SITE.tagline, 32);

const WIDTH = 1200;
const HEIGHT = 630;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#0b1120"/>
  <rect x="0" y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="#1d4ed8"/>
  <g transform="translate(96 120) scale(4)">
    <rect width="32" height="32" rx="8" fill="#1d4ed8"/>
    <path d="M9 8v16h14" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M14 18l4-5 3 3" fill="none" stroke="#93c5fd" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <text x="256" y="214" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="88" font-weight="700" fill="#ffffff">${BRAND}</text>
  ${TAGLINE_LINES.map(
    (line, index) =>
      `<text x="96" y="${390 + index * 72}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="54" fill="#93c5fd">${line}</text>`,
  ).join('\n  ')}
</svg>`;

/** Words joined into lines no longer than `width`. */
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

// A 16-colour palette keeps the flat artwork small (a few KB) with no visible loss.
const info = await sharp(Buffer.from(svg))
  .png({ palette: true, colours: 16, compressionLevel: 9 })
  .toFile(OUT_FILE);
console.log(
  `Wrote ${path.relative(PROJECT_ROOT, OUT_FILE)}: ${info.width}×${info.height}, ${info.size} bytes`,
);
