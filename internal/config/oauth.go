package config

import (
	"net/url"
	"strings"
)

// OAuth is a remote server's "oauth" block. Every field is optional:
// with none, Switchboard registers itself at the authorization server
// (dynamic client registration) when `switchboard login` runs.
type OAuth struct {
	// ClientID is a client registered beforehand at the authorization
	// server; ClientSecret its secret (may be a ${env:…}/${file:…}
	// reference; needs ClientID).
	ClientID     string
	ClientSecret string
	// ClientMetadataURL is an https URL of a client ID metadata
	// document, used where the authorization server supports them.
	ClientMetadataURL string
	// Scopes replace the scopes the server asks for; nil means its own.
	Scopes []string
	// RedirectPort is the loopback port `switchboard login` listens on
	// for the redirect; 0 means a random free port (a pre-registered
	// client usually needs a fixed one).
	RedirectPort int
}

// oauthKeys are the fields of an "oauth" block; "callbackPort" (Claude
// Code's name) means redirectPort, and "enabled" (Gemini CLI's) is
// accepted.
const oauthKeys = "clientId, clientSecret, clientMetadataUrl, scopes, redirectPort"

func parseOAuth(path, field string, v *node, e *Error) *OAuth {
	o := &OAuth{}
	if v.kind != '{' {
		e.add(path, field, `must be an object like {"clientId": "...", "scopes": [...]}, not %s (line %d)`, v.typeName(), v.line)
		return nil
	}
	for i, k := range v.keys {
		c, fk := v.vals[i], field+"."+k
		switch k {
		case "clientId":
			o.ClientID = str(path, fk, c, e)
		case "clientSecret":
			o.ClientSecret = str(path, fk, c, e)
		case "clientMetadataUrl":
			o.ClientMetadataURL = str(path, fk, c, e)
			if u, err := url.Parse(o.ClientMetadataURL); o.ClientMetadataURL != "" && (err != nil || u.Scheme != "https" || u.Host == "" || strings.Trim(u.Path, "/") == "") {
				e.add(path, fk, "must be an https URL with a path, such as https://example.com/switchboard.json (line %d)", c.line)
			}
		case "scopes":
			if c.kind == 's' {
				o.Scopes = strings.Fields(c.str)
			} else {
				o.Scopes = strList(path, fk, c, e)
			}
		case "redirectPort", "callbackPort":
			o.RedirectPort = posInt(path, fk, c, e)
			if o.RedirectPort > 65535 {
				e.add(path, fk, "must be a port number from 1 to 65535, not %d (line %d)", o.RedirectPort, c.line)
				o.RedirectPort = 0
			}
		case "enabled":
			boolean(path, fk, c, e)
		default:
			e.add(path, fk, "unknown field (line %d); known: %s", c.line, oauthKeys)
		}
	}
	if o.ClientSecret != "" && o.ClientID == "" {
		e.add(path, field+".clientSecret", "needs clientId: a secret belongs to a pre-registered client (line %d)", v.line)
	}
	return o
}
