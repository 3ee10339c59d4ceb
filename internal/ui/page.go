package ui

import (
	"fmt"
	"html/template"
	"strings"
	"sync"
	"time"
)

// pageData is what the templates see.
type pageData struct {
	Snapshot
	Token     string
	Nonce     string
	Notice    string
	RefreshMS int64
	Now       time.Time
	// Shell: the page without its content (a navigation, which carries
	// no token); its script fetches the content with the token.
	Shell bool
}

// shownCalls bounds the recent calls on the page.
const shownCalls = 50

const (
	pageTmpl = "page"
	liveTmpl = "live"
)

// templates parses the page on first use, not at start-up: every
// switchboard process links this package, few serve the page.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"join": func(s []string) string { return strings.Join(s, ", ") },
		"ms": func(d time.Duration) string {
			return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
		},
		"size": func(n int) string {
			switch {
			case n < 1000:
				return fmt.Sprintf("%d B", n)
			case n < 1000*1000:
				return fmt.Sprintf("%.1f kB", float64(n)/1000)
			}
			return fmt.Sprintf("%.1f MB", float64(n)/1e6)
		},
		"ago": func(now, t time.Time) string {
			d := now.Sub(t).Round(time.Second)
			if d < time.Second {
				return "just now"
			}
			return d.String() + " ago"
		},
		"clock": func(t time.Time) string { return t.Local().Format("15:04:05") },
		// stamp is a row's time in full, for its tooltip: time.Time's
		// String gave "2026-12-06 18:38:07.698315668 +0000 UTC
		// m=+0.166519356", the monotonic clock's reading included.
		"stamp":  func(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05.000 MST") },
		"recent": func(cs []Call) []Call { return cs[:min(len(cs), shownCalls)] },
		"short":  func(s string) string { return s[:min(len(s), 12)] },
		"total":  func(p Pending) int { return len(p.Changes) + p.More },
	}).Parse(`
{{define "page"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard status</title>
<style nonce="{{.Nonce}}">
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
h1{font-size:1.3em;margin:0 0 .2em} h2{font-size:1.1em;margin:1.4em 0 .4em}
table{border-collapse:collapse;width:100%;background:#fff} th,td{text-align:left;padding:.25em .6em;border-bottom:1px solid #e4e4e4;vertical-align:top}
th{background:#f0f0f0;font-weight:600} code,pre{font:12px/1.35 ui-monospace,monospace} pre{background:#f4f4f4;padding:.5em;overflow:auto;max-height:20em;margin:.3em 0}
.muted{color:#777} .err{color:#a00} .ok{color:#070} .notice{background:#eef6ee;border:1px solid #9c9;padding:.5em .8em}
.state-ready{color:#070} .state-dead,.state-disabled{color:#a00} .state-starting{color:#a60}
.pending{background:#fff;border:1px solid #e0c080;padding:.5em .8em;margin:.5em 0} form.inline{display:inline;margin-left:.6em} button{font:inherit;padding:.2em .9em;cursor:pointer}
</style></head>
<body data-token="{{.Token}}" data-refresh="{{.RefreshMS}}">
<h1>Switchboard</h1>
<div class="muted">{{if not .Shell}}daemon pid {{.Daemon.Pid}} · version {{.Daemon.Version}} · up {{.Daemon.Uptime}} · {{end}}<span id="updated">{{if .Shell}}loading…{{else}}updated {{clock .Now}}{{end}}</span></div>
{{if .Notice}}<p class="notice" id="notice">{{.Notice}}</p>{{end}}
<div id="live">{{if not .Shell}}{{template "live" .}}{{end}}</div>
<script nonce="{{.Nonce}}">
(function () {
  // The token comes in the URL's fragment (never sent to a server) and
  // is kept in sessionStorage, which is this origin's alone (no cookie:
  // cookies go to every port of the host).
  var m = /^#t=([0-9A-Za-z_-]+)$/.exec(location.hash);
  if (m) sessionStorage.setItem("switchboard-token", m[1]);
  if (document.body.dataset.token) sessionStorage.setItem("switchboard-token", document.body.dataset.token);
  if (location.pathname !== "/" || location.search || location.hash) history.replaceState(null, "", "/");
  var tok = sessionStorage.getItem("switchboard-token"), every = +document.body.dataset.refresh || 3000;
  var live = document.getElementById("live"), updated = document.getElementById("updated"), last = null;
  if (!tok) { updated.textContent = "no token: open the URL that switchboard ui prints"; return; }
  function tick() {
    fetch("/live", {headers: {"X-Switchboard-Token": tok}, cache: "no-store", credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.text(); })
      .then(function (html) {
        if (html !== last) { live.innerHTML = html; last = html; }
        updated.textContent = "updated " + new Date().toLocaleTimeString();
      })
      .catch(function (e) { updated.textContent = "not updating: " + e.message + " (is the daemon running?)"; })
      .finally(function () { setTimeout(tick, every); });
  }
  if (live.firstElementChild) setTimeout(tick, every); else tick();
})();
</script>
</body></html>{{end}}

{{define "live"}}<section id="backends"><h2>Servers</h2>
{{if .Backends}}<table><tr><th>server</th><th>state</th><th>pid</th><th>uptime</th><th>tools</th><th>calls</th><th>sessions</th><th>launch</th><th>last error</th></tr>
{{range .Backends}}<tr class="backend"><td><b>{{join .Servers}}</b></td><td class="state-{{.State}}">{{.State}}</td><td>{{if .Pid}}{{.Pid}}{{end}}</td><td>{{.Uptime}}</td>
<td>{{.Tools}}{{if .Withheld}} <span class="err">({{.Withheld}} withheld)</span>{{end}}</td><td>{{.Calls}}</td>
<td>{{join .Sessions}}{{if not .Shared}} <span class="muted">(own backend)</span>{{end}}</td><td><code>{{.Identity}}</code> <span class="muted">{{.Key}}</span></td><td class="err">{{.LastError}}{{if .Note}} <span class="muted">{{.Note}}</span>{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No servers configured in any session.</p>{{end}}</section>

<section id="sessions"><h2>Sessions</h2>
{{if .Sessions}}<table><tr><th>session</th><th>client</th><th>workspace</th><th>servers</th><th>tokens: direct registration</th><th>switchboard</th><th>saved</th></tr>
{{range .Sessions}}<tr class="session"><td><code>{{.ID}}</code></td><td>{{if .Client}}{{.Client}} {{.ClientVersion}}{{else}}<span class="muted">(not initialized)</span>{{end}}{{if .Protocol}} <span class="muted">{{.Protocol}}</span>{{end}}</td>
<td><code>{{.Workspace}}</code></td><td>{{join .Servers}}</td><td>{{.Tokens.Direct}}</td><td>{{.Tokens.Switchboard}}</td><td class="{{if gt .Tokens.Saved 0}}ok{{else}}muted{{end}}">{{.Tokens.Saved}}</td></tr>
{{end}}</table><p class="muted">Tokens (o200k) of every known tool registered directly vs list_tools and execute; servers not listed yet are not counted.</p>
{{else}}<p class="muted">No agent sessions.</p>{{end}}</section>

<section id="pending"><h2>Waiting for approval</h2>
{{$tok := .Token}}{{range .Pending}}{{$id := .ID}}<div class="pending" data-id="{{.ID}}"><b>{{if .Servers}}{{join .Servers}}{{else}}<span class="muted">(no running session uses these; identity {{short .ID}})</span>{{end}}</b>
{{range .Changes}}<div class="change"><div>{{.Status}} <b class="tool">{{.Tool}}</b>
<form method="post" action="/approve" class="inline"><input type="hidden" name="t" value="{{$tok}}"><input type="hidden" name="id" value="{{$id}}"><input type="hidden" name="tool" value="{{.Tool}}"><input type="hidden" name="key" value="{{.Key}}"><button type="submit" class="approve" data-tool="{{.Tool}}">Approve</button></form></div>
<pre class="diff">{{.Diff}}</pre></div>{{end}}
{{if .More}}<p class="muted more">… and {{.More}} more changes, not shown here: <code>switchboard pins --diff</code> lists them all.</p>{{end}}
{{if gt (total .) 1}}<form method="post" action="/approve"><input type="hidden" name="t" value="{{$tok}}"><input type="hidden" name="id" value="{{.ID}}"><input type="hidden" name="digest" value="{{.Digest}}"><button type="submit" class="approve-all">Approve all {{total .}}</button></form>{{end}}
</div>{{else}}<p class="muted" id="none-pending">No tools are waiting for approval.</p>{{end}}
{{if .Withheld}}<h2>Withheld: they look like a prompt injection</h2><table><tr><th>server</th><th>tool</th><th>rules</th></tr>
{{range .Withheld}}<tr><td>{{join .Servers}}</td><td>{{.Tool}}</td><td>{{.Rules}} <span class="muted">(accept with <code>switchboard approve --accept-risk SERVER {{.Tool}}</code>)</span></td></tr>{{end}}</table>{{end}}
</section>

<section id="trifecta"><h2>Lethal trifecta</h2>
{{if .Decisions}}<table><tr><th>time</th><th>session</th><th>decision</th><th>call</th><th>after untrusted</th><th>and private</th><th>scope</th><th>reason</th></tr>
{{range .Decisions}}<tr class="decision"><td title="{{stamp .Time}}">{{clock .Time}}</td><td><code>{{.Session}}</code></td><td class="{{if eq .Outcome "refused"}}err{{else}}ok{{end}}">{{.Outcome}} <span class="muted">({{.Setting}})</span></td>
<td><b>{{.Call}}</b></td><td>{{.Source}}</td><td>{{.Private}}</td><td>{{.Scope}}</td><td>{{.Reason}}</td></tr>
{{end}}</table>{{else}}<p class="muted" id="no-decisions">No call has been checked against the trifecta yet.</p>{{end}}
{{if .Roles}}<table><tr><th>server</th><th>tool</th><th>roles</th><th>from</th></tr>
{{range .Roles}}{{$srv := .Server}}{{range .Tools}}<tr class="role"><td>{{$srv}}</td><td>{{.Tool}}</td><td><b>{{join .Roles}}</b></td><td class="muted">{{.Why}}</td></tr>
{{end}}{{if .Plain}}<tr><td>{{$srv}}</td><td class="muted" colspan="3">{{.Plain}} more tools with no role</td></tr>{{end}}{{end}}</table>
<p class="muted">Roles of the tools whose lists are known (config "roles" overrides them); <code>switchboard list --roles</code> shows every tool, <code>switchboard doctor</code> explains the trifecta.</p>{{end}}
</section>

<section id="calls"><h2>Recent calls</h2>
{{if .Calls}}<table><tr><th>time</th><th>session</th><th>client</th><th>call</th><th>latency</th><th>result</th><th>outcome</th></tr>
{{range recent .Calls}}<tr class="call"><td title="{{stamp .Time}}">{{clock .Time}}</td><td><code>{{.Session}}</code></td><td>{{.Client}}</td><td><b>{{.Server}}.{{.Tool}}</b></td><td>{{ms .Latency}}</td><td>{{size .ResultBytes}}</td>
<td class="{{if eq .Outcome "ok"}}ok{{else}}err{{end}}">{{.Outcome}}{{if .Error}}: {{.Error}}{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No calls yet.</p>{{end}}</section>{{end}}
`))
})
