// The posts. Public list/view, superuser-only writes (null rules). The index on `created` keeps
// the newest-first sort fast for thousands of posts. Later migrations add the editorial fields.
migrate(
  (app) => {
    const collection = new Collection({
      id: 'lwblogs00000001',
      name: 'blogs',
      type: 'base',
      fields: [
        {
          id: 'lwblogtitle',
          name: 'title',
          type: 'text',
          required: true,
          presentable: true,
          max: 300,
        },
        { id: 'lwblogcontent', name: 'content', type: 'editor', convertURLs: false },
        {
          id: 'lwblogbanner',
          name: 'banner_image',
          type: 'file',
          mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
          thumbs: [],
          maxSelect: 1,
          maxSize: 5242880,
          protected: false,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_blogs_created` ON `blogs` (`created`)'],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('blogs'));
  },
);
