// The fields as editors meet them in the admin UI: in the order they write a post, each with help
// text saying what it does on the site. Besides:
// - the body's size limit is explicit (PocketBase 0.23 and later default an editor field to
//   5 MB): 1 MB, the site's LIMITS.bodyMaxBytes, since pasted pictures now leave the body at
//   save (pb_hooks/content/pictures.js) and what stays is text;
// - a post holds as many pictures as the site shows in one body (LIMITS.picturesPerPost), each as
//   large as the site takes (LIMITS.imageMaxBytes): pasted pictures the site accepts land there.
const BODY_MAX_BYTES = 1048576;
const PICTURES_PER_POST = 40;
const PICTURE_MAX_BYTES = 10485760;

/** Per collection: each field in its order, with its help text ('' for none). */
const FIELDS = {
  blogs: [
    ['id', ''],
    ['title', "Title: the post's heading, its page title, and its link on cards and in feeds."],
    [
      'content',
      'Body: the post. Headings (Heading 2) make its contents list; pictures pasted here ' +
        'become files in Pictures when you save.',
    ],
    ['excerpt', 'Excerpt: shown on cards and in feeds; when empty, the opening of the post.'],
    [
      'banner_image',
      'Banner: the picture at the top of the post, on its card and on its share card.',
    ],
    [
      'banner_alt',
      'Banner description: what the banner shows, for screen readers and search engines; ' +
        'leave it empty when the picture only decorates.',
    ],
    [
      'images',
      'Pictures: the files the body shows. Insert one with Insert media, then Media from ' +
        'collection; pictures pasted into the body land here.',
    ],
    ['tags', 'Topics: the topic pages that list the post; related posts share them.'],
    ['authors', 'Authors: the byline and the author pages; when empty, "Ledgerwise Team".'],
    ['featured', 'Featured: leads the blog page; when several are, the newest.'],
    [
      'published',
      'Published: tick to put the post on the site at its publish date; unticked, it is a ' +
        'draft that only editors see.',
    ],
    [
      'published_at',
      'Publish date: the date the site shows. Empty when you tick Published: now. Later: the ' +
        'post goes live then.',
    ],
    ['created', ''],
    ['updated', ''],
  ],
  testimonials: [
    ['id', ''],
    ['quote', 'Quote: the words shown in the testimonials on the home page.'],
    ['author', 'Name: who said it.'],
    ['position', 'Position: their role, under the name.'],
    ['company', 'Company: their firm, beside the role.'],
    ['avatar', 'Photo: shown beside the quote; without one, a default picture.'],
    ['published', 'Published: tick to show it on the site; unticked, visitors do not see it.'],
    ['created', ''],
    ['updated', ''],
  ],
  tags: [
    ['id', ''],
    ['name', 'Name: the topic as visitors read it, on posts and on the topics page.'],
    [
      'slug',
      "Slug: the topic page's address, /blog/tag/<slug>: lowercase letters, digits and dashes.",
    ],
    ['description', "Description: the introduction of the topic's page."],
    ['created', ''],
    ['updated', ''],
  ],
  authors: [
    ['id', ''],
    ['name', 'Name: the byline on posts and the heading of their page.'],
    [
      'slug',
      "Slug: the author page's address, /blog/author/<slug>: lowercase letters, digits and " +
        'dashes.',
    ],
    ['role', 'Role: credentials or title under the name, e.g. CA(SA), Tax Partner.'],
    ['bio', 'Bio: a short introduction on their page.'],
    ['avatar', 'Photo: shown in bylines and on their page; without one, their initials.'],
    ['created', ''],
    ['updated', ''],
  ],
};

migrate(
  (app) => {
    for (const [name, fields] of Object.entries(FIELDS)) {
      const collection = app.findCollectionByNameOrId(name);
      for (const [fieldName, help] of fields) {
        const field = collection.fields.getByName(fieldName);
        // Removed and added again, in this order, after the fields listed before it.
        collection.fields.removeByName(fieldName);
        if (help) field.help = help;
        collection.fields.add(field);
      }
      if (name === 'blogs') {
        collection.fields.getByName('content').maxSize = BODY_MAX_BYTES;
        collection.fields.getByName('images').maxSelect = PICTURES_PER_POST;
        collection.fields.getByName('images').maxSize = PICTURE_MAX_BYTES;
      }
      app.save(collection);
    }
  },
  (app) => {
    for (const [name, fields] of Object.entries(FIELDS)) {
      const collection = app.findCollectionByNameOrId(name);
      for (const [fieldName, help] of fields) {
        if (help) collection.fields.getByName(fieldName).help = '';
      }
      if (name === 'blogs') {
        collection.fields.getByName('content').maxSize = 0;
        collection.fields.getByName('images').maxSelect = 20;
        collection.fields.getByName('images').maxSize = 5242880;
      }
      app.save(collection);
    }
  },
);
