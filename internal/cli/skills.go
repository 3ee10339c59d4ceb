package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hidden"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/skills"
)

const skillsHelp = `
Manage skills: scripts saved from execute with skills.save(…) that scripts
call as skills.NAME(args). User skills are in
$XDG_CONFIG_HOME/switchboard/skills/, a project's in .switchboard/skills/
next to its .switchboard.json (used only once trusted: skills approve).

  list                 every skill, where it is, and whether it can run
  show NAME            the skill file, why it cannot run, earlier versions
  run NAME [ARGS]      run it as execute would; ARGS is a JSON object
  rm NAME              delete it (the last version stays in .history/)
  approve NAME         accept the tools it uses as they are now (after one
                       changed), and trust a project skill's file
  export NAME [--to claude|agents|DIR] [--force]
                       write an Agent Skills folder (SKILL.md + script) into
                       .claude/skills/ (default), .agents/skills/ or DIR

A skill records the pin of each tool it calls when saved; when one of them
changed, is withheld or is gone, it cannot run until approved again.`

func runSkills(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "skills", "list | show NAME | run NAME [ARGS] | rm NAME | approve NAME | export NAME [--to claude|agents|DIR]", skillsHelp)
	cf.register(fs)
	to := fs.String("to", "claude", "export: claude (.claude/skills), agents (.agents/skills) or a directory")
	force := fs.Bool("force", false, "export: replace a folder switchboard did not write")
	timeout := durationFlag(fs, "timeout", 0, "run: time limit, a `duration` such as 30s (default: settings.executeTimeout)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return badArgs(e, fs, "give a subcommand: list, show, run, rm, approve or export")
	}
	if *timeout < 0 {
		return fmt.Errorf("--timeout %v: want a time limit, such as 30s (0: settings.executeTimeout)", *timeout)
	}
	sub, rest := fs.Arg(0), fs.Args()[1:]
	want := map[string][2]int{"list": {0, 0}, "show": {1, 1}, "run": {1, 2}, "rm": {1, 1}, "approve": {1, 1}, "export": {1, 1}}
	n, ok := want[sub]
	if !ok {
		return badArgs(e, fs, "unknown subcommand %s; known: list, show, run, rm, approve, export", echo.Quote(sub))
	}
	if len(rest) < n[0] || len(rest) > n[1] {
		what := map[string]string{"list": "takes no argument", "show": "takes one skill NAME", "rm": "takes one skill NAME", "approve": "takes one skill NAME", "export": "takes one skill NAME", "run": "takes a skill NAME and, if you like, its arguments as one JSON object"}[sub]
		return badArgs(e, fs, "skills %s %s (switchboard skills list lists them)", sub, what)
	}
	st, err := e.openStack(&cf, true, stackOptions{audit: sub == "run"})
	if err != nil {
		return err
	}
	defer st.Close()
	store := st.sess.Skills()
	if store == nil {
		return errors.New("skills: this configuration has no skills directory")
	}
	switch sub {
	case "list":
		return skillsList(ctx, e, st.srv, store)
	case "show":
		return skillsShow(ctx, e, st.srv, store, rest[0])
	case "run":
		argv := "{}"
		if len(rest) == 2 {
			argv = rest[1]
		}
		return skillsRun(ctx, e, st.srv, rest[0], argv, *timeout)
	case "rm":
		r, err := store.Remove(rest[0])
		if err != nil {
			return err
		}
		st.srv.SkillsChanged()
		switch {
		case r.Kept:
			fmt.Fprintf(e.Stdout, "removed skill %s (%s; its last version is in %s)\n", rest[0], r.Path, filepath.Join(filepath.Dir(r.Path), skills.HistoryDir))
		case r.Kind == "a symbolic link":
			fmt.Fprintf(e.Stdout, "removed skill %s (%s, a symbolic link: the file it named stays)\n", rest[0], r.Path)
		default:
			fmt.Fprintf(e.Stdout, "removed skill %s (%s, %s: nothing to keep)\n", rest[0], r.Path, r.Kind)
		}
		return nil
	case "approve":
		sk, err := store.Approve(rest[0], func(sk *skills.Skill) ([]skills.Use, error) { return st.srv.CurrentUses(ctx, sk) })
		if err != nil {
			return err
		}
		st.srv.SkillsChanged()
		fmt.Fprintf(e.Stdout, "approved skill %s (%s): it uses %s as they are now\n", sk.Name, sk.Path, usesText(sk.Uses))
		return nil
	case "export":
		sk, err := store.Get(rest[0])
		if err != nil {
			return err
		}
		dir := *to
		switch dir {
		case "claude":
			dir = filepath.Join(st.projectRoot(), ".claude", "skills")
		case "agents":
			dir = filepath.Join(st.projectRoot(), ".agents", "skills")
		case "":
			// An unset variable (--to "$DIR") would export into the
			// working directory without a word.
			return fmt.Errorf("--to is empty: give claude (.claude/skills), agents (.agents/skills) or a directory (--to . for this one)")
		default:
			dir = e.abs(dir)
		}
		if *to == "claude" || *to == "agents" {
			if err := exportStaysInside(st.projectRoot(), dir); err != nil {
				return fmt.Errorf("exporting skill %q: %w", sk.Name, err)
			}
		}
		folder, err := skills.Export(sk, dir, *force)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "exported skill %s to %s\n", sk.Name, folder)
		return nil
	}
	return nil
}

