// The admin UI as editors meet it after they sign in (PocketBase 0.40's UI lists every collection):
// - `users`, PocketBase's default accounts, which nothing of the site uses, goes, but only while
//   it holds no account and nothing points at it: an install that has accounts in it keeps them,
//   and the server's output and Logs say so (export them, then delete the collection yourself);
// - the hooks' state and the preview's accounts are flagged `system`, which the UI lists apart,
//   under the folded "System", and which PocketBase protects from renaming, deletion and rule
//   changes (a later migration that must change their rules sets the flag off first);
// - a post's topics and authors take at most 5 each, so the pickers say "of max 5", not
//   2147483647 (an install whose post already has more keeps its largest count as the maximum,
//   so every post still saves);
// - a post's Published switch and publish date come right after its title, so the posts list
//   shows title and status together at 1280 pixels, and a refused publish's reason, shown under
//   the switch, is where the editor switched it on; its Pictures come right after the body;
// - the help texts say "switch on" for a switch (the UI shows a toggle, not a tick box), and the
//   publish date's says which time zone it takes: the browser's own, which the UI names in
//   brackets after the field's name.
// Which collection the UI opens on is the Go program's (adminui.go): PocketBase sorts account
// collections first, so no collection option can put the posts first.
const MAX_TOPICS = 5;
const MAX_AUTHORS = 5;
const INTERNAL = ['hook_state', 'preview_readers'];
const USERS_ID = '_pb_users_auth_';

/** Per collection: [field, help text after, help text before]. */
const HELPS = {
  blogs: [
    [
      'published',
      'Published: switch on to put the post on the site at its publish date; off, it is a draft ' +
        'that only editors see.',
      'Published: tick to put the post on the site at its publish date; unticked, it is a ' +
        'draft that only editors see.',
    ],
    [
      'published_at',
      "Publish date, in the time zone in brackets after its name (your browser's): the date " +
        'the site shows. Empty when you switch on Published: now. Later: the post goes live then.',
      'Publish date: the date the site shows. Empty when you tick Published: now. Later: the ' +
        'post goes live then.',
    ],
  ],
  testimonials: [
    [
      'published',
      'Published: switch on to show it on the site; off, visitors do not see it.',
      'Published: tick to show it on the site; unticked, visitors do not see it.',
    ],
  ],
};

/** Moves `name` to just after `anchor` in the collection's field order. */
const moveAfter = (collection, name, anchor) => {
  const field = collection.fields.getByName(name);
  collection.fields.removeByName(name);
  collection.fields.addAt(collection.fields.fieldNames().indexOf(anchor) + 1, field);
};

/** The most records `field` of any post names. */
const largestCount = (app, field) => {
  let largest = 0;
  for (const post of app.findAllRecords('blogs'))
    largest = Math.max(largest, post.getStringSlice(field).length);
  return largest;
};

const say = (app, message) => {
  console.log(message);
  app.logger().warn(message);
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const accounts = app.countRecords(users);
    if (accounts > 0) {
      say(app, `The users collection is kept: it holds ${accounts} account${accounts === 1 ? '' : 's'}, which the site does not use. To remove it, save them first (admin UI: users, select every record, JSON), then delete the collection.`); // prettier-ignore
    } else {
      try {
        app.delete(users);
      } catch (error) {
        say(app, `The users collection stays: ${error}`);
      }
    }

    for (const name of INTERNAL) {
      const collection = app.findCollectionByNameOrId(name);
      collection.system = true;
      // PocketBase's validation refuses any change of the flag after creation; the flag alone
      // changes here, nothing a validation would check.
      app.saveNoValidate(collection);
    }

    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.getByName('topics').maxSelect = Math.max(MAX_TOPICS, largestCount(app, 'topics'));
    blogs.fields.getByName('authors').maxSelect = Math.max(
      MAX_AUTHORS,
      largestCount(app, 'authors'),
    );
    moveAfter(blogs, 'published', 'title');
    moveAfter(blogs, 'published_at', 'published');
    moveAfter(blogs, 'pictures', 'content');
    app.save(blogs);

    for (const [name, helps] of Object.entries(HELPS)) {
      const collection = app.findCollectionByNameOrId(name);
      for (const [field, after] of helps) collection.fields.getByName(field).help = after;
      app.save(collection);
    }
  },
  (app) => {
    for (const [name, helps] of Object.entries(HELPS)) {
      const collection = app.findCollectionByNameOrId(name);
      for (const [field, , before] of helps) collection.fields.getByName(field).help = before;
      app.save(collection);
    }

    const blogs = app.findCollectionByNameOrId('blogs');
    blogs.fields.getByName('topics').maxSelect = 2147483647;
    blogs.fields.getByName('authors').maxSelect = 2147483647;
    moveAfter(blogs, 'pictures', 'banner_alt');
    moveAfter(blogs, 'published', 'featured');
    moveAfter(blogs, 'published_at', 'published');
    app.save(blogs);

    for (const name of INTERNAL) {
      const collection = app.findCollectionByNameOrId(name);
      collection.system = false;
      app.saveNoValidate(collection);
    }

    // PocketBase's default accounts collection, closed as 1763942400_closed_users_signup.js left it.
    try {
      app.findCollectionByNameOrId('users');
    } catch (_) {
      const users = new Collection({ id: USERS_ID, name: 'users', type: 'auth', createRule: null });
      users.fields.add(new Field({ name: 'name', type: 'text', max: 255 }));
      users.fields.add(new Field({ name: 'avatar', type: 'file', maxSelect: 1, mimeTypes: ['image/jpeg', 'image/png', 'image/svg+xml', 'image/gif', 'image/webp'] })); // prettier-ignore
      users.fields.add(new Field({ name: 'created', type: 'autodate', onCreate: true }));
      users.fields.add(new Field({ name: 'updated', type: 'autodate', onCreate: true, onUpdate: true })); // prettier-ignore
      app.save(users);
    }
  },
);
