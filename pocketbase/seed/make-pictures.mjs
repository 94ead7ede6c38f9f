/**
 * Generates the seed pictures from SVG written here (no third-party assets): abstract banners
 * (1200×630 JPEG), illustrated-initial avatars (256×256 WebP) and a diagram for a post's body
 * (1200×560 PNG), each under 100 KB.
 * Deterministic: the same names always give the same pictures. Output: pocketbase/seed/pictures/.
 *
 * Run: node pocketbase/seed/make-pictures.mjs
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pictures');
const MAX_BYTES = 100 * 1024;

/** @typedef {'bars' | 'rings' | 'grid' | 'waves' | 'nodes' | 'stack'} Motif */

/** @type {{ file: string, colors: [string, string, string], motif: Motif }[]} */
const BANNERS = [
  { file: 'provisional-tax.jpg', colors: ['#0b3b60', '#1b7f79', '#f2c14e'], motif: 'bars' },
  { file: 'vat-digital-services.jpg', colors: ['#2a1b5c', '#4361ee', '#4cc9f0'], motif: 'nodes' },
  { file: 'ifrs-for-smes.jpg', colors: ['#12372a', '#436850', '#fbfada'], motif: 'grid' },
  { file: 'ai-with-citations.jpg', colors: ['#1a1040', '#7b2cbf', '#ff9e00'], motif: 'rings' },
  { file: 'two-pot-retirement.jpg', colors: ['#003049', '#2a9d8f', '#e9c46a'], motif: 'stack' },
  { file: 'audit-working-papers.jpg', colors: ['#22223b', '#4a4e69', '#c9ada7'], motif: 'grid' },
  { file: 'client-emails.jpg', colors: ['#0d1b2a', '#1b998b', '#c5d86d'], motif: 'waves' },
];

/** @type {{ file: string, name: string, colors: [string, string] }[]} */
const AVATARS = [
  { file: 'avatar-thandi-nkosi.webp', name: 'Thandi Nkosi', colors: ['#1b7f79', '#0b3b60'] },
  {
    file: 'avatar-pieter-van-der-merwe.webp',
    name: 'Pieter van der Merwe',
    colors: ['#4361ee', '#2a1b5c'],
  },
  { file: 'avatar-ayesha-patel.webp', name: 'Ayesha Patel', colors: ['#e76f51', '#7b2cbf'] },
  { file: 'avatar-sipho-dlamini.webp', name: 'Sipho Dlamini', colors: ['#2a9d8f', '#264653'] },
  // The seed's authors (authors.json), the team of the About page.
  {
    file: 'avatar-nomvula-khumalo.webp',
    name: 'Nomvula Khumalo',
    colors: ['#0e7490', '#1e3a8a'],
  },
  { file: 'avatar-daniel-botha.webp', name: 'Daniel Botha', colors: ['#7c3aed', '#1f2937'] },
];

/**
 * The provisional tax year (March to February) as twelve month tiles, the two payment months
 * (August and February) raised and lit, the optional top-up month (September) outlined. No text,
 * so it renders the same whatever fonts a machine has; the post gives it its alt text.
 */