// exportStaysInside says why dir (root's .claude/skills or .agents/skills) is
// not where it seems: a link on its way (a repository's .claude linked
// to ~/.config, say) that leads out of root, whose links are followed
// to the directory export would write in; nil when what exists of dir
// is inside root. Export refuses a link in the skill's own folder;
// a repository's link above it had the export write there. A folder
// named with --to is the user's to choose, links and all.
func exportStaysInside(root, dir string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil
	}
	p := dir
	for {
		if _, err := os.Lstat(p); err == nil {
			break
		}
		up := filepath.Dir(p)
		if up == p {
			return nil
		}
		p = up
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil // Export names what it cannot write
	}
	if rel, err := filepath.Rel(realRoot, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s leads out of %s, to %s, through a symbolic link: export writes into the project only; remove the link, or name the folder you mean with --to", echo.Path(p), echo.Path(root), echo.Path(real))
	}
	return nil
}

// projectRoot is the directory of the project config, else the working
// directory: where .claude/ and .agents/ go.
func (st *stack) projectRoot() string {
	if st.paths.project != "" {
		return filepath.Dir(st.paths.project)
	}
	return st.e.Dir
}

func usesText(us []skills.Use) string {
	if len(us) == 0 {
		return "no tools"
	}
	refs := make([]string, len(us))
	for i, u := range us {
		refs[i] = u.Ref()
	}
	return strings.Join(refs, ", ")
}

func skillsList(ctx context.Context, e *Env, srv *server.Server, store *skills.Store) error {
	all, probs := store.Load()
	if len(all) == 0 && len(probs) == 0 {
		fmt.Fprintf(e.Stdout, "No skills are saved (%s). A script saves one with skills.save({name, description, inputSchema, code}).\n", store.User)
		return nil
	}
	for _, sk := range all {
		state := "ok"
		if m := srv.SkillMark(ctx, sk); m != "" {
			state = "cannot run: " + m
		}
		fmt.Fprintf(e.Stdout, "%s\t%s\t%s\t%s\n", sk.Name, sk.Scope, usesText(sk.Uses), state)
	}
	for _, p := range probs {
		fmt.Fprintf(e.Stdout, "%s\t%s\t-\tnot loaded: %s\n", cmpOr(p.Name, "-"), p.Scope, srv.ProblemReason(p))
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func skillsShow(ctx context.Context, e *Env, srv *server.Server, store *skills.Store, name string) error {
	sk, err := store.Get(name)
	if err != nil {
		// A skill that cannot run (a project's not trusted yet, a file
		// that does not parse) is shown all the same, with why: reading
		// it is how the user decides to approve or fix it.
		path, scope, data, ferr := store.File(name)
		if ferr != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "// %s skill, %s\n// cannot run: %s\n", scope, path, oneLineText(err.Error()))
		return writeReviewed(e, data)
	}
	data, err := safefile.Read(sk.Path)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "// %s skill, %s\n", sk.Scope, sk.Path)
	if m := srv.SkillMark(ctx, sk); m != "" {
		fmt.Fprintf(e.Stdout, "// cannot run: %s\n", m)
	}
	if sk.Warning != "" {
		fmt.Fprintf(e.Stdout, "// warning: %s\n", sk.Warning)
	}
	if h := store.History(sk); len(h) > 0 {
		fmt.Fprintf(e.Stdout, "// earlier versions: %s\n", strings.Join(h, ", "))
	}
	return writeReviewed(e, data)
}

