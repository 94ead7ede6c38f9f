package main

import (
	"log"
	"net/http"
	"net/netip"
	"strconv"
	"sync"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// closeOnRefusal ends the connection of every 429 and 413, and tells a client refused by a rate
// limit when to try again: a flood of refused requests cannot hold a file descriptor each on
// keep-alive connections, and the site's build waits rather than fails. PocketBase's limits are
// fixed windows, so the longest window of the enabled rules is always long enough.
func closeOnRefusal() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "ledgerwiseRefusals",
		// Before the rate limiter, so that its refusals come back through here.
		Priority: apis.DefaultRateLimitMiddlewarePriority - 3,
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			if err == nil {
				return nil
			}
			switch apis.ToApiError(err).Status {
			case http.StatusTooManyRequests:
				e.Response.Header().Set("Retry-After", strconv.FormatInt(longestWindow(e.App), 10))
				e.Response.Header().Set("Connection", "close")
			case http.StatusRequestEntityTooLarge:
				e.Response.Header().Set("Connection", "close")
			}
			return err
		},
	}
}

// longestWindow is the longest window, in seconds, of the enabled rate limit rules (at least 1).
func longestWindow(app core.App) int64 {
	longest := int64(1)
	for _, rule := range app.Settings().RateLimits.Rules {
		longest = max(longest, rule.Duration)
	}
	return longest
}

// forwardingHeaders are the headers a reverse proxy adds to name the client it forwards.
var forwardingHeaders = []string{"X-Forwarded-For", "X-Real-Ip", "Forwarded", "Cf-Connecting-Ip", "Fly-Client-Ip"}

// warnUntrustedProxy says in the log, once, that requests come through a proxy whose header
// PocketBase does not trust: the rate limiter then keys every client by the proxy's address, so
// one client's flood refuses everyone, the site's build included. Only a request from a loopback
// or private address that carries a forwarding header is evidence of a proxy; a developer's own
// requests to 127.0.0.1 carry none.
func warnUntrustedProxy() *hook.Handler[*core.RequestEvent] {
	var once sync.Once
	return &hook.Handler[*core.RequestEvent]{
		Id:       "ledgerwiseUntrustedProxy",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if len(e.App.Settings().TrustedProxy.Headers) > 0 {
				return e.Next()
			}
			header := forwardingHeader(e.Request)
			if header == "" {
				return e.Next()
			}
			if peer, err := netip.ParseAddr(e.RemoteIP()); err != nil || !(peer.IsLoopback() || peer.IsPrivate()) {
				return e.Next()
			}
			once.Do(func() {
				message := "Requests come through a proxy at " + e.RemoteIP() + " (they carry " + header +
					"), but PocketBase trusts no forwarding header: its rate limiter sees every client as " +
					"the proxy, so one client's flood refuses everyone, the site's build included. Set " +
					trustedProxyEnv + "=" + header + " in PocketBase's environment."
				log.Println("[proxy] " + message)
				e.App.Logger().Warn(message)
			})
			return e.Next()
		},
	}
}

func forwardingHeader(r *http.Request) string {
	for _, name := range forwardingHeaders {
		if r.Header.Get(name) != "" {
			return name
		}
	}
	return ""
}
