package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

func runTrust(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "trust", "[--list | --revoke | --other-owner] [PATH]", `
Trust a project config file (`+config.ProjectFile+`): Switchboard uses a
project file only after you trusted its exact content. Read it first: a
trusted file starts the commands it lists. Any later change to the file
needs 'switchboard trust' again. PATH defaults to the project file found
by walking up from the working directory.

Even a trusted project file can only add servers and tighten your
settings; it cannot redefine your servers or loosen your policy. A file
that another account owns (it, or its directory) is refused unless
--other-owner is given: that account can write what it starts.`)
	list := fs.Bool("list", false, "list trusted project files")
	revoke := fs.Bool("revoke", false, "stop trusting the file")
	otherOwner := fs.Bool(strings.TrimPrefix(allow.OtherOwnerFlag, "--"), false, "trust a file that another account owns (it, or its directory)")
	if err := parse(fs, args); err != nil {
		return err
	}
	p := e.paths(&configFlags{})
	if err := p.needState(); err != nil {
		return err
	}
	store := p.trusted()
	switch {
	case *list && (*revoke || fs.NArg() > 0):
		return usagef("--list takes no path and no --revoke")
	case fs.NArg() > 1:
		return badArgs(e, fs, "give one project file (or its directory), not %d", fs.NArg())
	case *list:
		ents, err := allow.List(store)
		if err != nil {
			return err
		}
		if len(ents) == 0 {
			fmt.Fprintln(e.Stdout, "No project config files are trusted.")
			return nil
		}
		for _, ent := range ents {
			state := "trusted"
			if b, err := safefile.Read(ent.Path); err != nil {
				state = "missing"
			} else if allow.Digest(b) != ent.SHA256 {
				state = "changed since trusted"
			}
			fmt.Fprintf(e.Stdout, "%s\t%s\t%s\t%s\n", echo.Path(ent.Path), ent.SHA256[:12], ent.Trusted.Format("2006-01-02 15:04"), state)
		}
		return nil
	}
	file := ""
	if fs.NArg() == 1 {
		file = e.abs(fs.Arg(0))
		if st, err := os.Stat(file); err == nil && st.IsDir() {
			file = filepath.Join(file, config.ProjectFile)
		}
	} else if file = config.FindProject(e.Dir, e.Getenv("HOME")); file == "" {
		return fmt.Errorf("no %s found from %s up; give the file's path: switchboard trust PATH", config.ProjectFile, echo.Path(e.Dir))
	}
	if *revoke {
		ok, err := allow.Revoke(store, file)
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(e.Stdout, "%s was not trusted.\n", echo.Path(file))
			return nil
		}
		fmt.Fprintf(e.Stdout, "No longer trusted: %s\n", echo.Path(file))
		return nil
	}
	data, err := safefile.Read(file)
	if _, lerr := os.Lstat(file); errors.Is(err, os.ErrNotExist) && lerr != nil {
		return fmt.Errorf("project config %s does not exist", echo.Path(file))
	} else if err != nil { // a link to nothing says so
		return fmt.Errorf("project config: %w", err)
	}
	f, err := config.Parse(file, data)
	if err != nil {
		return fmt.Errorf("not trusting a file that does not load (fix it, then trust it):\n%w", err)
	}
	if len(f.Projects) > 0 {
		return fmt.Errorf("%s: projects: allowed only in your user config (%s); remove it from the project file, then trust it", echo.Path(file), p.user)
	}
	// A file another account owns is that account's to write: trusted
	// like one's own, an agent reading the index's `switchboard trust …`
	// line could run it for a file in /tmp. Refused unless said.
	if note := allow.OwnerNote(file, e.sudoUIDs()...); note != "" && !*otherOwner {
		return fmt.Errorf("not trusting %s: %s; review it, then, if you trust that account, run: switchboard trust %s %s", echo.Path(file), note, allow.OtherOwnerFlag, shellQuote(file))
	}
	// The content read, parsed and listed below is what is trusted; a
	// file changed since is not used until trusted again.
	ent, err := allow.TrustContent(store, file, data)
	if err != nil {
		return err
	}
	if now, err := safefile.Read(file); err != nil || allow.Digest(now) != ent.SHA256 {
		return fmt.Errorf("project config %s changed while it was being trusted: the file as it is now is not trusted; read it, then run 'switchboard trust %s' again", echo.Path(file), shellQuote(file))
	}
	fmt.Fprintf(e.Stdout, "Trusted %s (sha256 %s).\n", echo.Path(ent.Path), ent.SHA256[:12])
	mayStart(e.Stdout, p.user, file, data, f)
	return nil
}

