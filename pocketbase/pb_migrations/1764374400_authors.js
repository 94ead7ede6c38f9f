// Named authors: an `authors` collection (name, slug, role or credentials, a short bio, an
// avatar), readable by anyone like the posts, and an `authors` relation on blogs (a post may have
// several). Existing posts keep no author and stay valid: the site shows them as by "Ledgerwise
// Team", as before. An author's page on the site exists only while a public post names them.
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
/** A relation's "any number": what PocketBase writes for a relation without a maximum. */
const ANY_NUMBER = 2147483647;

migrate(
  (app) => {
    // An avatar accepts what a post's banner accepts, at most 2 MB.
    const banner = app.findCollectionByNameOrId('blogs').fields.getByName('banner_image');
    const authors = new Collection({
      id: 'lwauthors000001',
      name: 'authors',
      type: 'base',
      fields: [
        {
          id: 'lwauthorname',
          name: 'name',
          type: 'text',
          required: true,
          presentable: true,
          max: 100,
        },
        {
          id: 'lwauthorslug',
          name: 'slug',
          type: 'text',
          required: true,
          max: 100,
          pattern: SLUG_PATTERN,
        },
        { id: 'lwauthorrole', name: 'role', type: 'text', max: 120 },
        { id: 'lwauthorbio', name: 'bio', type: 'text', max: 600 },
        {
          id: 'lwauthoravatar',
          name: 'avatar',
          type: 'file',
          mimeTypes: banner.mimeTypes,
          thumbs: [],
          maxSelect: 1,
          maxSize: 2097152,
          protected: false,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_authors_slug` ON `authors` (`slug`)'],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    app.save(authors);

    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.add(
      new Field({
        id: 'lwblogauthors',
        name: 'authors',
        type: 'relation',
        collectionId: authors.id,
        cascadeDelete: false,
        minSelect: 0,
        maxSelect: ANY_NUMBER,
      }),
    );
    app.save(blogs);
  },
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.removeByName('authors');
    app.save(blogs);
    app.delete(app.findCollectionByNameOrId('authors'));
  },
);
