// What the site hooks must keep across a restart (pb_hooks/rebuild/state.js): the scheduled-posts
// cutoff and each build hook's pending change, as key → JSON value. PocketBase 0.22 kept them in
// `_params`, which PocketBase 0.23 and later keep for their own settings. Only superusers can read
// or write the collection (every API rule null).
//
// The cutoff starts now: no post was scheduled before the hooks could see it. An upgrade from
// PocketBase 0.22 (`npm run pocketbase:upgrade`) then carries the old cutoff and pending changes
// over, so a post that fell due while PocketBase was down still gets its rebuild.
const CUTOFF_KEY = 'ledgerwise.scheduledPostsCutoff';

migrate(
  (app) => {
    const state = new Collection({
      id: 'lwhookstate0001',
      name: 'hook_state',
      type: 'base',
      fields: [
        {
          id: 'lwstatekey',
          name: 'key',
          type: 'text',
          required: true,
          presentable: true,
          max: 100,
        },
        { id: 'lwstatevalue', name: 'value', type: 'json', maxSize: 65536 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_hook_state_key` ON `hook_state` (`key`)'],
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    app.save(state);

    const cutoff = new Record(state);
    cutoff.set('key', CUTOFF_KEY);
    cutoff.set('value', { at: new Date().toISOString().replace('T', ' ') });
    app.save(cutoff);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('hook_state'));
  },
);
