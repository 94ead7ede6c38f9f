/*
 * Before a post is saved with `published` ticked (to go live now or at its date), its body is
 * checked the way the site will treat it. What the editor clearly meant to show and the site
 * would leave out refuses the save, with a message that says what and what to do instead, shown
 * by the admin UI. A draft's save is never refused, and colours and fonts (left out by design,
 * reported by the build) never refuse one.
 *
 * The site's sanitiser (src/lib/blog/sanitizeHtml.ts) is the rule; this is its short form for the
 * content editors produce, in the only language PocketBase runs.
 */

var EMBED = /<(iframe|embed|object|video|audio)\b/i;
var SCRIPT = /<script\b/i;
var IMAGE_SOURCE = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
/** What the site fetches and serves itself: a web address, a path on PocketBase or the site. */
var WEB_ADDRESS = /^(https?:\/\/|\/(?![\/\\]))/i;
var PASTED_PICTURE = /^data:image\/(png|jpeg|webp|gif|avif);base64,/i;

/** @param {string} html @returns {string[]} what would be left out, and what to do instead */
function problemsOf(html) {
  var problems = [];
  if (EMBED.test(html)) {
    problems.push('videos cannot be embedded; paste the link as a link');
  }
  if (SCRIPT.test(html)) problems.push('scripts cannot run on the site; remove the script');
  IMAGE_SOURCE.lastIndex = 0;
  var match;
  while ((match = IMAGE_SOURCE.exec(html))) {
    var source = (match[1] || match[2] || match[3] || '').trim();
    if (WEB_ADDRESS.test(source) || PASTED_PICTURE.test(source)) continue;
    // Short enough for the admin UI's toast, which shows three lines.
    var shown = source.length > 24 ? source.slice(0, 24) + '…' : source || 'empty';
    problems.push('picture ' + shown + ' is not a web address; insert it with the image picker');
    break;
  }
  return problems;
}

/**
 * Throws the admin UI's error message when a save would publish content the site leaves out: one
 * short message (the admin UI shows it in a small toast) naming each problem and its fix.
 */
function checkBeforePublish(record) {
  if (!record.getBool('published')) return;
  var problems = problemsOf(record.getString('content'));
  if (problems.length === 0) return;
  throw new BadRequestError('Cannot publish: ' + problems.join('. ') + '. Or untick published.');
}

module.exports = { problemsOf: problemsOf, checkBeforePublish: checkBeforePublish };
