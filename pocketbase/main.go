// PocketBase as the project's own program: upstream's examples/base (the release binary's
// main.go) with the admin UI, the JS hooks and migrations (jsvm) and the migrate command, and
// without the GitHub self-update command, which would swap this build for upstream's release;
// plus the project's defences, in Go because they run on every request, before its body is read
// (the other files of this folder).
// The version is go.mod's; tools/local/pocketbase/binary.ts builds it (CGO_ENABLED=0, the
// version stamped in) or downloads the same release where there is no Go.
package main

import (
	"log"
	"net/http"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/osutils"
)

func main() {
	app := pocketbase.New()

	var hooksDir string
	app.RootCmd.PersistentFlags().StringVar(
		&hooksDir,
		"hooksDir",
		"",
		"the directory with the JS app hooks",
	)

	var hooksWatch bool
	app.RootCmd.PersistentFlags().BoolVar(
		&hooksWatch,
		"hooksWatch",
		true,
		"auto restart the app on pb_hooks file change; it has no effect on Windows",
	)

	var hooksPool int
	app.RootCmd.PersistentFlags().IntVar(
		&hooksPool,
		"hooksPool",
		15,
		"the total prewarm goja.Runtime instances for the JS app hooks execution",
	)

	var migrationsDir string
	app.RootCmd.PersistentFlags().StringVar(
		&migrationsDir,
		"migrationsDir",
		"",
		"the directory with the user defined migrations",
	)

	var automigrate bool
	app.RootCmd.PersistentFlags().BoolVar(
		&automigrate,
		"automigrate",
		true,
		"enable/disable auto migrations",
	)

	var publicDir string
	app.RootCmd.PersistentFlags().StringVar(
		&publicDir,
		"publicDir",
		defaultPublicDir(),
		"the directory to serve static files",
	)

	var indexFallback bool
	app.RootCmd.PersistentFlags().BoolVar(
		&indexFallback,
		"indexFallback",
		true,
		"fallback the request to index.html on missing static path, e.g. when pretty urls are used with SPA",
	)

	app.RootCmd.ParseFlags(os.Args[1:])

	// pb_hooks and pb_migrations. The hooks' one entry is pb_hooks/index.js, which runs the
	// *.pb.js files in name order: PocketBase runs the files its pattern matches in map order.
	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir:     migrationsDir,
		HooksDir:          hooksDir,
		HooksFilesPattern: `^index\.js$`,
		HooksWatch:        hooksWatch,
		HooksPoolSize:     hooksPool,
	})

	// the migrate command, writing JS migrations
	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  automigrate,
		Dir:          migrationsDir,
	})

	// The project's defences for a server on the internet: writes refused before their body is
	// read (writes.go), thumbnails of oversized pictures refused cheaply (thumbnails.go), anonymous
	// realtime connections bounded (realtime.go), refusals that close their connection and say
	// when to retry, and a warning for an untrusted proxy (ratelimits.go); and the settings that
	// the server's environment decides (settings.go); and where the admin UI opens (adminui.go).
	thumbnails := &thumbnailGuard{}
	realtime := &realtimeGuard{}
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		if err := applyEnvironmentSettings(e.App); err != nil {
			return err
		}
		addAdminUIExtension(e)
		e.Router.Bind(
			closeOnRefusal(),
			warnUntrustedProxy(),
			realtime.handler(),
			refuseWritesBeforeBody(),
			thumbnails.handler(),
		)
		return e.Next()
	})
	app.OnRealtimeConnectRequest().BindFunc(realtime.onConnect)

	// static files from publicDir (when it exists and no other route takes the path)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			if !e.Router.HasRoute(http.MethodGet, "/{path...}") {
				e.Router.GET("/{path...}", apis.Static(os.DirFS(publicDir), indexFallback))
			}

			return e.Next()
		},
		Priority: 999, // as late as possible, so that other routes come first
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// pb_public beside the executable, as upstream's release does.
func defaultPublicDir() string {
	if osutils.IsProbablyGoRun() {
		return "./pb_public"
	}

	return filepath.Join(os.Args[0], "../pb_public")
}
