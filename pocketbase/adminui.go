package main

import (
	"embed"
	"io/fs"

	"github.com/pocketbase/pocketbase/core"
)

// adminUIFiles holds the admin UI's extension, adminui/main.js (what it does, and why, is said
// there), in the binary: a change to it builds the program again, as a change to a .go file does.
//
//go:embed adminui/main.js
var adminUIFiles embed.FS

// addAdminUIExtension registers adminui/main.js with the admin UI's extensions, which PocketBase
// 0.40 loads from /_/extensions.js before its router starts.
func addAdminUIExtension(e *core.ServeEvent) {
	files, err := fs.Sub(adminUIFiles, "adminui")
	if err != nil {
		panic(err) // The embedded folder is there, or the program would not have built.
	}
	e.UIExtensions = append(e.UIExtensions, core.UIExtension{Name: "ledgerwise", FS: files})
}
