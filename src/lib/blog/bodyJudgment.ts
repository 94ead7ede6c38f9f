import { LIMITS } from '@/config/site';
import { parseBody, walkElements } from './htmlTree';
import { pastedPictureProblem } from './pictureBytes';

/**
 * What the site leaves out of a post's body, judged once on parse5's reading of the HTML: the
 * sanitiser reads the same tree, the build warns with these phrases (`warning`), and PocketBase's
 * publish check (bundled into pb_hooks) refuses with them (`refusal`) when content would be lost.
 */

export const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'hr', 'div', 'span',
  'a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'abbr', 'cite', 'q', 'time',
  'code', 'pre', 'kbd', 'samp', 'var', 'blockquote',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'figure', 'figcaption', 'img',
]; // prettier-ignore

/**
 * A picture pasted into the editor, as it stores it: any image type in base64. Whether its bytes
 * are a picture the site keeps is pictureBytes.ts's question.
 */
export const PASTED_PICTURE =
  /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+=-]+)*;base64,[a-z0-9+/=\s]+$/i;

/**
 * Absolute http(s) URLs, root-relative paths (PocketBase's editor may insert `/api/files/…`) and
 * pasted pictures: what the build can fetch. Any other `src` is removed by the sanitiser.
 */
export function isFetchableImageSource(src: string | undefined): boolean {
  const text = src?.trim() ?? '';
  return /^\/(?![\\/])/.test(text) || PASTED_PICTURE.test(text) || WEB_ADDRESS.test(text);
}

/**
 * An http(s) address with a host (no spaces in it), as a URL parser accepts it. A pattern, not
 * `new URL`: PocketBase's JS engine has no URL, and both sides must answer alike.
 */