function provisionalTaxCalendarSvg() {
  const tiles = Array.from({ length: 12 }, (_, month) => {
    const x = 60 + (month % 6) * 185;
    const y = 70 + Math.floor(month / 6) * 230;
    // month 0 is March: August is 5, September 6, February 11.
    const payment = month === 5 || month === 11;
    const topUp = month === 6;
    const fill = payment ? '#f2c14e' : '#1b3a57';
    const stroke = topUp ? '#f2c14e' : '#2c5677';
    const lift = payment ? -14 : 0;
    return `<rect x="${x}" y="${y + lift}" width="160" height="190" rx="18" fill="${fill}" stroke="${stroke}" stroke-width="${topUp ? 6 : 2}"/>
    <rect x="${x + 24}" y="${y + lift + 26}" width="${payment ? 112 : 70}" height="14" rx="7" fill="${payment ? '#0b2239' : '#3d6d91'}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="560" viewBox="0 0 1200 560">
  <rect width="1200" height="560" fill="#0b2239"/>
  ${tiles.join('\n  ')}
</svg>`;
}

/** Small seeded PRNG (mulberry32) so every run draws the same shapes. */
function makeRandom(/** @type {string} */ seedText) {
  let seed = [...seedText].reduce((acc, ch) => (Math.imul(acc, 31) + ch.charCodeAt(0)) | 0, 7);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {Motif} motif
 * @param {() => number} rand
 * @param {string} accent
 */
function drawMotif(motif, rand, accent) {
  const parts = [];
  if (motif === 'bars') {
    for (let i = 0; i < 12; i += 1) {
      const h = 80 + rand() * 300;
      parts.push(
        `<rect x="${620 + i * 46}" y="${560 - h}" width="30" height="${h}" rx="6" fill="${accent}" opacity="${0.35 + rand() * 0.5}"/>`,
      );
    }
    parts.push(
      `<path d="M600 470 ${Array.from({ length: 12 }, (_, i) => `L${635 + i * 46} ${430 - i * 22 - rand() * 40}`).join(' ')}" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.8"/>`,
    );
  } else if (motif === 'rings') {
    for (let i = 0; i < 7; i += 1) {
      parts.push(
        `<circle cx="880" cy="315" r="${60 + i * 45}" fill="none" stroke="${accent}" stroke-width="${3 + rand() * 6}" opacity="${0.2 + rand() * 0.5}"/>`,
      );
    }
    parts.push(`<circle cx="880" cy="315" r="34" fill="${accent}" opacity="0.9"/>`);
  } else if (motif === 'grid') {
    for (let x = 0; x <= 1200; x += 60)
      parts.push(
        `<line x1="${x}" y1="0" x2="${x}" y2="630" stroke="#ffffff" stroke-width="1" opacity="0.08"/>`,
      );
    for (let y = 0; y <= 630; y += 60)
      parts.push(
        `<line x1="0" y1="${y}" x2="1200" y2="${y}" stroke="#ffffff" stroke-width="1" opacity="0.08"/>`,
      );
    for (let i = 0; i < 14; i += 1) {
      const x = 600 + Math.floor(rand() * 9) * 60;
      const y = 60 + Math.floor(rand() * 8) * 60;
      parts.push(
        `<rect x="${x + 4}" y="${y + 4}" width="52" height="52" rx="8" fill="${accent}" opacity="${0.25 + rand() * 0.6}"/>`,
      );
    }
  } else if (motif === 'waves') {
    for (let i = 0; i < 6; i += 1) {
      const y = 300 + i * 45;
      const a = 40 + rand() * 50;
      parts.push(
        `<path d="M0 ${y} C 300 ${y - a}, 500 ${y + a}, 800 ${y} S 1100 ${y - a}, 1200 ${y}" stroke="${accent}" stroke-width="${4 + i}" fill="none" opacity="${0.2 + i * 0.1}"/>`,
      );
    }
  } else if (motif === 'nodes') {
    const points = Array.from({ length: 16 }, () => [600 + rand() * 560, 60 + rand() * 510]);
    points.forEach(([x, y], i) => {
      const [nx, ny] = points[(i + 3) % points.length];
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}" stroke="#ffffff" stroke-width="2" opacity="0.25"/>`,
      );
    });
    for (const [x, y] of points)
      parts.push(
        `<circle cx="${x}" cy="${y}" r="${8 + rand() * 14}" fill="${accent}" opacity="0.85"/>`,
      );
  } else {
    for (let i = 0; i < 3; i += 1) {
      parts.push(
        `<rect x="${660 + i * 150}" y="${140 + i * 40}" width="130" height="${360 - i * 40}" rx="18" fill="${accent}" opacity="${0.35 + i * 0.2}"/>`,
      );
    }
  }
  return parts.join('');
}

/** @param {(typeof BANNERS)[number]} banner */
function bannerSvg({ file, colors: [dark, mid, accent], motif }) {
  const rand = makeRandom(file);
  const blobs = Array.from(
    { length: 4 },
    (_, i) =>
      `<circle cx="${rand() * 1200}" cy="${rand() * 630}" r="${160 + rand() * 200}" fill="${i % 2 ? accent : mid}" opacity="${0.25 + rand() * 0.25}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/>
    </linearGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="70"/></filter>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g filter="url(#blur)">${blobs}</g>
  ${drawMotif(motif, rand, accent)}
</svg>`;
}

/** @param {(typeof AVATARS)[number]} avatar */
function avatarSvg({ name, colors: [from, to] }) {
  const parts = name.split(' ');
  const initials = `${parts[0][0]}${parts[parts.length - 1][0]}`.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="210" cy="40" r="70" fill="#ffffff" opacity="0.10"/>
  <circle cx="30" cy="230" r="60" fill="#ffffff" opacity="0.08"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-size="104" font-weight="700" fill="#ffffff" letter-spacing="2">${initials}</text>
</svg>`;
}

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const jobs = [
    ...BANNERS.map((banner) => ({
      file: banner.file,
      render: () => sharp(Buffer.from(bannerSvg(banner))).jpeg({ quality: 78, mozjpeg: true }),
    })),
    ...AVATARS.map((avatar) => ({
      file: avatar.file,
      render: () => sharp(Buffer.from(avatarSvg(avatar))).webp({ quality: 82 }),
    })),
    {
      file: 'provisional-tax-calendar.png',
      render: () => sharp(Buffer.from(provisionalTaxCalendarSvg())).png({ palette: true }),
    },
  ];
  for (const job of jobs) {
    const target = path.join(OUT_DIR, job.file);
    await job.render().toFile(target);
    const { size } = await stat(target);
    if (size >= MAX_BYTES)
      throw new Error(`${job.file} is ${size} bytes; seed pictures must stay under 100 KB.`);
    console.log(`${job.file}  ${(size / 1024).toFixed(1)} KB`);
  }
}

await main();
