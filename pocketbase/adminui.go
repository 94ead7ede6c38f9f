package main

import (
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
)

// adminUIExtension runs in the admin UI, which PocketBase 0.40 loads from /_/extensions.js before
// its router starts (its extension point, marked experimental upstream; the admin UI test in
// tests/e2e/adminUi.spec.ts fails if it stops working). Only what no collection option can do:
//   - the UI opens on the first collection in its own order, and it sorts account collections
//     (the superusers', the preview's) before all others: after login, and at the UI's root,
//     editors land on the posts instead (the Collections link still opens the last one visited);
//   - the media picker opens on the collection last chosen in it, else on the first by name
//     (authors): until an editor chooses one, it opens on the posts (lwblogs00000001, the id of
//     1763769600_created_blogs.js), whose pictures are what a body shows.
const adminUIExtension = `
app.routes.fallbackPath = "#/collections?collection=blogs";
if (!localStorage.getItem("pbLastRecordFilePickerCollection")) {
  localStorage.setItem("pbLastRecordFilePickerCollection", "lwblogs00000001");
}
`

// addAdminUIExtension registers adminUIExtension with the admin UI's extensions.
func addAdminUIExtension(e *core.ServeEvent) {
	e.UIExtensions = append(e.UIExtensions, core.UIExtension{
		Name: "ledgerwise",
		// A map is a file system: the one file, in the binary, so a change to it rebuilds the
		// program like any other change to a .go file.
		FS: fstest.MapFS{"main.js": {Data: []byte(adminUIExtension)}},
	})
}
