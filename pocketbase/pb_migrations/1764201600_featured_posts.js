// PocketBase 0.22 syntax. Editors choose the featured post: `/blog` leads with the newest public
// post whose `featured` is ticked, or with the newest post when none is. Existing posts stay
// unticked, so the site looks as it did until an editor chooses.
migrate(
  (db) => {
    const dao = new Dao(db);
    const blogs = dao.findCollectionByNameOrId('blogs');
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogfeatured',
        name: 'featured',
        type: 'bool',
        required: false,
        presentable: false,
        unique: false,
        options: {},
      }),
    );
    dao.saveCollection(blogs);
  },
  (db) => {
    const dao = new Dao(db);
    const blogs = dao.findCollectionByNameOrId('blogs');
    blogs.schema.removeField(blogs.schema.getFieldByName('featured').id);
    dao.saveCollection(blogs);
  },
);
