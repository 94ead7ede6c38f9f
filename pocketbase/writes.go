package main

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// guestBodyLimit is the largest request body PocketBase reads from a client that is not signed
// in as a superuser. Nothing such a client may send is larger: a login, a token refresh, a
// realtime subscription. Superusers (the editors) keep the limits each collection's fields add up
// to, up to the 438 MB a post with 40 pictures may take.
const guestBodyLimit = 64 << 10

// The record routes as PocketBase's router names them (Request.Pattern).
const (
	createPattern = "POST /api/collections/{collection}/records"
	updatePattern = "PATCH /api/collections/{collection}/records/{id}"
	deletePattern = "DELETE /api/collections/{collection}/records/{id}"
)

// refuseWritesBeforeBody refuses a create, update or delete by a client that may not make it,
// before a byte of its body is read. PocketBase itself reads and decodes the whole body (up to
// the collection's limit) before it checks the rule: an anonymous 400 MB create cost it 1.3 GB.
// Every other request of a client that is not a superuser gets guestBodyLimit. It runs after the
// auth token is loaded and the rate limiter has counted the request.
func refuseWritesBeforeBody() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "ledgerwiseWrites",
		Priority: apis.DefaultBodyLimitMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if e.HasSuperuserAuth() {
				return e.Next()
			}
			if rule, ok := writeRule(e); ok && rule == nil {
				// The body stays unread: closing the connection spares reading the rest of it.
				e.Response.Header().Set("Connection", "close")
				return e.ForbiddenError("Only superusers can perform this action.", nil)
			}
			return apis.BodyLimit(guestBodyLimit).Func(e)
		},
	}
}

// writeRule is the API rule of the record write the request makes, and whether it makes one
// (nil: superusers only).
func writeRule(e *core.RequestEvent) (*string, bool) {
	pattern := e.Request.Pattern
	if pattern != createPattern && pattern != updatePattern && pattern != deletePattern {
		return nil, false
	}
	collection, err := e.App.FindCachedCollectionByNameOrId(e.Request.PathValue("collection"))
	if err != nil {
		return nil, false // PocketBase answers 404 itself, reading nothing.
	}
	switch pattern {
	case createPattern:
		return collection.CreateRule, true
	case updatePattern:
		return collection.UpdateRule, true
	default:
		return collection.DeleteRule, true
	}
}
