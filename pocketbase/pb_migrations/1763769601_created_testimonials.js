// PocketBase 0.22 syntax. Public list/view, admin-only writes (null rules).
migrate(
  (db) => {
    const collection = new Collection({
      id: 'lwtestimonial01',
      name: 'testimonials',
      type: 'base',
      system: false,
      schema: [
        {
          system: false,
          id: 'lwtestiquote',
          name: 'quote',
          type: 'text',
          required: false,
          presentable: true,
          unique: false,
          options: { min: null, max: 2000, pattern: '' },
        },
        {
          system: false,
          id: 'lwtestiauthor',
          name: 'author',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 200, pattern: '' },
        },
        {
          system: false,
          id: 'lwtestiposition',
          name: 'position',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 200, pattern: '' },
        },
        {
          system: false,
          id: 'lwtesticompany',
          name: 'company',
          type: 'text',
          required: false,
          presentable: false,
          unique: false,
          options: { min: null, max: 200, pattern: '' },
        },
        {
          system: false,
          id: 'lwtestiavatar',
          name: 'avatar',
          type: 'file',
          required: false,
          presentable: false,
          unique: false,
          options: {
            mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
            thumbs: [],
            maxSelect: 1,
            maxSize: 2097152,
            protected: false,
          },
        },
      ],
      indexes: ['CREATE INDEX `idx_testimonials_created` ON `testimonials` (`created`)'],
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
    const collection = dao.findCollectionByNameOrId('testimonials');
    return dao.deleteCollection(collection);
  },
);
