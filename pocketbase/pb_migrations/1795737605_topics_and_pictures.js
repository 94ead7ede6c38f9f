// One name for each, from PocketBase to the site: the collection `tags` is `topics`, and a post's
// fields `tags` and `images` are `topics` and `pictures`, the words the admin UI's help texts
// already used. Ids stay, so every record, relation and file is kept: PocketBase renames the
// table and the columns in place. The topics' indexes are named after the collection again, and
// the read rules that name the back-relation `blogs_via_tags` name `blogs_via_topics`. The slug's
// help text gives a topic page's new address, /blog/topic/<slug> (netlify.toml sends the old
// /blog/tag/ addresses there).
const TOPICS_ID = 'lwtags000000001';
/** A name before and after: [down, up]. */
const COLLECTION = ['tags', 'topics'];
const POST_FIELDS = [
  ['tags', 'topics'],
  ['images', 'pictures'],
];
const SLUG_HELP = (address) =>
  `Slug: the topic page's address, ${address}: lowercase letters, digits and dashes.`;
const SLUG_HELPS = [SLUG_HELP('/blog/tag/<slug>'), SLUG_HELP('/blog/topic/<slug>')];
const RULES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'];

/** A rule with the back-relation from a topic renamed. */
const renameBackRelation = (rule, from, to) =>
  rule && rule.split(`blogs_via_${POST_FIELDS[0][from]}`).join(`blogs_via_${POST_FIELDS[0][to]}`);

/** Renames from the `from`th names to the `to`th (0: before this migration, 1: after). */
const rename = (app, from, to) => {
  // The posts' fields first: the rules saved after them name a back-relation that exists.
  const blogs = app.findCollectionByNameOrId('blogs');
  for (const names of POST_FIELDS) blogs.fields.getByName(names[from]).name = names[to];
  app.save(blogs);

  for (const id of ['blogs', 'testimonials', TOPICS_ID, 'authors']) {
    const collection = app.findCollectionByNameOrId(id);
    // Every rule that follows the relation back from a topic (the topics' list and view rules).
    for (const rule of RULES) collection[rule] = renameBackRelation(collection[rule], from, to);
    if (id === TOPICS_ID) {
      const name = COLLECTION[to];
      collection.name = name;
      collection.indexes = [
        `CREATE UNIQUE INDEX \`idx_${name}_slug\` ON \`${name}\` (\`slug\`)`,
        `CREATE UNIQUE INDEX \`idx_${name}_name\` ON \`${name}\` (\`name\`)`,
      ];
      collection.fields.getByName('slug').help = SLUG_HELPS[to];
    }
    app.save(collection);
  }
};

migrate(
  (app) => rename(app, 0, 1),
  (app) => rename(app, 1, 0),
);
