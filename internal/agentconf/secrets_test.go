package agentconf

import (
	"strings"
	"testing"
)

func TestSecretFields(t *testing.T) {
	for _, c := range []struct {
		s    Server
		want string
	}{
		{Server{Env: map[string]string{"GITHUB_TOKEN": "abc", "DEBUG": "1", "PATH_LIST": "/a:/b"}}, "env.GITHUB_TOKEN"},
		{Server{Env: map[string]string{"GITHUB_TOKEN": "${env:GITHUB_TOKEN}", "API_KEY": "${API_KEY}"}}, ""},
		{Server{Env: map[string]string{"UPSTREAM": "sk-abcdefghijklmnopqrstuv"}}, "env.UPSTREAM"},
		{Server{Env: map[string]string{"DB_PASSWORD": "hunter2", "KEYBOARD": "us"}}, "env.DB_PASSWORD"},
		{Server{Type: "http", URL: "https://x/mcp", Headers: map[string]string{"Authorization": "Bearer abc", "X-Trace": "on"}}, "headers.Authorization"},
		{Server{Type: "http", URL: "https://x/mcp", Headers: map[string]string{"Authorization": "Bearer ${env:T}", "Cookie": "s=1"}}, "headers.Cookie"},
		{Server{Type: "http", URL: "https://u:pw@x/mcp?token=abc&page=2&api_key=${env:K}"}, "url (password), url query token"},
		{Server{Command: "srv", Args: []string{"--api-key=abc", "--port=8080", "ghp_0123456789abcdefghijABCD"}}, "args[0], args[2]"},
		// A flag's value in the next argument, a DSN's password and a
		// URL's secret query value in an argument: they were copied
		// unnamed and shown in init --dry-run's diff.
		{Server{Command: "srv", Args: []string{"--token", "abc", "--password", "hunter2", "--api-key", "${env:K}", "--port", "80"}}, "args[1], args[3]"},
		{Server{Command: "srv", Args: []string{"--password-file", "/run/pw", "--token-env-var", "T", "--auth"}}, ""},
		{Server{Command: "srv", Args: []string{"postgresql://admin:pw1@db/app", "--url=https://h/x?token=t1&page=2", "https://h/docs"}}, "args[0], args[1]"},
	} {
		if got := strings.Join(secretFields(c.s), ", "); got != c.want {
			t.Errorf("secretFields(%+v) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestTranslator(t *testing.T) {
	env := map[string]string{"SET": "1"}
	for _, c := range []struct{ agent, in, want string }{
		{"claude-code", "Bearer ${TOKEN}", "Bearer ${env:TOKEN}"},
		{"claude-code", "${SET:-x}/${UNSET:-dflt}", "${env:SET}/dflt"},
		{"claude-code", "${env:A} ${file:~/x}", "${env:A} ${file:~/x}"},
		{"claude-code", "$NOT_CLAUDE", "$NOT_CLAUDE"},
		{"gemini", "$KEY and ${OTHER}", "${env:KEY} and ${env:OTHER}"},
		{"opencode", "{env:KEY}-{file:~/.k}", "${env:KEY}-${file:~/.k}"},
		{"vscode", "${workspaceFolder}/x ${workspaceFolderBasename} ${userHome}", "/p/proj/x proj /h"},
	} {
		tr := &translator{agent: c.agent, getenv: func(k string) string { return env[k] }, root: "/p/proj", home: "/h"}
		if got := tr.str(c.in); got != c.want {
			t.Errorf("%s: %q -> %q, want %q", c.agent, c.in, got, c.want)
		}
	}
}

func TestPlan_MaskSecretsInEachFormat(t *testing.T) {
	p := &Plan{Imported: []Import{{Name: "r", Server: Server{URL: "https://u:pw-secret-1@h/mcp"}},
		{Name: "db", Server: Server{Command: "x", Args: []string{"postgresql://admin:dsn-pw-2@db/app", "--token", "tok-val-3", "--u=https://h/?key=q-val-4"}}}}}
	for _, tt := range []struct{ in, want string }{
		{`+      "API_KEY": "k-123456",`, `+      "API_KEY": "***",`},
		{`-API_TOKEN = "abc123def"`, `-API_TOKEN = "***"`},
		{`+    GITHUB_TOKEN: ghp_x1234567`, `+    GITHUB_TOKEN: ***`},
		{`+  "clientSecret": 'cs-99999'`, `+  "clientSecret": '***'`},
		{`+bearer_token_env_var = "MY_TOKEN"`, `+bearer_token_env_var = "MY_TOKEN"`},
		{`+  "TOKEN": "${env:TOKEN}"`, `+  "TOKEN": "${env:TOKEN}"`},
		{`+  "auth": {"x": 1}`, `+  "auth": {"x": 1}`},
		{`+  "PORT": "8080", "url": "https://u:pw-secret-1@h/mcp"`, `+  "PORT": "8080", "url": "https://u:***@h/mcp"`},
		{`+      "args": ["postgresql://admin:dsn-pw-2@db/app", "--token", "tok-val-3", "--u=https://h/?key=q-val-4"]`, `+      "args": ["postgresql://admin:***@db/app", "--token", "***", "--u=https://h/?key=***"]`},
	} {
		if got := p.MaskSecrets(tt.in); got != tt.want {
			t.Errorf("MaskSecrets(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// References only the agent fills in leave the server in its file: VS
// Code's ${command:…} and ${config:…} were copied as they are, and in
// the user scope, where no workspace is open, ${workspaceFolder} became
// ${env:workspaceFolder}.
func TestAgentOnlyRef(t *testing.T) {
	for _, c := range []struct {
		s    Server
		user bool
		want string
	}{
		{Server{Command: "x", Args: []string{"${input:token}"}}, false, "${input:token}"},
		{Server{Command: "x", Args: []string{"${command:pickFile}"}}, false, "${command:pickFile}"},
		{Server{Command: "x", Env: map[string]string{"F": "${config:editor.fontSize}"}}, false, "${config:editor.fontSize}"},
		{Server{Command: "x", Args: []string{"${workspaceFolder}/f"}}, true, "${workspaceFolder}"},
		{Server{Command: "x", Cwd: "${workspaceFolderBasename}"}, true, "${workspaceFolderBasename}"},
		{Server{Command: "x", Args: []string{"${workspaceFolder}/f"}}, false, ""},
		{Server{Command: "x", Args: []string{"${userHome}", "${env:HOME}", "${HOME}"}}, true, ""},
	} {
		if got := agentOnlyRef(c.s, c.user); got != c.want {
			t.Errorf("agentOnlyRef(%+v, user %v) = %q, want %q", c.s, c.user, got, c.want)
		}
	}
}

// The note for a default used in place of an unset variable does not
// show a default that is a secret: ${API_KEY:-sk-live-…} was printed
// whole, twice, by init and by --dry-run (whose diff masks it).
func TestTranslator_NoteHidesASecretDefault(t *testing.T) {
	tr := &translator{agent: "claude-code", getenv: func(string) string { return "" }}
	for _, c := range []struct{ in, note string }{
		{"${API_KEY:-sk-live-abcdefghijklmnop1234}", `${API_KEY:-***} became its default "***"`},
		{"${UPSTREAM:-ghp_0123456789abcdefghijABCD}", `${UPSTREAM:-***} became its default "***"`},
		{"${PORT:-8080}", `${PORT:-8080} became its default "8080"`},
	} {
		tr.notes = nil
		got := tr.str(c.in)
		if !strings.Contains(c.in, got) || len(tr.notes) != 1 || !strings.HasPrefix(tr.notes[0], c.note) {
			t.Errorf("%s -> %q, notes %q, want %q", c.in, got, tr.notes, c.note)
		}
	}
}
