package main

import (
	"image"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"golang.org/x/sync/singleflight"

	// The formats PocketBase makes thumbnails of, for image.DecodeConfig (PocketBase registers
	// them too; named here so the check never depends on what it imports).
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"

	_ "golang.org/x/image/webp"
)

// maxPicturePixels is the site's pixel cap, LIMITS.imageMaxPixels in src/config/site.ts (a test
// holds the two equal): PocketBase makes a thumbnail by decoding the whole picture, about 4 bytes
// a pixel, so a picture over it (one stored before uploads were checked) gets none.
const maxPicturePixels = 50_000_000

// filePattern is PocketBase's file route as its router names it (Request.Pattern).
const filePattern = "GET /api/files/{collection}/{recordId}/{filename}"

// defaultThumb is the size PocketBase offers for every picture (the admin UI's), besides a field's own.
const defaultThumb = "100x100"

// thumbnailGuard refuses a thumbnail of a picture over maxPicturePixels, at next to no cost for
// any other request: only a size the field offers is checked (PocketBase serves the original for
// any other), only the picture's header is read, once per file and size, and the verdict is kept
// (a stored file never changes under its name). Concurrent first requests share one read.
type thumbnailGuard struct {
	verdicts sync.Map // a thumbnail's address (path and size) → its refusal ("" for none)
	reading  singleflight.Group
}

func (g *thumbnailGuard) handler() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "ledgerwiseThumbnails",
		Func: func(e *core.RequestEvent) error {
			thumb := e.Request.URL.Query().Get("thumb")
			if thumb == "" || e.Request.Pattern != filePattern {
				return e.Next()
			}
			// Known by its address after the first time: no query, no read.
			address := e.Request.URL.Path + "?thumb=" + thumb
			refusal, known := g.verdicts.Load(address)
			if !known {
				key, ok := g.pictureKey(e, thumb)
				if !ok {
					return e.Next() // PocketBase answers 404 or serves the original itself.
				}
				refusal = g.verdict(e.App, address, key)
			}
			if refusal != "" {
				return e.BadRequestError("No thumbnail: the picture "+refusal.(string)+".", nil)
			}
			return e.Next()
		},
	}
}

// pictureKey is the storage key of the file a thumbnail is asked of, when the record exists, has
// the file, and its field offers that size.
func (g *thumbnailGuard) pictureKey(e *core.RequestEvent, thumb string) (string, bool) {
	collection, err := e.App.FindCachedCollectionByNameOrId(e.Request.PathValue("collection"))
	if err != nil || collection.IsView() {
		return "", false // A view's files are its source records': the check runs on theirs.
	}
	record, err := e.App.FindRecordById(collection, e.Request.PathValue("recordId"))
	if err != nil {
		return "", false
	}
	filename := e.Request.PathValue("filename")
	field := record.FindFileFieldByFile(filename)
	if field == nil || (thumb != defaultThumb && !slices.Contains(field.Thumbs, thumb)) {
		return "", false
	}
	return record.BaseFilesPath() + "/" + filename, true
}

// verdict reads the refusal of the picture at storage `key` from its header, and keeps it under
// the thumbnail's address: only addresses of files that exist, in sizes their field offers.
func (g *thumbnailGuard) verdict(app core.App, address, key string) string {
	refusal, _, _ := g.reading.Do(address, func() (any, error) {
		refusal, known := pixelRefusal(app, key)
		if known {
			g.verdicts.Store(address, refusal)
		}
		return refusal, nil
	})
	return refusal.(string)
}

// pixelRefusal reads the picture's header: its size in words when over the cap, else "", and
// whether that is known for good (a storage that failed to open is asked again next time). A file
// that is not a picture Go decodes is left to PocketBase, which then serves the original: it
// cannot decode it for a thumbnail either.
func pixelRefusal(app core.App, key string) (string, bool) {
	storage, err := app.NewFilesystem()
	if err != nil {
		return "", false
	}
	defer storage.Close()
	reader, err := storage.GetReader(key)
	if err != nil {
		return "", false
	}
	defer reader.Close()
	config, _, err := image.DecodeConfig(reader)
	pixels := float64(config.Width) * float64(config.Height)
	if err != nil || pixels <= maxPicturePixels {
		return "", true
	}
	return "is " + megapixels(pixels) + ", over the " + megapixels(maxPicturePixels) +
		" limit: upload a smaller picture", true
}

// megapixels as the site's save checks word them: one decimal, none when whole ("400 megapixels").
func megapixels(pixels float64) string {
	return strconv.FormatFloat(math.Round(pixels/1e5)/10, 'f', -1, 64) + " megapixels"
}