const WEB_ADDRESS = /^https?:\/\/[^\s/\\?#]+(?:[/?#]|$)/i;

export interface Finding {
  /** What the site leaves out, for the build's warnings. */
  warning: string;
  /** Why publishing is refused, for the admin UI; absent when it is only reported. */
  refusal?: string;
  /**
   * Left out by the sanitiser (reported by describeDropped) or by the picture pipeline; or refused
   * by the publish check alone, which keeps from the site what it may fail to render.
   */
  by: 'sanitiser' | 'pictures' | 'check';
}

const EMBED: Finding = {
  warning: 'an embedded video, page or file: paste its link as a link instead',
  refusal: 'videos cannot be embedded; paste the link as a link',
  by: 'sanitiser',
};
const SCRIPT: Finding = {
  warning: 'a script',
  refusal: 'scripts cannot run on the site; remove the script',
  by: 'sanitiser',
};
/** Elements dropped with everything inside them. */
const DROPPED_ELEMENTS: [RegExp, Finding][] = [
  [/^(iframe|embed|object|video|audio|frameset|frame)$/, EMBED],
  [/^(script|noscript)$/, SCRIPT],
  [/^(style|link)$/, { warning: 'a style sheet', by: 'sanitiser' }],
  [
    /^(form|input|button|select|textarea|option|label)$/,
    {
      warning: 'a form or form field',
      refusal: 'forms cannot be used on the site; remove the form',
      by: 'sanitiser',
    },
  ],
  [
    /^(svg|math)$/,
    {
      warning: 'a drawing or formula (SVG or MathML): insert it as a picture instead',
      refusal: 'drawings and formulas (SVG or MathML) are not shown; insert them as a picture',
      by: 'sanitiser',
    },
  ],
];
const ATTRIBUTE_SCRIPT: Finding = {
  warning: 'a script in an attribute',
  refusal: 'scripts in attributes (onclick and the like) cannot run on the site; remove them',
  by: 'sanitiser',
};
const FORMATTING: Finding = {
  warning: 'a text colour, background or font (the site keeps its own)',
  by: 'sanitiser',
};
/**
 * A body nested deeper than LIMITS.bodyMaxDepth: refused at publish, and a post that has one
 * anyway (saved before the check) is left out of the site whole, as the parsers and serialisers
 * the site renders it with may overflow their stack on it.
 */
export const TOO_DEEP: Finding = {
  warning: `its body nests elements more than ${LIMITS.bodyMaxDepth} deep`,
  refusal: `the body nests elements more than ${LIMITS.bodyMaxDepth} deep; paste it as plain text and format it again`,
  by: 'check',
};
const SHOWN = new Set([...ALLOWED_TAGS, 'h1']);
const FORMATTING_STYLE = /(^|;)\s*(color|background(-color)?|font(-family|-size)?)\s*:/i;

/** A long address or value cut short: the admin UI's toast shows three lines. */
const shorten = (text: string) => (text.length > 24 ? `${text.slice(0, 24)}…` : text || 'empty');

/** A PocketBase file's path (`/api/files/<collection>/<record>/<file>`), after any prefix. */
const POCKETBASE_FILE = /\/api\/files\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)(?:[?#].*)?$/;

/** A file of PocketBase's a body picture names: where the publish check reads its header. */
export interface PocketBaseFile {
  collection: string;
  record: string;
  name: string;
}

export function pocketBaseFileOf(src: string): PocketBaseFile | undefined {
  const match = POCKETBASE_FILE.exec(src.trim());
  if (!match) return undefined;
  const [, collection, record, name] = match.map((part) => decodeURIComponent(part));
  return { collection, record, name };
}

/** The problem with a picture's bytes, as `pictureProblem` words it, or undefined. */
type CheckFile = (file: PocketBaseFile) => string | undefined;

function pictureFinding(src: string, checkFile?: CheckFile): Finding | undefined {
  const text = src.trim();
  if (!isFetchableImageSource(text))
    return {
      warning: 'a picture whose address is not a web address',
      refusal: `picture ${shorten(text)} is not a web address; insert it with the image picker`,
      by: 'sanitiser',
    };
  if (/^data:/i.test(text)) {
    const problem = pastedPictureProblem(text.slice(text.indexOf(',') + 1));
    if (!problem) return undefined;
    return {
      warning: `a picture pasted into the body that ${problem.words}`,
      refusal: `a pasted picture ${problem.words}; insert it with the image picker instead`,
      by: 'pictures',
    };
  }
  const file = checkFile && pocketBaseFileOf(text);
  const words = file ? checkFile(file) : undefined;
  if (!words) return undefined;
  return {
    warning: `the picture ${file!.name}, which ${words}`,
    refusal: `picture ${shorten(file!.name)} ${words}; make it smaller`,
    by: 'pictures',
  };
}

/**
 * Everything the site leaves out of `html`, in document order, one finding per occurrence.
 * `checkFile` (the publish check's) reads the header of a PocketBase file a picture names.
 */
export function judgeBody(html: string, checkFile?: CheckFile): Finding[] {
  const { fragment, restore } = parseBody(html);
  const findings: Finding[] = [];
  let pictures = 0;
  let tooDeep = false;
  walkElements(fragment, (element, depth) => {
    const tag = element.tagName;
    if (depth > LIMITS.bodyMaxDepth) {
      tooDeep = true;
      return false;
    }
    const dropped = DROPPED_ELEMENTS.find(([pattern]) => pattern.test(tag));
    if (dropped) {
      findings.push(dropped[1]);
      return false; // Dropped with everything inside it.
    }
    if (!SHOWN.has(tag))
      findings.push({
        warning: `<${tag}>, which the site does not show (its text is kept)`,
        by: 'sanitiser',
      });
    for (const { name, value } of element.attrs) {
      if (/^on/i.test(name)) findings.push(ATTRIBUTE_SCRIPT);
      else if (name === 'style' && FORMATTING_STYLE.test(value)) findings.push(FORMATTING);
    }
    const attribute = (name: string) => element.attrs.find((a) => a.name === name)?.value;
    if (tag === 'img') {
      pictures++;
      const finding = pictureFinding(restore(attribute('src') ?? ''), checkFile);
      if (finding) findings.push(finding);
    }
    const href = attribute('href')?.trim();
    if (tag === 'a' && href && /^[^/?#]*:/.test(href) && !/^(https?|mailto|tel):/i.test(href))
      findings.push({
        warning: 'the address of a link (not a web, e-mail or phone address; its text is kept)',
        refusal: `link ${shorten(href)} is not a web, e-mail or phone address; correct or remove it`,
        by: 'sanitiser',
      });
  });
  if (tooDeep) findings.push(TOO_DEEP);
  if (pictures > LIMITS.picturesPerPost)
    findings.push({
      warning: `pictures past the first ${LIMITS.picturesPerPost} (${pictures - LIMITS.picturesPerPost})`,
      refusal: `the post has ${pictures} pictures, over the limit of ${LIMITS.picturesPerPost}; remove some`,
      by: 'pictures',
    });
  return findings;
}

/**
 * What the sanitiser leaves out of an editor's HTML that the editor put there on purpose, as
 * short phrases with their counts ("a script (2)"), for the build's warnings. Pictures the
 * picture pipeline leaves out are named by it, with the reason, when it meets them.
 */
export function describeDropped(html: string | Finding[]): string[] {
  const counts = new Map<string, number>();
  for (const { warning, by } of typeof html === 'string' ? judgeBody(html) : html)
    if (by === 'sanitiser') counts.set(warning, (counts.get(warning) ?? 0) + 1);
  return [...counts].map(([what, count]) => (count > 1 ? `${what} (${count})` : what));
}
