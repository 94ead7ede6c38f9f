// The draft preview's account: an auth collection, `preview_readers`, whose records sign in with
// a password and read what the preview shows (every post, testimonial, topic and author), and
// nothing else. The preview build logs in with one of them (POCKETBASE_PREVIEW_EMAIL /
// _PASSWORD), so no superuser's password leaves the PocketBase host. Its records:
// - cannot sign up, change or delete themselves, nor list or view any account (every rule but
//   the sign-in's null): an editor makes them in the admin UI;
// - sign in with a password only: no OTP, OAuth2 or MFA, and no login alert by mail (a build
//   signs in from a new machine every time); pb_hooks/preview-readers.pb.js keeps the password
//   reset, verification and email change from sending mail either;
// - read through the read rules of the four collections, which let them past the visitors'
//   condition (a live post, a published testimonial, a topic or author a live post has) but
//   not past the guard on back-relations (`_via_`, 1764460800_private_drafts.js), kept in front
//   for every client. What an anonymous client sees is unchanged.
//
// The down step restores the read rules of 1795737605_topics_and_pictures.js and removes the
// collection, its accounts with it.
const PREVIEW_READERS = 'preview_readers';
const READER = `@request.auth.collectionName = "${PREVIEW_READERS}"`;
const NO_BACK_RELATION =
  '(@request.query.filter = "" || @request.query.filter !~ "_via_") && ' +
  '(@request.query.sort = "" || @request.query.sort !~ "_via_")';
const LIVE_POST = 'published = true && published_at != "" && published_at <= @now';

/** A live post has this record in its relation field `field`. */
const onLivePost = (field) => {
  const post = `blogs_via_${field}`;
  return `${post}.published ?= true && ${post}.published_at ?!= "" && ${post}.published_at ?<= @now`;
};

/** What a visitor may read of each collection, behind the guard. */
const PUBLIC = {
  blogs: LIVE_POST,
  testimonials: 'published = true',
  topics: onLivePost('topics'),
  authors: onLivePost('authors'),
};

/** The read rule for visitors alone (down) or for visitors and preview readers (up). */
const readRule = (visitors, readers) =>
  readers
    ? `${NO_BACK_RELATION} && (${READER} || (${visitors}))`
    : `${NO_BACK_RELATION} && ${visitors}`;

const setReadRules = (app, readers) => {
  for (const [name, visitors] of Object.entries(PUBLIC)) {
    const collection = app.findCollectionByNameOrId(name);
    collection.listRule = readRule(visitors, readers);
    collection.viewRule = readRule(visitors, readers);
    app.save(collection);
  }
};

migrate(
  (app) => {
    const readers = new Collection({
      id: 'lwpreviewread01',
      name: PREVIEW_READERS,
      type: 'auth',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      // Any of its records may sign in; no one manages another's.
      authRule: '',
      manageRule: null,
      passwordAuth: { enabled: true, identityFields: ['email'] },
      oauth2: { enabled: false },
      otp: { enabled: false },
      mfa: { enabled: false },
      authAlert: { enabled: false },
    });
    const email = readers.fields.getByName('email');
    email.help =
      'The draft preview site signs in with this address and the password: its ' +
      'POCKETBASE_PREVIEW_EMAIL and POCKETBASE_PREVIEW_PASSWORD. The account can only read.';
    // A machine's password, never typed: at least as long as the one the admin UI's "Generate and
    // set random password" makes (20 letters and digits).
    readers.fields.getByName('password').min = 20;
    app.save(readers);
    setReadRules(app, true);
  },
  (app) => {
    setReadRules(app, false);
    app.delete(app.findCollectionByNameOrId(PREVIEW_READERS));
  },
);
