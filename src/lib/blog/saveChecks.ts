import { LIMITS } from '@/config/site';
import { judgeBody, pocketBaseFileOf, type PocketBaseFile } from './bodyJudgment';
import { HEADER_BYTES, pictureProblem } from './pictureBytes';

/**
 * The save checks: PocketBase's checks before a record is saved, in the admin UI's words. The entry
 * point of the bundle its hooks run (pocketbase/pb_hooks/content/saveChecks.js, `npm run
 * build:hooks`), so the checks at save and the site judge a body with the same code.
 */

/**
 * What the hooks need besides: a picture file's header size, where a body picture lives, and the
 * pasted pictures moved out of a body.
 */
export { HEADER_BYTES, pocketBaseFileOf };
export { replacePastedPictures } from './pastedPictures';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The UTF-8 bytes of `text`, as PocketBase stores it, without encoding it (goja has no TextEncoder). */
export function utf8Bytes(text: string): number {
  try {
    // Native in goja, where a loop or a regex over 16 MB takes seconds: each byte past ASCII,
    // and each escaped ASCII character, is one `%XX`.
    const encoded = encodeURIComponent(text);
    return encoded.length - 2 * (encoded.split('%').length - 1);
  } catch {
    // A lone surrogate (never in what PocketBase stores) is written as U+FFFD, 3 bytes.
    return utf8Bytes(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** Why any save (a draft's too) is refused: a body over LIMITS.bodyMaxBytes, or undefined. */
export function saveRefusal(content: string): string | undefined {
  // At most 3 bytes a UTF-16 unit: a short body needs no count.
  if (content.length * 3 <= LIMITS.bodyMaxBytes) return undefined;
  const bytes = utf8Bytes(content);
  if (bytes <= LIMITS.bodyMaxBytes) return undefined;
  return `The body is ${megabytes(bytes)}, over the ${megabytes(LIMITS.bodyMaxBytes)} limit: split the post, or paste long text as plain text (text pasted from Word or Excel brings its formatting).`;
}

/** A picture file's size and bytes, as the hook reads them: `head` first, `whole` if needed. */
export interface PictureFile {
  size: number;
  head: () => Uint8Array;
  whole: () => Uint8Array;
}

interface PublishInput {
  content: string;
  /** The banner as saved (uploaded with this save, or stored before). */
  banner?: PictureFile;
  /** A PocketBase file a body picture names, or undefined when it is not there to read. */
  readFile?: (file: PocketBaseFile) => PictureFile | undefined;
}

const problemOf = (file: PictureFile) => pictureProblem(file.size, file.head(), file.whole);

/**
 * Why an uploaded picture (any file field of any collection, a draft's too) is refused: over the
 * build's pixel cap, which it reads from the header, so that no request ever makes PocketBase or
 * the build decode it. Other problems are PocketBase's own checks (type, bytes) or the publish
 * check's.
 */
export function uploadRefusal(file: PictureFile): string | undefined {
  const problem = problemOf(file);
  return problem?.kind === 'pixels' ? `${problem.words}: upload a smaller picture` : undefined;
}

/** The short phrases, each once, in the order met; the toast shows three lines. */
function joinRefusals(refusals: string[]): string {
  const unique = [...new Set(refusals)];
  const shown = unique.slice(0, 3).join('. ');
  return unique.length > 3 ? `${shown}; and ${unique.length - 3} more` : shown;
}

/**
 * Why a save with `published` switched on is refused, as one message for the admin UI, or
 * undefined: anything the site would leave out that the editor meant to show.
 */
export function publishRefusal({ content, banner, readFile }: PublishInput): string | undefined {
  const refusals: string[] = [];
  const bannerProblem = banner && problemOf(banner);
  if (bannerProblem) refusals.push(`the banner image ${bannerProblem.words}; upload a smaller one`);
  const checkFile = (file: PocketBaseFile) => {
    const read = readFile?.(file);
    return read && problemOf(read)?.words;
  };
  for (const finding of judgeBody(content, readFile && checkFile))
    if (finding.refusal) refusals.push(finding.refusal);
  if (refusals.length === 0) return undefined;
  return `Cannot publish: ${joinRefusals(refusals)}. Or switch off published.`;
}
