// The editorial workflow: a post is a draft until an editor ticks `published`; `published_at` is
// its public date (filled by the hook on publish, or set ahead to schedule it). Anonymous reads
// (the site's production build, any visitor of the API) see only posts that are published and
// due, and published testimonials.
//
// Every record that exists when this runs was public before it, so it stays public: published,
// dated by its `created`. The down step removes the fields and restores the open read rules.
const PUBLIC_POST_RULE = 'published = true && published_at != "" && published_at <= @now';
const PUBLIC_TESTIMONIAL_RULE = 'published = true';
const PUBLISHED_AT_INDEX = 'CREATE INDEX `idx_blogs_published_at` ON `blogs` (`published_at`)';
const NEW_POST_FIELDS = ['published', 'published_at', 'images', 'excerpt', 'banner_alt'];

migrate(
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    // Pictures in the body accept what the banner accepts.
    const banner = blogs.fields.getByName('banner_image');
    // Unticked (a new record's default) keeps the record off the site.
    blogs.fields.add(new Field({ id: 'lwblogpublished', name: 'published', type: 'bool' }));
    blogs.fields.add(
      new Field({ id: 'lwblogpubat', name: 'published_at', type: 'date', min: '', max: '' }),
    );
    blogs.fields.add(
      new Field({
        id: 'lwblogimages',
        name: 'images',
        type: 'file',
        mimeTypes: banner.mimeTypes,
        thumbs: [],
        maxSelect: 20,
        maxSize: banner.maxSize,
        protected: false,
      }),
    );
    blogs.fields.add(new Field({ id: 'lwblogexcerpt', name: 'excerpt', type: 'text', max: 200 }));
    blogs.fields.add(new Field({ id: 'lwblogbanalt', name: 'banner_alt', type: 'text', max: 150 }));
    // The site lists posts by `-published_at`, and the scheduled-posts job filters on it.
    blogs.indexes = [...blogs.indexes, PUBLISHED_AT_INDEX];
    blogs.listRule = PUBLIC_POST_RULE;
    blogs.viewRule = PUBLIC_POST_RULE;
    app.save(blogs);

    const testimonials = app.findCollectionByNameOrId('testimonials');
    testimonials.fields.add(new Field({ id: 'lwtestipublish', name: 'published', type: 'bool' }));
    testimonials.listRule = PUBLIC_TESTIMONIAL_RULE;
    testimonials.viewRule = PUBLIC_TESTIMONIAL_RULE;
    app.save(testimonials);

    app.db().newQuery('UPDATE blogs SET published = TRUE, published_at = created').execute();
    app.db().newQuery('UPDATE testimonials SET published = TRUE').execute();
  },
  (app) => {
    const blogs = app.findCollectionByNameOrId('blogs');
    for (const name of NEW_POST_FIELDS) blogs.fields.removeByName(name);
    blogs.indexes = blogs.indexes.filter((sql) => sql !== PUBLISHED_AT_INDEX);
    blogs.listRule = '';
    blogs.viewRule = '';
    app.save(blogs);

    const testimonials = app.findCollectionByNameOrId('testimonials');
    testimonials.fields.removeByName('published');
    testimonials.listRule = '';
    testimonials.viewRule = '';
    app.save(testimonials);
  },
);
