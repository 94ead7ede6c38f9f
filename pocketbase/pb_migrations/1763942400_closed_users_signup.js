// PocketBase 0.22 syntax. The site has no accounts: the built-in `users` collection, which lets
// anyone sign up by default (create rule ""), is closed to everyone but admins. Editors sign in
// to the admin UI as admins, never as users.
migrate(
  (db) => {
    const dao = new Dao(db);
    const users = dao.findCollectionByNameOrId('users');
    users.createRule = null;
    return dao.saveCollection(users);
  },
  (db) => {
    const dao = new Dao(db);
    const users = dao.findCollectionByNameOrId('users');
    users.createRule = '';
    return dao.saveCollection(users);
  },
);
