// The back-relation guard of 1764460800_private_drafts.js on the view rules too. A realtime
// subscription to one record is checked against the view rule with its `options.query` as
// `@request.query`, and its filter joined back-relations without the `blogs` rules:
// `tags/<id>?options={"query":{"filter":"blogs_via_tags.title ?~ \"merger\""}}` got an event on
// a save only while a draft's title held "merger" (PocketBase 0.22). PocketBase 0.40 applies the
// joined posts' list rule, whose guard then refuses such a filter; without that guard, "every
// record" conditions (`!~`, `!=` through a back-relation) leak on 0.40 too. This guard keeps a
// subscription to one record private on its own, whatever the joined rules say
// (tests/integration/pocketbasePrivacy.test.ts probes every path, realtime included), and
// realtime takes no anonymous subscription at all besides (pb_hooks/realtime.pb.js).
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
