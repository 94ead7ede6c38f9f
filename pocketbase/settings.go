package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// The settings a server's environment decides at every start, over what the admin UI saved:
// they belong to the host (its proxy, its public address, its mail domain), and PocketBase's
// defaults (no trusted header, http://localhost:8090, support@example.com) are wrong on any
// server. Unset, the saved setting stays.
const (
	trustedProxyEnv  = "POCKETBASE_TRUSTED_PROXY_HEADER"
	appURLEnv        = "POCKETBASE_APP_URL"
	senderAddressEnv = "POCKETBASE_SENDER_ADDRESS"
	senderNameEnv    = "POCKETBASE_SENDER_NAME"
)

// applyEnvironmentSettings saves the environment's settings when they differ from the saved ones.
func applyEnvironmentSettings(app core.App) error {
	settings, err := app.Settings().Clone()
	if err != nil {
		return err
	}
	changed := false
	set := func(target *string, name string) {
		if value := strings.TrimSpace(os.Getenv(name)); value != "" && value != *target {
			*target = value
			changed = true
		}
	}
	set(&settings.Meta.AppURL, appURLEnv)
	set(&settings.Meta.SenderAddress, senderAddressEnv)
	set(&settings.Meta.SenderName, senderNameEnv)
	if header := strings.TrimSpace(os.Getenv(trustedProxyEnv)); header != "" {
		// The rightmost address: the one the proxy itself appended, which a client cannot forge.
		if !slices.Equal(settings.TrustedProxy.Headers, []string{header}) || settings.TrustedProxy.UseLeftmostIP {
			settings.TrustedProxy.Headers = []string{header}
			settings.TrustedProxy.UseLeftmostIP = false
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := app.Save(settings); err != nil {
		return fmt.Errorf("the settings from %s, %s, %s and %s: %w", appURLEnv, senderAddressEnv, senderNameEnv, trustedProxyEnv, err)
	}
	return nil
}
