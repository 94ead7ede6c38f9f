// PocketBase 0.22 syntax. Named authors: an `authors` collection (name, slug, role or
// credentials, a short bio, an avatar), readable by anyone like the posts, and an `authors`
// relation on blogs (a post may have several). Existing posts keep no author and stay valid: the
// site shows them as by "Ledgerwise Team", as before. An author's page on the site exists only
// while a public post names them.
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

migrate(
  (db) => {
    const dao = new Dao(db);
    // An avatar accepts what a post's banner accepts, at most 2 MB.
    const banner = dao
      .findCollectionByNameOrId('blogs')
      .schema.getFieldByName('banner_image').options;
    const authors = new Collection({
      id: 'lwauthors000001',
      name: 'authors',
      type: 'base',
      system: false,
      schema: [
        {
          system: false,
          id: 'lwauthorname',
          name: 'name',
          type: 'text',
          required: true,
          presentable: true,
          unique: false,
          options: { min: null, max: 100, pattern: '' },
        },
        {
          system: false,
          id: 'lwauthorslug',
          name: 'slug',
          type: 'text',
          required: true,
          presentable: false,
          unique: false,
          options: { min: null, max: 100, pattern: SLUG_PATTERN },
        },
        {
          system: false,
          id: 'lwauthorrole',
          name: 'role',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 120, pattern: '' },
        },
        {
          system: false,
          id: 'lwauthorbio',
          name: 'bio',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 600, pattern: '' },
        },
        {
          system: false,
          id: 'lwauthoravatar',
          name: 'avatar',
          type: 'file',
          required: false,
          presentable: false,
          unique: false,
          options: {
            mimeTypes: banner.mimeTypes,
            thumbs: [],
            maxSelect: 1,
            maxSize: 2097152,
            protected: false,
          },
        },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_authors_slug` ON `authors` (`slug`)'],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
      options: {},
    });
    dao.saveCollection(authors);

    const blogs = dao.findCollectionByNameOrId('blogs');
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogauthors',
        name: 'authors',
        type: 'relation',
        required: false,
        presentable: false,
        unique: false,
        options: {
          collectionId: authors.id,
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
    blogs.schema.removeField(blogs.schema.getFieldByName('authors').id);
    dao.saveCollection(blogs);
    dao.deleteCollection(dao.findCollectionByNameOrId('authors'));
  },
);
