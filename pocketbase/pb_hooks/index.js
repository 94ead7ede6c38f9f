/*
 * The hooks' one entry: the project's PocketBase (pocketbase/main.go) loads this file alone, and
 * it runs every `*.pb.js` of this folder in name order. The order is what the files rely on: a
 * file's handlers for an event run before those of the files after it (pictures.pb.js moves
 * pasted pictures before publish-check.pb.js judges the body). PocketBase 0.40.4 runs the files
 * its pattern matches in Go's map order, which changes at every start. (Upstream's release, which
 * loads the `*.pb.js` files itself, runs them in that changing order.)
 */
$os
  .readDir(__hooks)
  .map((entry) => entry.name())
  .filter((name) => name.endsWith('.pb.js'))
  .sort()
  .forEach((name) => require(`${__hooks}/${name}`));
