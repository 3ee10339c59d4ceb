package backend

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/oauth/oauthtest"
)

func TestSignOut_RevokesAtTheAuthorizationServer(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	login(t, spec, dir, nil)
	issued := fake.Tokens() // one access and one refresh token
	res, err := SignOut(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil || !res.Had || !res.Revoked || res.RevokeErr != nil || res.NoEndpoint {
		t.Fatalf("SignOut = %+v, %v; want had and revoked", res, err)
	}
	if s := fake.Stats(); s.Revocations != 2 || len(fake.Tokens()) != 0 {
		t.Errorf("stats %+v, tokens still valid %d of %d: want both revoked", s, len(fake.Tokens()), len(issued))
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
		t.Errorf("the sign-in is still stored: %v", files)
	}
	_, err = Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if !errors.Is(err, ErrNeedsLogin) {
		t.Errorf("start after sign-out: %v, want ErrNeedsLogin", err)
	}
}

func TestSignOut_WithoutEndpointOrFailingStillDeletes(t *testing.T) {
	for _, tc := range []struct {
		name     string
		noEnd    bool
		status   int
		wantErr  string
		wantNoEP bool
	}{
		{name: "no endpoint", noEnd: true, wantNoEP: true},
		{name: "server fails", status: 503, wantErr: "revoking the refresh token of \"notion\" at http://127.0.0.1:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			fake.NoRevocation, fake.RevocationStatus = tc.noEnd, tc.status
			login(t, spec, dir, nil)
			tokens := fake.Tokens()
			res, err := SignOut(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
			if err != nil || !res.Had || res.Revoked || res.NoEndpoint != tc.wantNoEP {
				t.Fatalf("SignOut = %+v, %v", res, err)
			}
			if tc.wantErr == "" && res.RevokeErr != nil || tc.wantErr != "" && (res.RevokeErr == nil || !strings.Contains(res.RevokeErr.Error(), tc.wantErr) || !strings.Contains(res.RevokeErr.Error(), "503")) {
				t.Errorf("RevokeErr = %v, want %q", res.RevokeErr, tc.wantErr)
			}
			for _, tok := range tokens {
				if res.RevokeErr != nil && strings.Contains(res.RevokeErr.Error(), tok) {
					t.Errorf("the error shows a token: %v", res.RevokeErr)
				}
			}
			if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
				t.Errorf("the sign-in is still stored: %v", files)
			}
		})
	}
}

func TestSignOut_NothingStored(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	res, err := SignOut(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil || res.Had || res.Revoked || res.RevokeErr != nil {
		t.Errorf("SignOut = %+v, %v; want nothing done", res, err)
	}
	if s := fake.Stats(); s.Revocations != 0 {
		t.Errorf("%+v: nothing to revoke", s)
	}
}

// A sign-in stored where this system keeps state (macOS: ~/Library/
// Application Support, not ~/.local/state) is the one logout revokes and
// deletes.
func TestSignOut_FindsTheSignInWhereThisSystemStoresIt(t *testing.T) {
	fake, spec, _ := oauthSetup(t)
	home := t.TempDir()
	macState := filepath.Join(home, "Library", "Application Support", "switchboard")
	userDirs = func(func(string) string) config.Dirs { return config.Dirs{State: macState} }
	t.Cleanup(func() { userDirs = config.UserDirs })
	env := []string{"HOME=" + home}
	b, err := Start(context.Background(), spec, &Options{Env: env, OAuth: &OAuthOptions{Fetch: oauthtest.Follow, RedirectURL: "http://127.0.0.1:7777/callback", Fresh: true}})
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	b.Close()
	if files, _ := filepath.Glob(filepath.Join(macState, "oauth", "*.json")); len(files) != 1 {
		t.Fatalf("the sign-in is not stored under %s: %v", macState, files)
	}
	res, err := SignOut(context.Background(), spec, &Options{Env: env})
	if err != nil || !res.Had || !res.Revoked {
		t.Fatalf("SignOut = %+v, %v; want the stored sign-in revoked and deleted", res, err)
	}
	if files, _ := filepath.Glob(filepath.Join(macState, "oauth", "*.json")); len(files) != 0 {
		t.Errorf("the sign-in is still stored: %v", files)
	}
	if s := fake.Stats(); s.Revocations != 2 {
		t.Errorf("%+v: want both tokens revoked", s)
	}
}

// A revocation_endpoint on an address of a private network (the LAN,
// the cloud metadata address, CGNAT, an IPv6 ULA, unspecified) is
// refused, naming it, before the tokens are posted there; the local
// sign-in is deleted all the same.
func TestSignOut_RevocationEndpointOnAPrivateAddressGetsNothing(t *testing.T) {
	for _, ep := range []string{"https://10.0.0.1/revoke", "https://169.254.169.254/latest/revoke", "https://192.168.1.1/revoke", "https://100.64.0.1/revoke", "https://[fd00::1]/revoke", "https://[::ffff:10.0.0.1]/revoke", "http://0.0.0.0/revoke"} {
		t.Run(ep, func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			login(t, spec, dir, nil)
			fake.Metadata = func(m map[string]any) { m["revocation_endpoint"] = ep }
			rt := &recordingTransport{}
			res, err := SignOut(context.Background(), spec, &Options{HTTPTransport: rt, OAuth: &OAuthOptions{Dir: dir}})
			if err != nil || !res.Had || res.Revoked {
				t.Fatalf("SignOut = %+v, %v", res, err)
			}
			if res.RevokeErr == nil || !strings.Contains(res.RevokeErr.Error(), "revocation_endpoint "+ep) {
				t.Errorf("RevokeErr = %v, want it to name the endpoint", res.RevokeErr)
			}
			if len(rt.seen) > 0 {
				t.Errorf("the tokens were posted to %v", rt.seen)
			}
			if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
				t.Errorf("the sign-in is still stored: %v", files)
			}
		})
	}
}
