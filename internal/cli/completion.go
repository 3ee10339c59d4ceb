package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// completeCmd is the hidden subcommand the shell scripts call: it prints
// the candidates for the last of its arguments, one per line.
const completeCmd = "__complete"

// filesDirective, as a candidate line, asks the script for file names.
const filesDirective = ":files"

const completionHelp = `
Print a completion script for bash, zsh or fish. It completes
subcommands, their flags and the names of configured servers (asking
'switchboard __complete' each time, so new servers complete at once).

  bash:  source <(switchboard completion bash)         (in ~/.bashrc)
  zsh:   source <(switchboard completion zsh)          (in ~/.zshrc, after compinit)
  fish:  switchboard completion fish > ~/.config/fish/completions/switchboard.fish`

func runCompletion(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "completion", "bash|zsh|fish", completionHelp)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return badArgs(e, fs, "name one shell: bash, zsh or fish")
	}
	switch fs.Arg(0) {
	case "bash":
		io.WriteString(e.Stdout, bashCompletion)
	case "zsh":
		fmt.Fprint(e.Stdout, zshCompletion)
	case "fish":
		fmt.Fprint(e.Stdout, fishCompletion)
	default:
		return usagef("unknown shell %s; known: bash, zsh, fish", echo.Quote(fs.Arg(0)))
	}
	return nil
}

const bashCompletion = `# bash completion for switchboard (switchboard completion bash)
_switchboard() {
    local IFS=$'\n' c q
    COMPREPLY=()
    # One candidate a line, read as it is (not split or globbed), and
    # quoted for the command line: a server name is anyone's text.
    while IFS= read -r c; do
        if [[ $c == :files ]]; then
            COMPREPLY+=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}"))
        elif [[ -n $c ]]; then
            printf -v q '%q' "$c"
            COMPREPLY+=("$q")
        fi
    done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
}
complete -F _switchboard switchboard
`

const zshCompletion = `#compdef switchboard
# zsh completion for switchboard (switchboard completion zsh)
_switchboard() {
    local -a cands
    local c files=0
    for c in "${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}"; do
        if [[ $c == :files ]]; then
            files=1
        elif [[ -n $c ]]; then
            cands+=("$c")
        fi
    done
    (( ${#cands} )) && compadd -a cands
    (( files )) && _files
    return 0
}
compdef _switchboard switchboard
`

const fishCompletion = `# fish completion for switchboard (switchboard completion fish)
function __switchboard_complete
    set -l tokens (commandline -opc) (commandline -ct)
    set -e tokens[1]
    for c in (switchboard __complete $tokens 2>/dev/null)
        if test "$c" = ":files"
            __fish_complete_path (commandline -ct)
        else
            echo $c
        end
    end
end
complete -c switchboard -f -a '(__switchboard_complete)'
`

// serverArgs are the commands whose positional arguments are server names.
var serverArgs = []string{"list", "doctor", "approve", "pins", "login", "logout", "remove", "enable", "disable", "logs", "servers"}

// fixedArgs are the commands whose positional arguments are words of a list.
var fixedArgs = map[string][]string{
	"completion": {"bash", "zsh", "fish"},
	"daemon":     {"status", "stop", "logs", "end"},
}

// runComplete prints the candidates for the last argument (the word being
// completed, maybe empty) given the words before it.
func runComplete(ctx context.Context, e *Env, args []string) error {
	for _, c := range complete(e, args) {
		fmt.Fprintln(e.Stdout, c)
	}
	return nil
}

