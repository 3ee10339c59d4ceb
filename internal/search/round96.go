package search

import "strings"

// A URL of one object is taken by the tools whose parameter takes that URL.
// "Summarize https://acme.sentry.io/issues/4521337/", "read the issue at
// https://myorg.sentry.io/issues/998877/": the URL names its backend by its
// host (urlHostServers, round53.go) and, in its path, the object it is one
// of -- the word before the first id-like segment ("issues" before
// "4521337", "trace" before a hex id). A tool of that backend with a
// parameter named for a URL of that object ("issueUrl") or of any of the
// backend's objects (a bare "url", as Sentry's get_sentry_resource fetches
// "a Sentry resource by URL") takes the value as it is; a search tool
// (search_issues: a query, no URL) only finds it again, and a tool whose
// URL parameter is of another object it looks up by URL or id ("replayUrl"
// with "replayId", "profileUrl" with "profileId") does not take it at all.
// objectURLBonus lifts the first by a head word's weight and lowers the
// last by as much; the request's verb still decides among those that take
// the URL (update_issue resolves, get_issue_tag_values splits by tag).
var r96Off bool

// urlObject returns, for a URL field f, the stem of the word naming the
// object its path points at ("issue" for ".../issues/4521337/"), or "".
func urlObject(f string) string {
	l := strings.ToLower(strings.Trim(f, "()<>\"'`,.;"))
	if _, rest, ok := strings.Cut(l, "://"); ok {
		l = rest
	}
	l, _, _ = strings.Cut(l, "?")
	l, _, _ = strings.Cut(l, "#")
	segs := strings.Split(l, "/")
	if len(segs) < 3 {
		return ""
	}
	for i := 2; i < len(segs); i++ {
		if !idSegment(segs[i]) {
			continue
		}
		w := segs[i-1]
		if w == "" || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
			return ""
		}
		return stem(w)
	}
	return ""
}

// idSegment reports whether a URL path segment is an object's id: digits
// only (at least three), or a hex string of at least 16.
func idSegment(s string) bool {
	if len(s) < 3 {
		return false
	}
	digits, hex := true, len(s) >= 16
	for _, r := range s {
		if r < '0' || r > '9' {
			digits = false
			if r < 'a' || r > 'f' {
				hex = false
			}
		}
	}
	return digits || hex
}

func (sc *scorer) objectURLBonus(query string, cands []int32) {
	if r96Off || !strings.Contains(query, "://") {
		return
	}
	ix := sc.ix
	var srvs []int32
	obj := ""
	for _, f := range strings.Fields(query) {
		if !strings.Contains(f, "://") {
			continue
		}
		if o := urlObject(f); o != "" {
			if s := ix.urlHostServers(strings.Trim(f, "()<>\"'`")); len(s) > 0 {
				srvs, obj = s, o
				break
			}
		}
	}
	if obj == "" {
		return
	}
	b := headIDF * ix.maxIDF
	for _, d := range cands {
		srv := ix.docServer[d]
		own := false
		for _, s := range srvs {
			own = own || s == srv
		}
		if !own {
			continue
		}
		takes, other := false, false
		ps := ix.docs[d].Params
		for _, p := range ps {
			pw := nameWordsCased(p.Name)
			if len(pw) == 0 || pw[len(pw)-1] != "url" {
				continue
			}
			if len(pw) == 1 {
				takes = true
				continue
			}
			o := stem(strings.Join(pw[:len(pw)-1], ""))
			if o == obj {
				takes = true
				continue
			}
			for _, q := range ps {
				if qw := nameWordsCased(q.Name); len(qw) > 1 && idWords[qw[len(qw)-1]] && stem(strings.Join(qw[:len(qw)-1], "")) == o {
					other = true
				}
			}
		}
		switch {
		case takes:
			sc.score[d] += b
		case other:
			sc.score[d] -= b
		}
	}
}

// slackChannelID reports whether f is a Slack channel's id, as Slack writes
// one: a capital C and seven to eleven capitals and digits, at least one
// of them a digit ("C05CIALERT", "C024BE91L", "C0INC123"; seven since
// round 105). "Let the team know in
// C05CIALERT" posts to that channel as "in #alerts" does (isChannel).
func slackChannelID(f string) bool {
	if len(f) < 8 || len(f) > 12 || f[0] != 'C' {
		return false
	}
	return capsWithDigit(f[1:])
}

// capsWithDigit reports whether s holds only capitals and digits, at
// least one a digit.
func capsWithDigit(s string) bool {
	digit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r < 'A' || r > 'Z':
			return false
		}
	}
	return digit
}

// storeSource reports whether a request takes its data "from" something
// ("monthly signups from the local postgres db as a line chart", "revenue
// per region from the postgres database"): what a named backend that runs
// queries holds is read, whatever the request's verb (plot, chart, make),
// so namedTools gives its query tool a place as it does a request to read.
func storeSource(query string) bool {
	if r96Off {
		return false
	}
	for _, f := range strings.Fields(query) {
		if strings.EqualFold(f, "from") {
			return true
		}
	}
	return false
}
