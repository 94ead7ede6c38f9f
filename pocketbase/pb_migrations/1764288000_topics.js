// PocketBase 0.22 syntax. Topics: a `tags` collection editors manage like any record (name, slug,
// description), readable by anyone like the posts, and a `tags` relation on blogs (any number of
// topics a post). Existing posts keep no topic and stay valid. A topic's page on the site exists
// only while a public post has it (see src/lib/blog/topics.ts).
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

migrate(
  (db) => {
    const dao = new Dao(db);
    const tags = new Collection({
      id: 'lwtags000000001',
      name: 'tags',
      type: 'base',
      system: false,
      schema: [
        {
          system: false,
          id: 'lwtagname',
          name: 'name',
          type: 'text',
          required: true,
          presentable: true,
          unique: false,
          options: { min: null, max: 60, pattern: '' },
        },
        {
          system: false,
          id: 'lwtagslug',
          name: 'slug',
          type: 'text',
          required: true,
          presentable: false,
          unique: false,
          options: { min: null, max: 60, pattern: SLUG_PATTERN },
        },
        {
          system: false,
          id: 'lwtagdescription',
          name: 'description',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 300, pattern: '' },
        },
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
      options: {},
    });
    dao.saveCollection(tags);

    const blogs = dao.findCollectionByNameOrId('blogs');
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogtags',
        name: 'tags',
        type: 'relation',
        required: false,
        presentable: false,
        unique: false,
        options: {
          collectionId: tags.id,
          cascadeDelete: false,
          minSelect: null,
          maxSelect: null,
          displayFields: ['name'],
        },
      }),
    );
    dao.saveCollection(blogs);
  },
  (db) => {
    const dao = new Dao(db);
    const blogs = dao.findCollectionByNameOrId('blogs');
    blogs.schema.removeField(blogs.schema.getFieldByName('tags').id);
    dao.saveCollection(blogs);
    dao.deleteCollection(dao.findCollectionByNameOrId('tags'));
  },
);
