// Editors choose the featured post: `/blog` leads with the newest public post whose `featured` is
// ticked, or with the newest post when none is. Existing posts stay unticked, so the site looks as
// it did until an editor chooses.
migrate(
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.add(new Field({ id: 'lwblogfeatured', name: 'featured', type: 'bool' }));
    app.save(blogs);
  },
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.removeByName('featured');
    app.save(blogs);
  },
);
