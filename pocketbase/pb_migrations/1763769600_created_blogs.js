// PocketBase 0.22 syntax: migrate((db) => …) with `schema`. Rules: public list/view,
// null create/update/delete (admins only). The index on `created` keeps the
// `-created` sort the site relies on fast for thousands of posts.
migrate(
  (db) => {
    const collection = new Collection({
      id: 'lwblogs00000001',
      name: 'blogs',
      type: 'base',
      system: false,
      schema: [
        {
          system: false,
          id: 'lwblogtitle',
          name: 'title',
          type: 'text',
          required: true,
          presentable: true,
          unique: false,
          options: { min: null, max: 300, pattern: '' },
        },
        {
          system: false,
          id: 'lwblogcontent',
          name: 'content',
          type: 'editor',
          required: false,
          presentable: false,
          unique: false,
          options: { convertUrls: false },
        },
        {
          system: false,
          id: 'lwblogbanner',
          name: 'banner_image',
          type: 'file',
          required: false,
          presentable: false,
          unique: false,
          options: {
            mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
            thumbs: [],
            maxSelect: 1,
            maxSize: 5242880,
            protected: false,
          },
        },
      ],
      indexes: ['CREATE INDEX `idx_blogs_created` ON `blogs` (`created`)'],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
      options: {},
    });

    return Dao(db).saveCollection(collection);
  },
  (db) => {
    const dao = new Dao(db);
    const collection = dao.findCollectionByNameOrId('blogs');
    return dao.deleteCollection(collection);
  },
);
