/**
 * Share cards: 1200×630 PNGs drawn at build time by satori (text as paths in the shipped Inter
 * font, so every machine draws the same) and rasterised by sharp, in memory. The routes that serve
 * them keep each card in the build's cache folder (src/pages/og/_shareCardCache.ts).
 */
import satori from 'satori';
import sharp from 'sharp';
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff?inline';
import interBoldExt from '@fontsource/inter/files/inter-latin-ext-700-normal.woff?inline';
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff?inline';
import interRegularExt from '@fontsource/inter/files/inter-latin-ext-400-normal.woff?inline';
import logo from '../../../public/logo.svg?inline';
import { SITE } from '@/config/site';

const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** Bump when the card's design changes: every cached card is then drawn again. */
export const SHARE_CARD_DESIGN_VERSION = 1;

const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

const FONTS = [
  { data: interBold, weight: 700 },
  { data: interBoldExt, weight: 700 },
  { data: interRegular, weight: 400 },
  { data: interRegularExt, weight: 400 },
].map(({ data, weight }) => ({
  name: 'Inter',
  data: fromDataUrl(data),
  weight: weight as 400 | 700,
  style: 'normal' as const,
}));

/**
 * The most of a title the card can show: three lines of 1,024 px at 56 px hold about 100
 * letters of ordinary text and under 300 even of the narrowest (i, l, .). A longer title is cut
 * before satori lays it out, which otherwise measures every character (10,000 took seconds).
 */
const SHARE_CARD_TITLE_MAX = 300;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The title as the card shows it: cut at SHARE_CARD_TITLE_MAX characters, with an ellipsis. */
export function shareCardTitle(title: string): string {
  const parts = [...graphemes.segment(title)].map(({ segment }) => segment);
  if (parts.length <= SHARE_CARD_TITLE_MAX) return title;
  return `${parts
    .slice(0, SHARE_CARD_TITLE_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/** Whose card: a post's (the brand says "Blog") or the site's. */
export type ShareCardOwner = 'post' | 'site';

/** A satori element: the shape React elements have, without React. */
interface CardNode {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: (CardNode | string)[] | CardNode | string;
    [key: string]: unknown;
  };
}

const el = (
  type: string,
  style: Record<string, unknown>,
  ...children: (CardNode | string)[]
): CardNode => ({ type, props: { style, children } });

function layout(title: string, owner: ShareCardOwner): CardNode {
  const { width, height } = SHARE_CARD_SIZE;
  return el(
    'div',
    {
      width,
      height,
      display: 'flex',
      flexDirection: 'column',
      background: '#0b1120',
      fontFamily: 'Inter',
    },
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        flexGrow: 1,
        padding: '72px 88px',
      },
      el(
        'div',
        { display: 'flex', alignItems: 'center', fontSize: 36, fontWeight: 700, color: '#ffffff' },
        { type: 'img', props: { src: logo, width: 64, height: 64, style: { marginRight: 24 } } },
        SITE.name,
        ...(owner === 'post'
          ? [el('span', { color: '#93c5fd', fontWeight: 400, marginLeft: 12 }, 'Blog')]
          : []),
      ),
      // Three lines at most; a longer title ends with an ellipsis.
      el(
        'div',
        {
          display: 'block',
          fontSize: title.length > 70 ? 56 : 68,
          fontWeight: 700,
          lineHeight: 1.15,
          color: '#ffffff',
          lineClamp: 3,
        },
        title,
      ),
      el(
        'div',
        { display: 'flex', fontSize: 28, color: '#94a3b8' },
        `${new URL(SITE.url).host}${owner === 'post' ? '/blog' : ''}`,
      ),
    ),
    el('div', { height: 12, background: '#1d4ed8' }),
  );
}

/** Draws the card of a title: PNG bytes. */
export async function drawShareCard(
  title: string,
  owner: ShareCardOwner = 'post',
): Promise<Buffer> {
  const svg = await satori(
    layout(shareCardTitle(title), owner) as unknown as Parameters<typeof satori>[0],
    {
      ...SHARE_CARD_SIZE,
      fonts: FONTS,
    },
  );
  return sharp(Buffer.from(svg)).png().toBuffer();
}
