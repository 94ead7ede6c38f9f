package main

import (
	"slices"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Realtime is for editors: the admin UI connects, then subscribes as a superuser within
// milliseconds; the site uses none, and anonymous subscriptions are refused
// (pb_hooks/realtime.pb.js). Each open connection holds a file descriptor and about 0.3 MB for as
// long as it stays open (PocketBase's own idle limit is 5 minutes), so an address holds at most a
// few that are not a superuser's, and a connection with nothing subscribed on it, which can never
// hear anything, is closed soon.
const (
	anonymousRealtimePerAddress = 4
	idleRealtimeGrace           = 10 * time.Second
)

// realtimePattern is PocketBase's realtime connection route as its router names it.
const realtimePattern = "GET /api/realtime"

const realtimeConnectionKey = "ledgerwiseRealtimeConnection"

// realtimeConnection is one open connection; client is set once PocketBase has registered it.
type realtimeConnection struct {
	client subscriptions.Client
}

// realtimeGuard counts each address's open realtime connections.
type realtimeGuard struct {
	mu   sync.Mutex
	open map[string][]*realtimeConnection
}

// handler refuses a connection over the address's allowance before anything else is done for it
// (before the rate limiter too, whose refusals would otherwise keep their connections alive), and
// counts it while it is open.
func (g *realtimeGuard) handler() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "ledgerwiseRealtime",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 2,
		Func: func(e *core.RequestEvent) error {
			if e.Request.Pattern != realtimePattern {
				return e.Next()
			}
			address := e.RealIP()
			connection := &realtimeConnection{}
			if !g.add(address, connection) {
				return e.TooManyRequestsError("Too many realtime connections from this address.", nil)
			}
			defer g.remove(address, connection)
			e.Set(realtimeConnectionKey, connection)
			// An event stream that ends is not followed by another request on its connection (an
			// EventSource reconnects): closing it frees the descriptor at once.
			e.Response.Header().Set("Connection", "close")
			return e.Next()
		},
	}
}

// onConnect notes the connection's client, and closes it after the grace if nothing has been
// subscribed on it by then.
func (g *realtimeGuard) onConnect(e *core.RealtimeConnectRequestEvent) error {
	if connection, ok := e.Get(realtimeConnectionKey).(*realtimeConnection); ok {
		g.mu.Lock()
		connection.client = e.Client
		g.mu.Unlock()
	}
	broker := e.App.SubscriptionsBroker()
	timer := time.AfterFunc(idleRealtimeGrace, func() {
		if len(e.Client.Subscriptions()) == 0 {
			broker.Unregister(e.Client.Id()) // Closes its channel, which ends the connection.
		}
	})
	defer timer.Stop()
	return e.Next()
}

func (g *realtimeGuard) add(address string, connection *realtimeConnection) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	anonymous := 0
	for _, open := range g.open[address] {
		if open.client == nil || !isSuperuserClient(open.client) {
			anonymous++
		}
	}
	if anonymous >= anonymousRealtimePerAddress {
		return false
	}
	if g.open == nil {
		g.open = map[string][]*realtimeConnection{}
	}
	g.open[address] = append(g.open[address], connection)
	return true
}

func (g *realtimeGuard) remove(address string, connection *realtimeConnection) {
	g.mu.Lock()
	defer g.mu.Unlock()
	rest := slices.DeleteFunc(g.open[address], func(open *realtimeConnection) bool { return open == connection })
	if len(rest) == 0 {
		delete(g.open, address)
	} else {
		g.open[address] = rest
	}
}

// isSuperuserClient: the client subscribed with a superuser's token (PocketBase keeps the auth of
// the latest subscription request on the client).
func isSuperuserClient(client subscriptions.Client) bool {
	auth, _ := client.Get(apis.RealtimeClientAuthKey).(*core.Record)
	return auth != nil && auth.IsSuperuser()
}
