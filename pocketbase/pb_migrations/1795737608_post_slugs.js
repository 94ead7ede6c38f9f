// Readable post addresses: a post lives at /blog/<slug>. Its `slug` follows the topics' and
// authors' (lowercase letters, digits and dashes, unique); when an editor leaves it empty at the
// first save, pb_hooks/post-slugs.pb.js makes it from the title, and that hook also keeps
// `earlier_slugs`, the slugs a live post had, whose addresses the site sends on to the post (as
// it does the post's id, its address before this). PocketBase's own random slug is the fallback
// of a save that no request hook sees. Existing posts get slugs made from their titles, the oldest
// first (a later twin takes -2, -3…), written straight to the column so that their `updated`, the
// date the site shows as modified, stays.
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
const SLUG_HELP =
  "Slug: the post's address, /blog/<slug>: lowercase letters, digits and dashes. Left empty, " +
  'it is made from the title. Once the post has been live, a changed slug keeps the old ' +
  'address leading here.';
const EARLIER_HELP =
  'Earlier slugs: the slugs this post had while live, kept by the site so that their ' +
  'addresses lead here. Read-only: change the Slug instead.';

migrate(
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    let afterTitle = 0;
    for (let i = 0; i < blogs.fields.length; i += 1) {
      if (blogs.fields[i].name === 'title') afterTitle = i + 1;
    }
    blogs.fields.addAt(
      afterTitle,
      new Field({
        id: 'lwblogslug',
        name: 'slug',
        type: 'text',
        required: true,
        max: 100,
        pattern: SLUG_PATTERN,
        autogeneratePattern: 'post-[a-z0-9]{8}',
        help: SLUG_HELP,
      }),
    );
    // Beside the publishing fields, at the end of the form: editors rarely need it.
    let afterPublishing = 0;
    for (let i = 0; i < blogs.fields.length; i += 1) {
      if (blogs.fields[i].name === 'published_at') afterPublishing = i + 1;
    }
    blogs.fields.addAt(
      afterPublishing,
      new Field({
        id: 'lwblogearlierslugs',
        name: 'earlier_slugs',
        type: 'json',
        help: EARLIER_HELP,
      }),
    );
    app.save(blogs);

    const { chooseSlug } = require(`${__hooks}/content/slugs.js`);
    const posts = arrayOf(new DynamicModel({ id: '', title: '' }));
    app.db().select('id', 'title').from('blogs').orderBy('created ASC', 'id ASC').all(posts);
    const taken = {};
    for (const post of posts) {
      const { slug } = chooseSlug('', post.title, (slug) =>
        taken[slug] ? { title: taken[slug], earlier: false } : undefined,
      );
      taken[slug] = post.title;
      app
        .db()
        .newQuery('UPDATE blogs SET slug = {:slug} WHERE id = {:id}')
        .bind({ slug, id: post.id })
        .execute();
    }

    const saved = app.findCollectionByNameOrId('blogs');
    saved.addIndex('idx_blogs_slug', true, '`slug`', '');
    app.save(saved);
  },
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.removeIndex('idx_blogs_slug');
    blogs.fields.removeByName('slug');
    blogs.fields.removeByName('earlier_slugs');
    app.save(blogs);
  },
);
