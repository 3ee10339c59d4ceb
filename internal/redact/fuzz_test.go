package redact

import (
	"testing"
)

// FuzzText holds what hides secrets in text others wrote (a backend's
// error, a URL, a command line) to never panic, and a secret added to
// Secrets to be hidden wherever it is in a text.
func FuzzText(f *testing.F) {
	for _, s := range []string{
		"", "https://user:hunter2@example.com/x?token=abc&q=1", "Authorization: Bearer sk-abcdefghijklmnopqrstuvwxyz012345",
		"password=hunter2 api_key: \"AKIAIOSFODNN7EXAMPLE\"", "--token=abc -p secret", "http://[::1", "%zz://a@b", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
	} {
		f.Add(s, "hunter2")
	}
	f.Fuzz(func(t *testing.T, text, secret string) {
		_ = Text(text)
		_ = URL(text)
		_, _ = Args(text)
		_ = URLSecrets(text)
		_ = SecretName(text)
		_ = LooksSecret(text)
		_ = Headers(map[string]string{text: secret, secret: text})
		var s Secrets
		s.Add(secret)
		_ = s.String(text)
	})
}
