package config

import "fmt"

// rule is how a project file may change a setting of the user's.
type rule int

const (
	lower           rule = iota // a smaller number or duration tightens
	onlyOn                      // turning it on tightens (quarantine, read-only)
	onlyOff                     // turning it off tightens (exposing more tools)
	widen                       // confirming more tightens (confirm)
	onlyOffInverted             // like onlyOff, for a bool stored negated (autoSync is ManualSync)
	higher                      // a larger number or duration tightens (trifectaWindow)
	stricter                    // a later value tightens: warn < confirm < block (trifecta)
)

// settingRules lists every setting: its name in the file, how a project
// may change it, and the field. A setting added to Settings must be
// added here (overlay and the project rules use this table only).
var settingRules = []struct {
	name  string
	rule  rule
	field func(*Settings) any // *Duration, *int, *bool, *Confirm or *Trifecta
}{
	{"executeTimeout", lower, func(s *Settings) any { return &s.ExecuteTimeout }},
	{"maxExecuteTimeout", lower, func(s *Settings) any { return &s.MaxExecuteTimeout }},
	{"callTimeout", lower, func(s *Settings) any { return &s.CallTimeout }},
	{"startTimeout", lower, func(s *Settings) any { return &s.StartTimeout }},
	{"idleTimeout", lower, func(s *Settings) any { return &s.IdleTimeout }},
	{"maxConnections", lower, func(s *Settings) any { return &s.MaxConnections }},
	{"autoExpose", onlyOff, func(s *Settings) any { return &s.AutoExpose }},
	{"autoExposeMaxTools", lower, func(s *Settings) any { return &s.AutoExposeMaxTools }},
	{"autoExposeMaxTotal", lower, func(s *Settings) any { return &s.AutoExposeMaxTotal }},
	{"callTool", onlyOff, func(s *Settings) any { return &s.CallTool }},
	{"quarantineNewServers", onlyOn, func(s *Settings) any { return &s.QuarantineNewServers }},
	{"readOnly", onlyOn, func(s *Settings) any { return &s.ReadOnly }},
	{"maxScripts", lower, func(s *Settings) any { return &s.MaxScripts }},
	{"scriptMemoryMB", lower, func(s *Settings) any { return &s.ScriptMemoryMB }},
	{"maxCallsPerScript", lower, func(s *Settings) any { return &s.MaxCallsPerScript }},
	{"maxResultBytes", lower, func(s *Settings) any { return &s.MaxResultBytes }},
	{"maxMessageBytes", lower, func(s *Settings) any { return &s.MaxMessageBytes }},
	{"daemonIdleTimeout", lower, func(s *Settings) any { return &s.DaemonIdleTimeout }},
	{"confirm", widen, func(s *Settings) any { return &s.Confirm }},
	{"autoSync", onlyOffInverted, func(s *Settings) any { return &s.ManualSync }},
	{"trifecta", stricter, func(s *Settings) any { return &s.Trifecta }},
	{"trifectaWindow", higher, func(s *Settings) any { return &s.TrifectaWindow }},
}

// overlay returns base with the fields of top that were set in its file.
func overlay(base, top Settings, set map[string]bool) Settings {
	for _, r := range settingRules {
		if set[r.name] {
			copyField(r.field(&base), r.field(&top))
		}
	}
	return base
}

func copyField(dst, src any) {
	switch d := dst.(type) {
	case *Duration:
		*d = *src.(*Duration)
	case *int:
		*d = *src.(*int)
	case *bool:
		*d = *src.(*bool)
	case *Confirm:
		*d = *src.(*Confirm)
	case *Trifecta:
		*d = *src.(*Trifecta)
	}
}

// tighten returns user with the settings of a project file (path) that
// tighten it; each setting that would loosen the user's value keeps the
// user's value and adds a warning naming the file and the field.
func tighten(user, project Settings, set map[string]bool, path string) (Settings, []string) {
	eff := user.Defaults() // what the user's settings mean now
	var warns []string
	for _, r := range settingRules {
		if !set[r.name] {
			continue
		}
		var ok bool
		var have, want any
		switch p := r.field(&project).(type) {
		case *Duration:
			u := *r.field(&eff).(*Duration)
			ok, have, want = *p <= u, u, *p
			if r.rule == higher {
				ok = *p >= u
			}
		case *Trifecta:
			u := *r.field(&eff).(*Trifecta)
			ok, have, want = *p >= u, u, *p
		case *int:
			u := *r.field(&eff).(*int)
			ok, have, want = *p <= u, u, *p
		case *bool:
			u := *r.field(&eff).(*bool)
			switch r.rule {
			case onlyOn:
				ok = *p || !u
			case onlyOff:
				ok = !*p || u
			}
			have, want = u, *p
			if r.rule == onlyOffInverted { // stored negated: turning manual on tightens
				ok, have, want = *p || !u, !u, !*p
			}
		case *Confirm:
			// A project may confirm more, never less: its value is
			// added to the user's.
			u := *r.field(&eff).(*Confirm)
			*r.field(&user).(*Confirm) = u.Union(*p)
			if !p.covers(u) {
				warns = append(warns, fmt.Sprintf("%s: settings.confirm: a project file can only widen the user's confirmation; keeping the user's on top of the project's", path))
			}
			continue
		}
		if ok {
			copyField(r.field(&user), r.field(&project))
			continue
		}
		warns = append(warns, fmt.Sprintf("%s: settings.%s: a project file can only tighten the user's settings; keeping %v, not %v", path, r.name, have, want))
	}
	return user, warns
}
