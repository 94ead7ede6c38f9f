// Topics: a `tags` collection editors manage like any record (name, slug, description), readable
// by anyone like the posts, and a `tags` relation on blogs (any number of topics a post). Existing
// posts keep no topic and stay valid. A topic's page on the site exists only while a public post
// has it (see src/lib/blog/topics.ts).
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
/** A relation's "any number": what PocketBase writes for a relation without a maximum. */
const ANY_NUMBER = 2147483647;

migrate(
  (app) => {
    const tags = new Collection({
      id: 'lwtags000000001',
      name: 'tags',
      type: 'base',
      fields: [
        { id: 'lwtagname', name: 'name', type: 'text', required: true, presentable: true, max: 60 },
        {
          id: 'lwtagslug',
          name: 'slug',
          type: 'text',
          required: true,
          max: 60,
          pattern: SLUG_PATTERN,
        },
        { id: 'lwtagdescription', name: 'description', type: 'text', max: 300 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_tags_slug` ON `tags` (`slug`)',
        'CREATE UNIQUE INDEX `idx_tags_name` ON `tags` (`name`)',
      ],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    app.save(tags);

    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.add(
      new Field({
        id: 'lwblogtags',
        name: 'tags',
        type: 'relation',
        collectionId: tags.id,
        cascadeDelete: false,
        minSelect: 0,
        maxSelect: ANY_NUMBER,
      }),
    );
    app.save(blogs);
  },
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.removeByName('tags');
    app.save(blogs);
    app.delete(app.findCollectionByNameOrId('tags'));
  },
);
