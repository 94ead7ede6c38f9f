// PocketBase 0.22 syntax. The editorial workflow: a post is a draft until an editor ticks
// `published`; `published_at` is its public date (filled by the hook on publish, or set ahead to
// schedule it). Anonymous reads (the site's production build, any visitor of the API) see only
// posts that are published and due, and published testimonials.
//
// Every record that exists when this runs was public before it, so it stays public: published,
// dated by its `created`. The down step removes the fields and restores the open read rules.
const PUBLIC_POST_RULE = 'published = true && published_at != "" && published_at <= @now';
const PUBLIC_TESTIMONIAL_RULE = 'published = true';
const PUBLISHED_AT_INDEX = 'CREATE INDEX `idx_blogs_published_at` ON `blogs` (`published_at`)';
// The site hook's minute job rebuilds for scheduled posts dated after this cutoff (see
// pb_hooks/rebuild/schedule.js). It starts now: no post was scheduled before the workflow existed.
const SCHEDULE_CUTOFF_PARAM = 'ledgerwise.scheduledPostsCutoff';

/** Unticked (a new record's default) keeps the record off the site. */
const publishedField = (id) =>
  new SchemaField({
    system: false,
    id,
    name: 'published',
    type: 'bool',
    required: false,
    presentable: false,
    unique: false,
    options: {},
  });

migrate(
  (db) => {
    const dao = new Dao(db);

    const blogs = dao.findCollectionByNameOrId('blogs');
    // Pictures in the body accept what the banner accepts.
    const banner = blogs.schema.getFieldByName('banner_image').options;
    blogs.schema.addField(publishedField('lwblogpublished'));
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogpubat',
        name: 'published_at',
        type: 'date',
        required: false,
        presentable: false,
        unique: false,
        options: { min: '', max: '' },
      }),
    );
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogimages',
        name: 'images',
        type: 'file',
        required: false,
        presentable: false,
        unique: false,
        options: {
          mimeTypes: banner.mimeTypes,
          thumbs: [],
          maxSelect: 20,
          maxSize: banner.maxSize,
          protected: false,
        },
      }),
    );
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogexcerpt',
        name: 'excerpt',
        type: 'text',
        required: false,
        presentable: false,
        unique: false,
        options: { min: null, max: 200, pattern: '' },
      }),
    );
    blogs.schema.addField(
      new SchemaField({
        system: false,
        id: 'lwblogbanalt',
        name: 'banner_alt',
        type: 'text',
        required: false,
        presentable: false,
        unique: false,
        options: { min: null, max: 150, pattern: '' },
      }),
    );
    // The site lists posts by `-published_at`, and the scheduled-posts job filters on it.
    blogs.indexes = [...blogs.indexes, PUBLISHED_AT_INDEX];
    blogs.listRule = PUBLIC_POST_RULE;
    blogs.viewRule = PUBLIC_POST_RULE;
    dao.saveCollection(blogs);

    const testimonials = dao.findCollectionByNameOrId('testimonials');
    testimonials.schema.addField(publishedField('lwtestipublish'));
    testimonials.listRule = PUBLIC_TESTIMONIAL_RULE;
    testimonials.viewRule = PUBLIC_TESTIMONIAL_RULE;
    dao.saveCollection(testimonials);

    db.newQuery('UPDATE blogs SET published = TRUE, published_at = created').execute();
    db.newQuery('UPDATE testimonials SET published = TRUE').execute();
    dao.saveParam(SCHEDULE_CUTOFF_PARAM, { at: new Date().toISOString().replace('T', ' ') });
  },
  (db) => {
    const dao = new Dao(db);

    const blogs = dao.findCollectionByNameOrId('blogs');
    for (const name of ['published', 'published_at', 'images', 'excerpt', 'banner_alt']) {
      blogs.schema.removeField(blogs.schema.getFieldByName(name).id);
    }
    blogs.indexes = blogs.indexes.filter((sql) => sql !== PUBLISHED_AT_INDEX);
    blogs.listRule = '';
    blogs.viewRule = '';
    dao.saveCollection(blogs);

    const testimonials = dao.findCollectionByNameOrId('testimonials');
    testimonials.schema.removeField(testimonials.schema.getFieldByName('published').id);
    testimonials.listRule = '';
    testimonials.viewRule = '';
    dao.saveCollection(testimonials);

    db.newQuery('DELETE FROM _params WHERE key = {:key}')
      .bind({ key: SCHEDULE_CUTOFF_PARAM })
      .execute();
  },
);