func complete(e *Env, words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	if len(words) == 1 {
		var out []string
		for _, c := range commands() {
			if !c.hidden && strings.HasPrefix(c.name, cur) {
				out = append(out, c.name)
			}
		}
		if strings.HasPrefix(cur, "-") {
			out = append(out, withPrefix([]string{"--help", "--version"}, cur)...)
		}
		return out
	}
	name := words[0]
	i := slices.IndexFunc(commands(), func(c command) bool { return c.name == name && !c.hidden })
	if i < 0 {
		return nil
	}
	flags := flagsOf(commands()[i], e)
	if prev := words[len(words)-2]; strings.HasPrefix(prev, "-") && !strings.Contains(prev, "=") {
		if takes, ok := flags[strings.TrimLeft(prev, "-")]; ok && takes {
			switch strings.TrimLeft(prev, "-") {
			case "transport":
				return withPrefix([]string{"stdio", "http", "sse"}, cur)
			}
			return []string{filesDirective}
		}
	}
	if strings.HasPrefix(cur, "-") {
		var out []string
		for f := range flags {
			if len(f) == 1 {
				out = append(out, "-"+f)
			} else {
				out = append(out, "--"+f)
			}
		}
		slices.Sort(out)
		return withPrefix(out, cur)
	}
	if slices.Contains(words[1:len(words)-1], "--") {
		return []string{filesDirective} // add NAME -- COMMAND ARGS...
	}
	if list, ok := fixedArgs[name]; ok {
		if len(positionals(words[1:len(words)-1], flags)) == 0 {
			return withPrefix(list, cur)
		}
		return nil
	}
	if slices.Contains(serverArgs, name) {
		return withPrefix(serverNames(e, words), cur)
	}
	if name == "exec" || name == "trust" {
		return []string{filesDirective}
	}
	return nil
}

func withPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// positionals are the words that are neither flags nor flag values.
func positionals(words []string, flags map[string]bool) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			if !strings.Contains(w, "=") && flags[strings.TrimLeft(w, "-")] {
				i++
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// flagsOf returns a command's flags (name -> takes a value), read from
// the usage its -h prints (the flag package's own listing), so that the
// table of commands stays the one source.
func flagsOf(c command, e *Env) map[string]bool {
	pr, pw := io.Pipe()
	done := make(chan map[string]bool)
	go func() {
		m := map[string]bool{}
		sc := bufio.NewScanner(pr)
		inFlags := false
		for sc.Scan() {
			line := sc.Text()
			if line == "Flags:" {
				inFlags = true
				continue
			}
			// PrintDefaults: "  -name type" (a value) or "  -name" (a
			// boolean), the usage on the next line, indented by a tab.
			if !inFlags || !strings.HasPrefix(line, "  -") {
				continue
			}
			head, _, _ := strings.Cut(line, "\t") // "  -f\tusage" for a short boolean
			f := strings.Fields(head)
			m[strings.TrimPrefix(f[0], "-")] = len(f) > 1
		}
		io.Copy(io.Discard, pr)
		done <- m
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // nothing may run for real
	he := &Env{Args: []string{c.name, "-h"}, Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: pw,
		Getenv: e.Getenv, LookupEnv: e.LookupEnv, Environ: e.Environ, Dir: e.Dir, Executable: e.Executable}
	c.run(ctx, he, []string{"-h"})
	pw.Close()
	return <-done
}

// serverNames are the configured servers' names, from the files the
// command line being completed would read (its --config and --project).
func serverNames(e *Env, words []string) []string {
	var cf configFlags
	for i, w := range words[:len(words)-1] {
		for _, f := range []struct {
			name string
			to   *string
		}{{"config", &cf.config}, {"project", &cf.project}} {
			boolProject := f.name == "project" && slices.Contains([]string{"add", "remove", "enable", "disable"}, words[0])
			switch {
			case (w == "-"+f.name || w == "--"+f.name) && i+2 < len(words) && !boolProject:
				*f.to = words[i+1]
			case strings.HasPrefix(w, "--"+f.name+"=") || strings.HasPrefix(w, "-"+f.name+"="):
				_, *f.to, _ = strings.Cut(w, "=")
			}
		}
	}
	if cf.project == "true" {
		cf.project = "" // add/remove's bare --project
	}
	quiet := *e
	quiet.Stderr = io.Discard
	c, _, err := quiet.loadConfig(&cf, false)
	if err != nil || c == nil {
		// A file with an error still has the names it has.
		p := e.paths(&cf)
		var names []string
		for _, f := range []string{p.user, p.project} {
			if f == "" {
				continue
			}
			if cfg, err := config.Load(f); err == nil {
				for n := range cfg.Servers {
					names = append(names, n)
				}
			}
		}
		slices.Sort(names)
		return names
	}
	var names []string
	for n := range c.Servers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