// writeReviewed writes a skill file for the user to read before approving
// it, with every control, bidirectional and invisible character escaped
// (reviewText) and a warning line first when there were any. The command's
// output escapes controls and bidirectional overrides (termWriter), but
// zero-width and tag characters went through as they were: invisible in
// the review, read by the code and by the model (a repository's skill
// returned "ok" and an instruction written in tag characters, and
// adm\u200din is another identifier than admin).
func writeReviewed(e *Env, data []byte) error {
	text, n := reviewText(data)
	if n > 0 {
		fmt.Fprintf(e.Stdout, "// warning: the file holds %d control, bidirectional or invisible characters, shown escaped (\\u200b, \\U000e0041): what they hide runs; do not approve a skill you cannot read\n", n)
	}
	_, err := io.WriteString(e.Stdout, text)
	return err
}

// reviewText is data with each control character but newline and tab
// (a carriage return before a newline is kept), each hidden character
// (internal/hidden: bidi controls, zero-width characters, tags) but the
// emoji presentation selectors, and each byte of invalid UTF-8 escaped
// as termWriter escapes them (\u001b, \u200b, \U000e0041, \xff); n
// counts them.
func reviewText(data []byte) (text string, n int) {
	var b strings.Builder
	b.Grow(len(data))
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, data[i])
			n++
		case r == '\r' && i+1 < len(data) && data[i+1] == '\n', r == 0xFE0E, r == 0xFE0F:
			b.WriteRune(r)
		case hidden.Is(r) || unicode.Is(unicode.Bidi_Control, r):
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
			n++
		default:
			b.Write(data[i : i+size])
		}
		i += size
	}
	return b.String(), n
}

func skillsRun(ctx context.Context, e *Env, srv *server.Server, name, argv string, timeout time.Duration) error {
	if err := skills.ValidName(name); err != nil {
		return err
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(argv), &obj); err != nil || obj == nil {
		why := "ARGS must be a JSON object"
		if err != nil && strings.HasPrefix(strings.TrimSpace(argv), "{") {
			// An object that does not decode (nested past the decoder's
			// depth, a raw control character in a string, cut short)
			// was told it must be a JSON object.
			why = "ARGS is an object that is not valid JSON (" + truncate(err.Error(), 200) + ")"
		}
		return fmt.Errorf("skills run %s: %s, such as '{\"repo\": \"me/app\"}'", name, why)
	}
	// The arguments go in as a string for JSON.parse, not as an object
	// literal: in a literal, "__proto__" sets the prototype instead of
	// being a key (it was lost), and the script is ours whatever ARGS is.
	quoted, err := json.Marshal(argv)
	if err != nil {
		return err
	}
	res := srv.Execute(ctx, "return await skills."+name+"(JSON.parse("+string(quoted)+"));", timeout)
	if res.Log != "" {
		fmt.Fprint(e.Stderr, res.Log)
	}
	if res.Err != nil {
		return errors.New(server.ErrorText(res.Err))
	}
	fmt.Fprintf(e.Stdout, "%s\n", res.Value)
	return nil
}

// oneLineText is s with its lines joined by "; " (an error of several
// lines shown after "// " must not leave the comment).
func oneLineText(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}
