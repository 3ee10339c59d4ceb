// Package roles classifies backend tools by the three roles of the
// lethal trifecta: private data (the tool reads the user's files, repos,
// mail, databases), untrusted content (it returns text from the open
// world: web pages, search results, issues, messages) and external
// communication (it can send data out: requests, posts, mail, pushes).
// A tool may have any subset of the three.
//
// Roles come from, in order: the user's rules for the server (config
// "roles"), the shipped profile of a well-known server (matched by its
// npm package or binary in the launch), and heuristics over the tool's
// MCP annotations, parameter names, name and description. The package is
// pure: no I/O, no goroutines, deterministic.
package roles

import (
	"encoding/json"
	"path"
	"slices"
	"strings"
)

// Set is a set of roles. The zero value is no role.
type Set uint8

// The three roles.
const (
	Private   Set = 1 << iota // reads the user's private data
	Untrusted                 // returns content from the open world
	External                  // can send data out
	// All is the lethal trifecta: all three roles.
	All = Private | Untrusted | External
)

// names are the role names in config and output, in Set bit order.
var names = []string{"private", "untrusted", "external"}

// Names returns the names of the roles in s, in the order private,
// untrusted, external.
func (s Set) Names() []string {
	var out []string
	for i, n := range names {
		if s&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// String is the role names joined by "+", or "none".
func (s Set) String() string {
	if s == 0 {
		return "none"
	}
	return strings.Join(s.Names(), "+")
}

// Has reports whether s holds every role of r.
func (s Set) Has(r Set) bool { return s&r == r }

// Parse returns the role named name ("private", "untrusted", "external").
func Parse(name string) (Set, bool) {
	for i, n := range names {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// RoleNames lists the valid role names, for error messages.
func RoleNames() []string { return append([]string(nil), names...) }

// Tool is what the classifier reads of a tool. The hints are the MCP
// annotations as sent: nil when the server did not send one.
type Tool struct {
	Name        string
	Title       string
	Description string
	InputSchema json.RawMessage
	ReadOnly    *bool // readOnlyHint
	Destructive *bool // destructiveHint
	OpenWorld   *bool // openWorldHint
}

// Server is what the classifier reads of a server's launch, to find the
// shipped profile of a well-known server.
type Server struct {
	Name    string
	Command string
	Args    []string
	URL     string
}

// Rule gives the tools whose names match Glob (path.Match syntax with '/'
// an ordinary character, or an exact name) the roles Roles; an empty
// Roles means "no role".
type Rule struct {
	Glob  string
	Roles Set
}

// Result is a tool's roles and where they came from.
type Result struct {
	Roles Set
	// Why says where the roles came from: "config", "profile <name>", or
	// the heuristic signals, such as "openWorldHint, param url".
	Why string
}

// Classify returns the roles of t, a tool of srv. rules are the user's
// (config "roles" of the server, in file order): an exact name match
// wins, then the first glob that matches; they replace every default.
func Classify(srv Server, t Tool, rules []Rule) Result {
	if r, ok := match(rules, t.Name); ok {
		return Result{Roles: r, Why: "config"}
	}
	if p := ProfileOf(srv); p != nil {
		return Result{Roles: p.classify(t), Why: "profile " + p.Name}
	}
	return heuristic(t)
}

// match finds the rule for name: an exact one first, then the first glob.
func match(rules []Rule, name string) (Set, bool) {
	for _, r := range rules {
		if r.Glob == name {
			return r.Roles, true
		}
	}
	for _, r := range rules {
		if ok, _ := globMatch(r.Glob, name); ok {
			return r.Roles, true
		}
	}
	return 0, false
}

// globMatch is path.Match with '/' an ordinary character: a tool name is
// one flat string, and path.Match's '*' stopping at '/' left a backend's
// "send_mail/bulk" out of the user's "send_*": ["external"] (and "*" out
// of every rule).
func globMatch(pattern, name string) (bool, error) {
	if !strings.Contains(pattern, "/") && !strings.Contains(name, "/") {
		return path.Match(pattern, name)
	}
	return path.Match(strings.ReplaceAll(pattern, "/", "\x00"), strings.ReplaceAll(name, "/", "\x00"))
}

// ServerRoles is what srv may bring before its tool list is known: the
// union of its profile's roles (none for a server without a profile) and
// of the roles the user's rules name.
func ServerRoles(srv Server, rules []Rule) Set {
	var s Set
	if p := ProfileOf(srv); p != nil {
		s = p.Reads | p.Writes
		for _, r := range p.Rules {
			s |= r.Roles
		}
	}
	for _, r := range rules {
		s |= r.Roles
	}
	return s
}

// action is whether a tool reads or changes things.
type action int

const (
	unknown action = iota
	reads
	writes
)

// actionOf decides from readOnlyHint, else from the verb in the name.
func actionOf(t Tool) action {
	if t.ReadOnly != nil {
		if *t.ReadOnly {
			return reads
		}
		return writes
	}
	for _, w := range words(t.Name) {
		switch {
		case readVerbs[w]:
			return reads
		case writeVerbs[w]:
			return writes
		}
	}
	return unknown
}

var readVerbs = set("get", "list", "search", "find", "read", "query", "fetch", "retrieve", "count", "explain",
	"describe", "show", "view", "check", "validate", "whoami", "lookup", "browse", "scrape", "crawl", "extract",
	"download", "export", "aggregate", "open", "inspect", "analyze", "stats", "status", "lint", "snapshot",
	"screenshot", "history", "logs", "log", "load", "resolve", "geocode", "directions", "map", "research")

var writeVerbs = set("create", "update", "delete", "post", "send", "push", "write", "edit", "move", "add", "remove",
	"set", "patch", "put", "merge", "fork", "publish", "upload", "reply", "comment", "approve", "run", "deploy",
	"execute", "insert", "drop", "rename", "click", "fill", "type", "navigate", "submit", "invite", "share",
	"notify", "tweet", "email", "mail", "message", "call", "trigger", "upsert", "apply", "commit", "rerun", "mark",
	"toggle", "close", "resize", "press", "hover", "drag", "select", "evaluate", "emulate", "handle")

// heuristic classifies a tool of an unknown server.
func heuristic(t Tool) Result {
	act := actionOf(t)
	nameW := words(t.Name)
	descW := words(firstChars(t.Title+" "+t.Description, 300))
	params := paramNames(t.InputSchema)
	var s Set
	var why []string
	add := func(r Set, reason string) {
		s |= r
		why = append(why, reason)
	}
	closed := t.OpenWorld != nil && !*t.OpenWorld // openWorldHint: false
	open := t.OpenWorld != nil && *t.OpenWorld

	// A parameter that names a place to send to makes a tool external;
	// a URL it fetches carries data out in the URL itself.
	for _, p := range params {
		pw := words(p)
		if len(pw) == 0 {
			continue
		}
		last := pw[len(pw)-1]
		switch {
		case sinkParams[last] && act != reads:
			add(External, "param "+p)
		case urlParams[last]:
			if act == reads || hasAny(nameW, fetchWords) {
				add(Untrusted|External, "param "+p)
			} else {
				add(External, "param "+p)
			}
		}
	}
	if open && !closed {
		if act == reads {
			add(Untrusted, "openWorldHint")
		} else if act == writes {
			add(External, "openWorldHint")
		}
	}
	if !closed {
		if act != writes && (hasAny(nameW, untrustedWords) || hasAny(descW, untrustedWords)) {
			add(Untrusted, "words")
		}
		if act == writes && (hasAny(nameW, externalWords) || hasAny(descW[:min(len(descW), 8)], externalWords)) {
			add(External, "words")
		}
	}
	if act != writes && (hasAny(nameW, privateWords) || hasAny(descW, privateWords)) {
		add(Private, "words")
	}
	if s == 0 {
		return Result{Why: "no signal"}
	}
	return Result{Roles: s, Why: strings.Join(dedupe(why), ", ")}
}

var (
	sinkParams = set("to", "recipient", "recipients", "cc", "bcc", "email", "emails", "channel", "webhook",
		"phone", "address", "endpoint", "destination", "target")
	urlParams      = set("url", "urls", "uri", "href", "link")
	fetchWords     = set("fetch", "get", "read", "scrape", "crawl", "navigate", "browse", "open", "download", "request", "extract")
	untrustedWords = set("web", "internet", "url", "urls", "fetch", "scrape", "crawl", "browse", "browser", "html",
		"news", "tweet", "tweets", "rss", "feed", "comment", "comments", "issue", "issues", "review", "reviews",
		"inbox", "message", "messages", "email", "emails", "website", "webpage", "search")
	externalWords = set("send", "post", "publish", "email", "mail", "message", "tweet", "comment", "reply", "share",
		"upload", "notify", "invite", "webhook", "http", "request", "submit", "push", "sms", "slack", "discord")
	privateWords = set("file", "files", "directory", "directories", "folder", "repo", "repository", "repositories",
		"database", "db", "sql", "table", "tables", "collection", "collections", "record", "records", "note", "notes",
		"document", "documents", "mail", "email", "emails", "inbox", "message", "messages", "calendar", "contact",
		"contacts", "secret", "secrets", "env", "environment", "credential", "credentials", "memory", "graph",
		"private", "personal", "account", "customer", "customers")
)

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func hasAny(ws []string, in map[string]bool) bool {
	for _, w := range ws {
		if in[w] {
			return true
		}
	}
	return false
}

func dedupe(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func firstChars(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// words splits s into lower-case words at non-letters and at camelCase
// boundaries: "slack_postMessage" -> slack, post, message.
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			cur = append(cur, r)
		case r >= 'A' && r <= 'Z':
			if prev >= 'a' && prev <= 'z' {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return out
}

// paramNames are the top-level property names of a JSON Schema object
// (nil for anything else).
func paramNames(schema json.RawMessage) []string {
	if len(schema) == 0 {
		return nil
	}
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return nil
	}
	out := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
