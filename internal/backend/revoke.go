package backend

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/oauth"
)

// SignOutResult is what SignOut did.
type SignOutResult struct {
	// Had: a sign-in was stored; it is deleted now.
	Had bool
	// Revoked: the authorization server accepted the revocation of the
	// stored tokens (RFC 7009).
	Revoked bool
	// NoEndpoint: the authorization server's metadata names no
	// revocation_endpoint, so the tokens stay valid until they expire.
	NoEndpoint bool
	// RevokeErr is why the revocation failed (it is best effort: the
	// local sign-in is deleted all the same); nil otherwise. It names the
	// server and the endpoint, never a token.
	RevokeErr error
}

// SignOut is Logout that first revokes the stored tokens at the
// authorization server when its metadata names a revocation_endpoint
// (RFC 7009): the refresh token, then the access token. The endpoint is
// found as the sign-in found the server: the protected resource metadata
// of spec.URL names the authorization servers (the origin of the token
// endpoint when it names none), and only the one whose token_endpoint is
// the sign-in's is asked, so tokens go nowhere else. Requests follow no
// redirects and time out after 10 s each. o may be nil.
func SignOut(ctx context.Context, spec *config.Server, o *Options) (SignOutResult, error) {
	var res SignOutResult
	b := &Backend{name: spec.Name}
	if o != nil {
		b.o = *o
	}
	store := &oauth.Store{Dir: b.oauthStoreDir()}
	rec, err := store.Load(spec.Name, spec.URL)
	if err != nil {
		return res, err
	}
	if rec != nil {
		base := b.o.HTTPTransport
		if base == nil {
			base = http.DefaultTransport
		}
		hc := &http.Client{Transport: base, Timeout: 10 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res.Revoked, res.NoEndpoint, res.RevokeErr = revoke(ctx, hc, spec, rec)
	}
	res.Had, err = store.Delete(spec.Name, spec.URL)
	return res, err
}

// revoke revokes rec's tokens; see SignOut.
func revoke(ctx context.Context, hc *http.Client, spec *config.Server, rec *oauth.Record) (revoked, noEndpoint bool, err error) {
	endpoint, err := revocationEndpoint(ctx, hc, spec.URL, rec.TokenURL)
	if err != nil {
		return false, false, fmt.Errorf("revoking the sign-in of %q: %w", spec.Name, err)
	}
	if endpoint == "" {
		return false, true, nil
	}
	for _, t := range []struct{ tok, hint string }{{rec.RefreshToken, "refresh_token"}, {rec.AccessToken, "access_token"}} {
		if t.tok == "" {
			continue
		}
		if err := revokeOne(ctx, hc, endpoint, rec, t.tok, t.hint); err != nil {
			return false, false, fmt.Errorf("revoking the %s of %q at %s: %w", strings.ReplaceAll(t.hint, "_", " "), spec.Name, endpoint, err)
		}
	}
	return true, false, nil
}

// revocationEndpoint is the revocation_endpoint of the authorization
// server of resource whose token endpoint is tokenURL; "" when its
// metadata names none.
func revocationEndpoint(ctx context.Context, hc *http.Client, resource, tokenURL string) (string, error) {
	var issuers []string
	for _, m := range wellKnown(resource, "oauth-protected-resource", false) {
		if prm, err := oauthex.GetProtectedResourceMetadata(ctx, m, resource, hc); err == nil && prm != nil {
			issuers = prm.AuthorizationServers
			break
		}
	}
	if len(issuers) == 0 {
		if u, err := url.Parse(tokenURL); err == nil && u.Host != "" {
			issuers = []string{u.Scheme + "://" + u.Host}
		}
	}
	var errs []error
	for _, iss := range issuers {
		for _, m := range append(wellKnown(iss, "oauth-authorization-server", false), wellKnown(iss, "openid-configuration", true)...) {
			asm, err := oauthex.GetAuthServerMeta(ctx, m, iss, hc)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if asm == nil || asm.TokenEndpoint != tokenURL {
				continue // not there, or not the server that issued the tokens
			}
			if asm.RevocationEndpoint == "" {
				return "", nil
			}
			if !secureURL(asm.RevocationEndpoint) {
				return "", fmt.Errorf("the revocation_endpoint %s of %s is neither https to a public address nor loopback", serverText(asm.RevocationEndpoint, maxServerText), iss)
			}
			return asm.RevocationEndpoint, nil
		}
	}
	if len(errs) > 0 {
		return "", fmt.Errorf("reading the authorization server's metadata: %w", errors.Join(errs...))
	}
	return "", fmt.Errorf("no authorization server metadata with the token endpoint %s was found", tokenURL)
}

// wellKnown lists the metadata URLs of base for a well-known suffix
// (RFC 8615): the suffix inserted before base's path, then at the root;
// with appended (OpenID Connect Discovery), also after base's path.
func wellKnown(base, suffix string, appended bool) []string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return nil
	}
	path := strings.TrimRight(u.Path, "/")
	root := u.Scheme + "://" + u.Host + "/.well-known/" + suffix
	var out []string
	if path != "" {
		out = append(out, root+path)
		if appended {
			out = append(out, u.Scheme+"://"+u.Host+path+"/.well-known/"+suffix)
		}
	}
	return append(out, root)
}

// cgnat is the carrier-grade NAT range (RFC 6598), shared space that
// netip's IsPrivate does not report.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// privateAddr reports whether ip is an address of a private network
// (RFC 1918, ULA, link-local, CGNAT), multicast or unspecified: one a
// server-chosen URL must not reach (the SDK's rule; loopback is not one).
func privateAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() || cgnat.Contains(ip)
}

// secureURL reports whether u is https, or http on a loopback host, and
// names no address of a private network (RFC 1918, ULA, link-local with
// the cloud metadata address 169.254.169.254, CGNAT, multicast,
// unspecified), as the SDK requires of the endpoints it calls: the
// tokens went in a POST to whatever address of the user's network the
// authorization server named.
func secureURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := p.Hostname()
	if ip, err := netip.ParseAddr(h); err == nil {
		ip = ip.Unmap()
		switch {
		case ip.IsLoopback():
			return p.Scheme == "https" || p.Scheme == "http"
		case privateAddr(ip):
			return false
		}
	}
	return p.Scheme == "https" || p.Scheme == "http" && h == "localhost"
}

// revokeOne posts one token to the revocation endpoint, authenticating
// the client as the sign-in does at the token endpoint.
func revokeOne(ctx context.Context, hc *http.Client, endpoint string, rec *oauth.Record, tok, hint string) error {
	form := url.Values{"token": {tok}, "token_type_hint": {hint}}
	basic := rec.ClientSecret != "" && oauth2.AuthStyle(rec.AuthStyle) != oauth2.AuthStyleInParams
	if !basic {
		form.Set("client_id", rec.ClientID)
		if rec.ClientSecret != "" {
			form.Set("client_secret", rec.ClientSecret)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basic {
		req.SetBasicAuth(url.QueryEscape(rec.ClientID), url.QueryEscape(rec.ClientSecret))
	}
	resp, err := hc.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is named by the caller; the body held the token
		}
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK { // RFC 7009 §2.2: 200 also for an unknown token
		return fmt.Errorf("the server answered %s", serverText(resp.Status, 64))
	}
	return nil
}
