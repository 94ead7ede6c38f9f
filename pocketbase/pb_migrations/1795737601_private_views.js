// The back-relation guard of 1764460800_private_drafts.js on the view rules too. A realtime
// subscription, to a collection or to one record, is checked against the view rule with its
// `options.query` as `@request.query`, and its filter joined back-relations without the `blogs`
// rules: `tags/<id>?options={"query":{"filter":"blogs_via_tags.title ?~ \"merger\""}}` got an
// event on a save only while a draft's title held "merger". PocketBase applies the joined
// collection's list rule since 0.32, except in "every record" conditions (`=`, `~` through a
// back-relation), so the guard stays until the realtime privacy test passes without it
// (tests/integration/pocketbasePrivacy.test.ts).
const NO_BACK_RELATION =
  '(@request.query.filter = "" || @request.query.filter !~ "_via_") && ' +
  '(@request.query.sort = "" || @request.query.sort !~ "_via_")';
const COLLECTIONS = ['blogs', 'testimonials', 'tags', 'authors'];

migrate(
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      if (!collection.viewRule.startsWith(NO_BACK_RELATION)) {
        collection.viewRule = `${NO_BACK_RELATION} && ${collection.viewRule}`;
      }
      app.save(collection);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.viewRule = collection.viewRule.replace(`${NO_BACK_RELATION} && `, '');
      app.save(collection);
    }
  },
);
