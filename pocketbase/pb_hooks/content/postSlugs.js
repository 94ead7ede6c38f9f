/*
 * Before a post is saved: its slug, chosen by the site's own code (slugs.js, bundled from
 * src/lib/blog/slugs.ts by `npm run build:hooks`). An empty slug is made from the title, free
 * of every other post's address (slug, earlier slug or id) and of the blog's own; a typed one is
 * normalised ("VAT Guide" → vat-guide) and refused when it is taken. When the slug of a post that
 * has been live changes, the old one joins `earlier_slugs`, which only this hook writes.
 */

var REFUSED_EARLIER =
  'Earlier slugs are kept by the site, so that old addresses keep leading to the post: change the Slug instead.';

/** A JSON field's value as a list of strings (an empty field is none). */
function listOf(record, field) {
  var text = toString(record.get(field));
  var value = text ? JSON.parse(text) : null;
  return Array.isArray(value) ? value : [];
}

/** Whether two lists hold the same strings in the same order. */
function sameList(a, b) {
  return (
    a.length === b.length &&
    a.every(function (item, index) {
      return item === b[index];
    })
  );
}

/**
 * Whether visitors may have the post's address: its publish date has come, published or
 * unpublished since. A draft or a scheduled post has had no public address.
 */
function hasBeenLive(record) {
  var at = record.getString('published_at');
  return at !== '' && at <= require(__hooks + '/rebuild/public.js').pocketBaseNow();
}

/** The post other than `record` whose address or earlier address `slug` is, for chooseSlug. */
function ownerFinder(record) {
  return function (slug) {
    var found = $app.findRecordsByFilter(
      'blogs',
      'id != {:id} && (slug = {:slug} || id = {:slug} || earlier_slugs ~ {:quoted})',
      '',
      1,
      0,
      { id: record.id, slug: slug, quoted: '"' + slug + '"' },
    );
    if (found.length === 0) return undefined;
    var other = found[0];
    return {
      title: other.getString('title'),
      earlier: other.getString('slug') !== slug && other.id !== slug,
    };
  };
}

/** Throws the admin UI's error on `field` when the save is refused. */
function refuse(field, code, message) {
  var errors = {};
  errors[field] = new ValidationError(code, message);
  throw new BadRequestError(message, errors);
}

/**
 * Sets the slug and earlier slugs a save stores; `original` is null for a new post. `kept`: the
 * earlier slugs a post deleted and put back had (versions/putBack.js), which it keeps.
 */
function settleSlug(record, original, kept) {
  var slugs = require(__hooks + '/content/slugs.js');
  var earlier = kept || (original ? listOf(original, 'earlier_slugs') : []);
  if (!sameList(listOf(record, 'earlier_slugs'), earlier)) {
    refuse('earlier_slugs', 'earlier_slugs_read_only', REFUSED_EARLIER);
  }
  var choice = slugs.chooseSlug(
    record.getString('slug'),
    record.getString('title'),
    ownerFinder(record),
  );
  if (choice.refusal) refuse('slug', 'slug_refused', choice.refusal);
  record.set('slug', choice.slug);
  if (original) {
    var previous = original.getString('slug');
    record.set(
      'earlier_slugs',
      slugs.keepEarlierSlugs(earlier, previous, choice.slug, hasBeenLive(original)),
    );
  }
}

module.exports = { settleSlug: settleSlug, listOf: listOf };
