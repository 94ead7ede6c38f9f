// Testimonials. Public list/view, superuser-only writes (null rules).
const textField = (id, name, max, extra = {}) => ({ id, name, type: 'text', max, ...extra });

migrate(
  (app) => {
    const collection = new Collection({
      id: 'lwtestimonial01',
      name: 'testimonials',
      type: 'base',
      fields: [
        textField('lwtestiquote', 'quote', 2000, { presentable: true }),
        textField('lwtestiauthor', 'author', 200),
        textField('lwtestiposition', 'position', 200),
        textField('lwtesticompany', 'company', 200),
        {
          id: 'lwtestiavatar',
          name: 'avatar',
          type: 'file',
          mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
          thumbs: [],
          maxSelect: 1,
          maxSize: 2097152,
          protected: false,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_testimonials_created` ON `testimonials` (`created`)'],
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('testimonials'));
  },
);
