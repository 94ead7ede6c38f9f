// Versions: what a post or a testimonial was before each save that changed what readers see, and
// what a deleted one held, so that an editor can put any of them back from the admin UI
// (pb_hooks/versions.pb.js keeps them, prunes them and puts them back). Records that exist when
// this runs start with no history.
//
// Nothing of a version is for visitors, a draft's or a deleted post's least of all: every API
// rule is null (superusers only), which also keeps versions out of realtime, expands and
// `@collection` filters, and the pictures a version keeps are protected, so their addresses need
// a superuser's file token. No relation points at a version or from one, so no back-relation
// reaches them from a public collection. The down step removes the collection and its versions.
const VERSIONS_ID = 'lwversions00001';
/** A version keeps at most every file a record has: a post's banner and 40 pictures. */
const FILES_PER_VERSION = 99;
const PICTURE_MAX_BYTES = 10485760;
/** Bodies are kept as they were, one saved before the 1 MB limit too (the put-back save checks it). */
const BODY_MAX_BYTES = 33554432;

/** A field with its help text, as editors read it under the field. */
const field = (name, type, help, options = {}) => ({
  id: `lwversion${name.replace(/_/g, '').slice(0, 6)}`,
  name,
  type,
  help,
  ...options,
});

migrate(
  (app) => {
    const collection = new Collection({
      id: VERSIONS_ID,
      name: 'versions',
      type: 'base',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        field('title', 'text', "Title: the post's title (a testimonial's quote) in this version.", {
          presentable: true,
          max: 2000,
        }),
        field('saved', 'date', 'Saved: when this version was saved.'),
        field(
          'saved_by',
          'text',
          'Saved by: who saved it; empty for the version a record was created with.',
          { max: 255 },
        ),
        field(
          'deleted',
          'bool',
          'Deleted: on when the record was deleted; this version is what it held then.',
        ),
        field(
          'put_back',
          'bool',
          'Put back: switch on and save to make the record this version again, pictures and all, at ' +
            'the same address (deleted ones too). What it is now is kept as a version first. ' +
            'Nothing else of a version can be changed.',
        ),
        field(
          'body',
          'editor',
          "Body: the post's body in this version. Empty when another version of the post holds " +
            'the same body: a body is kept once.',
          { convertURLs: false, maxSize: BODY_MAX_BYTES },
        ),
        field(
          'files',
          'file',
          'Pictures: those of this version that the record no longer had when it was kept ' +
            '(the others were still on the record). A picture is kept once.',
          {
            protected: true,
            maxSelect: FILES_PER_VERSION,
            maxSize: PICTURE_MAX_BYTES,
            mimeTypes: [],
            thumbs: [],
          },
        ),
        field('data', 'json', 'Fields: every field of the record in this version, as it was.', {
          maxSize: 0,
        }),
        field('collection', 'select', 'Collection: blogs (posts) or testimonials.', {
          required: true,
          maxSelect: 1,
          values: ['blogs', 'testimonials'],
        }),
        field(
          'record',
          'text',
          "Record: the post's or testimonial's id: type it in the search box to list its versions.",
          { required: true, max: 100 },
        ),
        field(
          'replaced_by',
          'text',
          'Replaced by: who saved the change that replaced this version, or deleted the record.',
          { max: 255 },
        ),
        field(
          'body_digest',
          'text',
          "Body digest: the body's SHA-256, by which a body is kept once.",
          { max: 64, hidden: true },
        ),
        {
          id: 'lwversioncreate',
          name: 'created',
          type: 'autodate',
          onCreate: true,
          onUpdate: false,
        },
      ],
      // What every save asks of a record's versions, from the index alone: PocketBase orders a
      // table's columns by name, so the body comes first, and SQLite would read through a 1 MB
      // body to reach any column of its row.
      indexes: [
        'CREATE INDEX `idx_versions_record` ON `versions` ' +
          '(`record`, `collection`, `created`, `body_digest`, `replaced_by`, `id`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId(VERSIONS_ID));
  },
);