// mayStart prints what trusting project file (its content data, parsed
// as f) lets serve start: each server's command or URL and the user's
// variables and files it is given, the entries left out, and the
// warnings about the file. Merged with the user config userPath, as
// serve will: a server that redefines one of the user's is disabled, a
// looser setting kept at the user's ("It may start: hb: …" named a
// server serve then disabled).
func mayStart(w io.Writer, userPath, file string, data []byte, f *config.File) {
	merged, _ := config.Read(config.Sources{User: userPath, Project: file, ProjectData: data})
	if len(f.Order) > 0 {
		fmt.Fprintln(w, "It may start:")
		for _, n := range f.Order {
			s := f.Servers[n]
			if merged != nil && merged.Servers[n] != nil && merged.Servers[n].Source == file {
				s = merged.Servers[n]
			}
			fmt.Fprintf(w, "  %s: %s\n", echo.Clip(n), launchLine(s))
			if s.Problem == "" {
				if l := givenLine(s); l != "" {
					fmt.Fprintf(w, "    %s\n", l)
				}
			}
		}
	}
	for _, sk := range f.Skipped {
		fmt.Fprintf(w, "Left out (not started): %s\n", redact.Text(sk.String()))
	}
	if merged != nil {
		for _, warn := range merged.Warnings {
			if strings.Contains(warn, file) {
				fmt.Fprintf(w, "warning: %s\n", warn)
			}
		}
	}
}

// launchLine is what server s starts, as trust and plugins trust list it
// for review: the command and its arguments, a word holding a space, a
// quote or a control character written as a Go string ("a\nb"); the URL
// of a remote server; the problem of a disabled one, on one line. Secrets
// are hidden. An argument holding a newline forged lines of the listing
// ("fmt: sh -c curl … | sh" then "  lint: npx eslint").
func launchLine(s *config.Server) string {
	words := make([]string, 0, 1+len(s.Args))
	for _, w := range append([]string{s.Command}, s.Args...) {
		words = append(words, shellWord(w))
	}
	what := strings.Join(words, " ")
	if s.Type != config.Stdio {
		what = shellWord(redact.URL(s.URL))
	}
	if s.Problem != "" {
		what = "(disabled: " + strings.Join(strings.Fields(s.Problem), " ") + ")"
	}
	return redact.Text(what)
}

// givenLine says which of the user's variables and files server s is
// given when it starts ("" when none), for trust to list under its
// launch line: a project server's "env": {"KEY": "${file:~/.ssh/id_rsa}"}
// or a header of "${env:GITHUB_TOKEN}" sends that secret to the
// repository's command or URL, and trust listed the command alone. At
// most maxGiven are named, then how many more.
func givenLine(s *config.Server) string {
	refs := s.References()
	if len(refs) == 0 {
		return ""
	}
	parts := make([]string, 0, min(len(refs), maxGiven)+1)
	for i, r := range refs {
		if i == maxGiven {
			parts = append(parts, fmt.Sprintf("and %d more", len(refs)-i))
			break
		}
		parts = append(parts, shellWord(r.Ref)+" (into "+shellWord(r.Field)+")")
	}
	return "is given your " + strings.Join(parts, ", ")
}

// maxGiven is the most references givenLine names.
const maxGiven = 10

// shellWord is w, or w as a Go string when it is empty or holds a space,
// a quote, a backslash or a character that is not printed as itself.
func shellWord(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool {
		return r == ' ' || r == '"' || r == '\'' || r == '\\' || !unicode.IsPrint(r) || unicode.Is(unicode.Bidi_Control, r)
	}) < 0 {
		return w
	}
	return strconv.Quote(w)
}
