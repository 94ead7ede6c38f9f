// The site has no accounts: the built-in `users` collection, which lets anyone sign up by default
// (create rule ""), is closed to everyone but superusers. Editors sign in to the admin UI as
// superusers, never as users.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.createRule = null;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.createRule = '';
    app.save(users);
  },
);
