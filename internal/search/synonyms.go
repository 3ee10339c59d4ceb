package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A query often says what a tool does in other words than the tool's own
// ("get rid of" for "drop", "permitted" for "allowed"). Two hand-written
// tables bridge the gap: synonymGroups are words that mean the same in
// software-tool vocabulary, relatedGroups are words that often point at the
// same tools without meaning the same. A query term matches the other members
// of its groups at synonymWeight or relatedWeight, so an exact word always
// counts more. Groups hold surface words, stemmed when the tables are built;
// a word may be in several groups. The tables are general vocabulary, not
// tuned to any query set.

// synonymWeight scales the score of a term reached through a synonym.
const synonymWeight = 0.6

// everydayWeight scales the score of a term reached from everyday speech.
const everydayWeight = 0.9

// relatedWeight scales the score of a term reached through a related word.
const relatedWeight = 0.35

var synonymGroups = [][]string{
	// Verbs of tool names.
	words("get fetch read retrieve pull show view display see load inspect look obtain grab"),
	words("create add new make insert generate build"),
	words("delete remove drop erase destroy discard purge wipe trash unset forget toss ditch nuke"),
	words("list enumerate browse all every"),
	words("update edit modify change set patch alter adjust tweak"),
	words("search find query lookup locate seek"),
	words("run execute trigger launch invoke call kick fire"),
	words("send post message notify publish ping announce"),
	words("count number total tally"),
	words("comment note reply remark annotate annotation jot"),
	words("download export save dump"),
	words("upload attach"),
	words("merge combine"),
	words("navigate go visit goto"),
	words("click press tap hit"),
	words("type enter fill input"),
	words("stop abort cancel halt pause kill terminate suspend sleep"),
	words("restart rerun retry resume redo"),
	words("approve approval accept lgtm"),
	words("validate verify check lint valid validity"),
	words("scrape crawl extract harvest"),
	words("move rename relocate"),
	words("copy duplicate clone fork"),
	words("compress zip gzip archive"),
	words("reset revert rollback undo"),
	words("emulate simulate pretend mimic"),
	words("remember memorize store memorise"),
	words("resolve close fix"),
	words("wait delay"),
	words("monitor watch track observe"),
	words("hover mouseover"),
	words("analyze analyse examine investigate diagnose"),
	words("summarize summarise summary overview"),
	words("enable activate"),
	words("disable deactivate"),
	words("deploy release ship rollout"),
	// Nouns.
	words("issue ticket bug"),
	words("repository repo codebase"),
	words("directory folder dir"),
	words("documentation docs doc manual reference guide"),
	words("screenshot screengrab screencap"),
	words("error exception crash failure fail"),
	words("user member person people account collaborator teammate"),
	words("chart graph plot visualise visualize diagram"),
	words("log logs stdout"),
	words("web internet online"),
	words("page website site url webpage"),
	words("database db"),
	words("sql select statement"),
	words("permission permitted allowed allow access authorized authorised"),
	words("direction directions route drive driving commute journey"),
	words("distance far"),
	words("duration time long"),
	words("elevation altitude height high"),
	words("coordinates latitude longitude lat lng geocode"),
	words("cost price pricing billing charge spend expense"),
	words("recent latest newest last"),
	words("all every whole entire everything"),
	words("flaky flake intermittent random unstable nondeterministic"),
	words("emoji reaction react emoticon"),
	words("label tag"),
	words("secret token credential password apikey"),
	words("env environment"),
	words("image picture photo icon graphic"),
	words("paper article publication"),
	words("metadata details detail information info"),
	words("tree hierarchy nested"),
	words("organization organisation org"),
	words("workflow automation"),
	words("dialog popup modal"),
	words("key keyboard keystroke"),
	words("resize dimension viewport"),
	words("heap allocation"),
	words("relation relationship"),
	words("entity node"),
	words("login signin authenticate authenticated"),
	words("whoami identity"),
	words("dataset records"),
	words("expire expiration expiry ttl"),
	words("cache"),
	words("todo todos"),
	words("health status"),
	words("template blueprint"),
	// File formats.
	words("yaml yml"),
	words("javascript js"),
	words("typescript ts"),
	words("markdown md"),
	words("python py"),
}

var relatedGroups = [][]string{
	words("create open start"),
	words("get open"),
	words("navigate open browse"),
	words("list show index"),
	words("update mark"),
	words("search discover explore"),
	words("run start"),
	words("send write tell"),
	words("comment discussion thread review"),
	words("repository project"),
	words("file document disk filesystem"),
	words("screenshot capture snapshot image"),
	words("issue error problem bug"),
	words("upload import"),
	words("click push"),
	words("log output console print trace"),
	words("table collection"),
	words("sql query"),
	words("page tab window"),
	words("page url link"),
	words("place business venue shop store restaurant"),
	words("address location place"),
	words("direction travel route distance duration"),
	words("performance speed slow latency trace profile"),
	words("memory heap leak"),
	words("workflow pipeline flow"),
	words("job task"),
	words("status state progress finished done"),
	words("history version revision"),
	words("commit changeset revision"),
	words("test spec"),
	words("config configuration settings setting"),
	words("variable env"),
	words("expire cache"),
	words("cache set store"),
	words("team group"),
	words("organization workspace"),
	words("entity object item record"),
	words("relation link connection edge association associate"),
	words("field property attribute column"),
	words("member user"),
	words("dark theme color scheme media"),
	words("research investigate study"),
	words("news article headline"),
	words("data dataset"),
	words("tree structure recursive"),
	words("drag drop"),
	words("secret key"),
	words("alert warning vulnerability"),
	words("artifact output"),
	words("delete clear"),
	words("done complete finish"),
	words("review approve approval feedback"),
	words("contact customer client lead"),
	words("build pipeline job ci"),
	words("board backlog"),
}

// everyday maps words of everyday speech to the words of the tools that
// do what they ask, one way only (a query saying "remember" wants a tool
// that adds an observation; one saying "add" does not want "remember"), at
// everydayWeight: such a word rarely names what a tool does, so what it
// asks for counts almost as much as the word itself.
var everyday = []struct {
	from string
	to   []string
}{
	{"remember", words("observation memory entity knowledge add create")},
	{"memorize", words("observation memory entity knowledge add create")},
	{"memorise", words("observation memory entity knowledge add create")},
	{"note", words("observation write add comment")},
	{"jot", words("note comment write create")},
	{"save", words("write create store add observation")},
	{"fix", words("edit update")},
	{"typo", words("edit")},
	{"forget", words("delete remove observation memory entity knowledge")},
	{"know", words("knowledge search read")},
	{"person", words("entity user")},
	{"people", words("entity user")},
	{"fact", words("observation entity")},
	{"draw", words("generate chart")},
	{"plot", words("generate chart")},
	{"picture", words("screenshot image")},
	{"big", words("size")},
	{"space", words("size storage")},
	{"blocking", words("link")},
	{"different", words("diff difference")},
	{"answer", words("reply")},
	{"reopen", words("update state")},
	{"layout", words("structure tree")},
	{"compare", words("diff difference")},
	{"green", words("status success")},
	{"passing", words("status success")},
	{"failing", words("status failure")},
	{"filter", words("query search")},
	{"large", words("size")},
	{"contents", words("read content list")},
	{"inside", words("list content")},
	{"put", words("move write set insert add")},
	{"say", words("send post message comment")},
	{"leave", words("add create post")}, // "leave a comment", "leave a review"
	{"notify", words("send post message")},
	{"latest", words("history")},
	{"recent", words("history")},
	{"ask", words("query search")},
	{"mention", words("search")},
	{"disk", words("file filesystem")},
	{"account", words("user")},
	{"upvote", words("emoji reaction")},
	{"chat", words("message channel")},
	{"dm", words("message")},
	{"broken", words("error failure")},
	{"succeed", words("status")},
	{"success", words("status")},
	{"snippet", words("code")},
	{"row", words("record table")},
	{"rows", words("record table")},
	{"near", words("nearby local place search")},
	{"nearby", words("local place search")},
	{"capture", words("screenshot")},
	{"screen", words("screenshot")},
	{"pic", words("image screenshot")},
	{"outline", words("tree structure")},
	{"postcode", words("address geocode")},
	{"downvote", words("emoji reaction")},
	// The records of a CRM are its objects (HubSpot's batch-create-objects
	// creates contacts, companies and deals).
	{"contact", words("object")},
	{"company", words("object")},
	{"deal", words("object")},
	{"lead", words("object")},
	// Ways of travelling: the travel modes of routing tools.
	{"train", words("transit travel")},
	{"bus", words("transit travel")},
	{"subway", words("transit travel")},
	{"metro", words("transit travel")},
	{"tram", words("transit travel")},
	{"car", words("driving travel")},
	{"bike", words("bicycling travel")},
	{"bicycle", words("bicycling travel")},
	{"foot", words("walking travel")},
	// Other names of chart types, and what each shows best.
	{"whisker", words("boxplot")},
	{"quartile", words("boxplot distribution")},
	{"quartiles", words("boxplot distribution")},
	{"outlier", words("boxplot distribution")},
	{"outliers", words("boxplot distribution")},
	{"ishikawa", words("fishbone")},
	{"choropleth", words("district map")},
	{"sunburst", words("treemap hierarchical")},
	{"doughnut", words("pie")},
	{"donut", words("pie")},
	{"gauge", words("liquid percentage")},
	{"correlate", words("scatter relationship")},
	{"correlation", words("scatter relationship")},
	{"correlated", words("scatter relationship")},
	{"brainstorm", words("mind map")},
	{"overlap", words("venn intersect")},
	{"overlapping", words("venn intersect")},
}

// phrases are multi-word idioms rewritten before analysis, matched as whole
// lowercase words.
var phrases = []struct{ from, to string }{
	{"tell the", "notify the"},
	{"tell my", "notify my"},
	{"tell our", "notify our"},
	{"how many", "count"},
	{"give me", "show me"},
	{"give us", "show us"},
	{"how big", "size"},
	{"disk space", "storage size"},
	{"disk usage", "storage size"},
	{"how large", "size"},
	{"keep in mind", "remember"},
	{"box and whisker", "boxplot"},
	{"box-and-whisker", "boxplot"},
	{"box plot", "boxplot"},
	{"cause and effect", "fishbone"},
	{"bubble chart", "scatter chart"},
	{"web chart", "radar chart"},
	{"star chart", "radar chart"},
	{"make a note", "note"},
	{"write down", "note"},
	{"jot down", "note"},
	{"who is", "user"},
	{"who's", "user"},
	{"who are", "users"},
	{"what changed", "diff"},
	{"what's changed", "diff"},
	{"what has changed", "diff"},
	{"what's in", "list"},
	{"whats in", "list"},
	{"what is in", "list"},
	{"what files are in", "list directory"},
	{"which files are in", "list directory"},
	{"what files", "list files"},
	{"which files", "list files"},
	{"what folders", "list directories"},
	{"which folders", "list directories"},
	{"what's inside", "list"},
	{"let know", "tell"},
	{"how far apart", "distance"},
	{"how far", "distance"},
	{"does it take", "it"},
	{"did it take", "it"},
	{"will it take", "it"},
	{"would it take", "it"},
	{"how long", "duration"},
	{"how high", "elevation"},
	{"how tall", "height"},
	{"sea level", "elevation"},
	{"look up", "lookup"},
	{"get rid of", "delete"},
	{"open a merge request", "create merge request"},
	{"open an mr", "create merge request"},
	{"open a pull request", "create pull request"},
	{"open a pr", "create pull request"},
	{"open an issue", "create issue"},
	{"open a ticket", "create ticket"},
	{"hold on", "wait"},
	{"shows up", "appears"},
	{"show up", "appear"},
	{"what happened", "events"},
	{"at the bottom", "append"},
	{"at the end", "append"},
	{"who else is", "users"},
	{"who has access to", "members of"},
	{"who can access", "members of"},
	{"who else", "users"},
	{"bring back", "restore"},
	{"pull up", "show"},
	{"branch off", "create branch"},
	{"walking distance", "nearby"},
	{"is there a", "find a"},
	{"is there an", "find an"},
	{"is there any", "find any"},
	{"is there anything", "find anything"},
	{"are there any", "find any"},
	{"don't need", "remove"},
	{"no longer need", "remove"},
	{"throw away", "discard"},
	{"tear down", "delete"},
	{"shut down", "stop"},
	{"take off", "remove"}, // "take my thumbs-up off the issue"
	{"go to", "navigate"},
	{"sign in", "login"},
	{"log in", "login"},
	{"logged in", "login"},
	{"logs in", "login"},
	{"where is", "find"},
	{"where's", "find"},
	{"where are", "find"},
	{"log into", "login"},
	{"sign up", "signup"},
	{"set up", "setup"},
	{"spin up", "create"},
	{"kick off", "trigger"},
	{"turn on", "enable"},
	{"turn off", "disable"},
	{"switch on", "enable"},
	{"switch off", "disable"},
	{"start over", "reset"},
	{"start fresh", "reset"},
	{"from scratch", "reset"},
	{"to do", "todo"},
	{"e mail", "email"},
	{"up to date", "latest"},
	{"file a", "create"},
	{"file an", "create"},
	{"pr", "pull request"},
	{"prs", "pull requests"},
	{"mr", "merge request"},
	{"mrs", "merge requests"},
	{"thumbs up", "add emoji reaction"},
	{"thumbs down", "add emoji reaction"},
	{"mouse over", "hover"},
	{"pop up", "popup"},
	{"pops up", "popup"},
	{"popped up", "popup"},
	{"signed in as", "whoami"},
	{"logged in as", "whoami"},
	{"who am i", "whoami"},
	{"account am i", "whoami"},
	{"roll back", "rollback"},
	{"opening hours", "place details"},
	{"zip code", "postcode"},
	{"env var", "environment variable"},
	{"env vars", "environment variables"},
}

// rewritePhrases replaces the phrases of s (case-insensitively, as whole
// words) by their rewrites, keeping the rest of s as it is.
func rewritePhrases(s string) string {
	s = openToCreate().ReplaceAllString(s, "create$1")
	var ws []phraseWord
	for i := 0; i < len(s); {
		j := strings.IndexFunc(s[i:], isWordRune)
		if j < 0 {
			break
		}
		i += j
		k := strings.IndexFunc(s[i:], func(r rune) bool { return !isWordRune(r) })
		if k < 0 {
			k = len(s) - i
		}
		ws = append(ws, phraseWord{strings.ToLower(s[i : i+k]), i, i + k})
		i += k
	}
	var b strings.Builder
	last, particle := 0, -1
	for i := 0; i < len(ws); i++ {
		if i == particle {
			// The particle of a split phrasal verb: dropped.
			b.WriteString(s[last:ws[i-1].end])
			last = ws[i].end
			continue
		}
		if j := splitParticle(s, ws, i); j > 0 {
			// "roll production back", "turn the lights off": a phrasal
			// verb with its object between the verb and the particle;
			// the object's words are rewritten as usual.
			b.WriteString(s[last:ws[i].start])
			b.WriteString(particlePhrases()[ws[i].lower+" "+ws[j].lower])
			last, particle = ws[i].end, j
			continue
		}
		for _, p := range phrasesSplit() {
			if i+len(p.from) > len(ws) {
				continue
			}
			ok := true
			for k, w := range p.from {
				if ws[i+k].lower != w {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			b.WriteString(s[last:ws[i].start])
			b.WriteString(p.to)
			last = ws[i+len(p.from)-1].end
			i += len(p.from) - 1
			break
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// particles end phrasal verbs ("roll back", "turn off").
var particles = setOf(`back off up down out away over on in`)

// clauseWords join clauses: a particle past one belongs to another verb.
var clauseWords = setOf(`and or then but also plus`)

// maxParticleGap is how many words may stand between a phrasal verb and
// its particle ("bring my paused project back").
const maxParticleGap = 4

// particlePhrases are the phrases of two words, a verb and a particle,
// by their words joined with a space; particleVerbs are their verbs.
var particlePhrases = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, p := range phrasesSplit() {
		if len(p.from) == 2 && particles[p.from[1]] && !stopWords[p.from[0]] {
			m[p.from[0]+" "+p.from[1]] = p.to
		}
	}
	return m
})

var particleVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range particlePhrases() {
		v, _, _ := strings.Cut(k, " ")
		m[v] = true
	}
	return m
})

// phraseWord is one word of a query, lowercase, and where it is.
type phraseWord struct {
	lower      string
	start, end int
}

// splitParticle returns the index in ws of the particle that completes
// the phrasal verb ws[i] when one to maxParticleGap words stand between
// them within one clause of s, or -1.
func splitParticle(s string, ws []phraseWord, i int) int {
	verb := ws[i].lower
	if !particleVerbs()[verb] {
		return -1
	}
	if i+1 < len(ws) && particles[ws[i+1].lower] {
		return -1 // "turn off the lights on the porch": the particle is here
	}
	for j := i + 2; j < len(ws) && j <= i+1+maxParticleGap; j++ {
		w := ws[j].lower
		if strings.ContainsAny(s[ws[i].end:ws[j].start], ",.;:!?") || clauseWords[w] {
			return -1
		}
		if _, ok := particlePhrases()[verb+" "+w]; ok && particles[w] {
			return j
		}
	}
	return -1
}

type splitPhrase struct {
	from []string
	to   string
}

// phrasesSplit is phrases with the words split, longest first.
// It is built on first use, as is synonyms: a process that never
// searches does not pay for them at start-up.
var phrasesSplit = sync.OnceValue(func() []splitPhrase {
	out := make([]splitPhrase, 0, len(phrases))
	for _, p := range phrases {
		// Split as rewritePhrases splits the query: "what's" is "what", "s".
		out = append(out, splitPhrase{strings.FieldsFunc(p.from, func(r rune) bool { return !isWordRune(r) }), p.to})
	}
	slices.SortStableFunc(out, func(a, b splitPhrase) int { return len(b.from) - len(a.from) })
	return out
})

// syn is one stemmed term a query term also matches, at a weight.
type syn struct {
	term string
	w    float64
	// wordnet is set for a pair from the generated WordNet tables.
	wordnet bool
}

// openToCreate matches "open" before an indefinite article and, within
// three words, a thing a tracker or a code host makes: "open an issue",
// "open a GitHub issue", "open a new pull request" create one, where "open
// the issue" shows one.
var openToCreate = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bopen((?:\s+(?:a|an))(?:\s+[\w.-]+){0,3}?\s+(?:issues?|tickets?|bugs?|prs?|pull\s+requests?|merge\s+requests?|mrs?|discussions?|threads?|incidents?|work\s+items?)\b)`)
})

// synonyms maps a stemmed term to the other stemmed members of its groups.
var synonyms = sync.OnceValue(buildSynonyms)

func buildSynonyms() map[string][]syn {
	m := map[string][]syn{}
	add := func(groups [][]string, w float64) {
		for _, g := range groups {
			for _, a := range g {
				sa := stem(a)
				for _, b := range g {
					sb := stem(b)
					if sa == sb {
						continue
					}
					if i := slices.IndexFunc(m[sa], func(s syn) bool { return s.term == sb }); i >= 0 {
						m[sa][i].w = max(m[sa][i].w, w)
						continue
					}
					m[sa] = append(m[sa], syn{term: sb, w: w})
				}
			}
		}
	}
	add(synonymGroups, synonymWeight)
	add(relatedGroups, relatedWeight)
	for _, e := range everyday {
		sa := stem(e.from)
		for _, b := range e.to {
			sb := stem(b)
			if i := slices.IndexFunc(m[sa], func(s syn) bool { return s.term == sb }); i >= 0 {
				m[sa][i].w = max(m[sa][i].w, everydayWeight)
				continue
			}
			m[sa] = append(m[sa], syn{term: sb, w: everydayWeight})
		}
	}
	addWordnet(m, wordnetSynonyms, wordnetWeight)
	addWordnet(m, wordnetHypernyms, wordnetHyperWeight)
	return m
}

func words(s string) []string { return strings.Fields(s) }

func contains(xs []string, x string) bool { return slices.Contains(xs, x) }

// wordnetWeight and wordnetHyperWeight scale the score of a term reached
// through the generated WordNet tables (wordnet_table.go): a word sharing
// one of the query word's main senses, or naming the action a query verb is
// a kind of. They are below the hand-written tables' weights: WordNet knows
// English, not what tools do.
const (
	wordnetWeight      = 0.45
	wordnetHyperWeight = 0.3
)

// addWordnet adds the pairs of a generated table ("word target target\n")
// to m at weight w, where m has no pair of the two yet: a word the
// hand-written tables map keeps their pairs (they say better what tools
// mean) and gains WordNet's others ("remember" -> retrieve as well as
// observation).
func addWordnet(m map[string][]syn, table string, w float64) {
	for line := range strings.Lines(table) {
		fs := strings.Fields(line)
		if len(fs) < 2 {
			continue
		}
		sa := stem(fs[0])
		for _, t := range fs[1:] {
			sb := stem(t)
			if sa == sb || slices.ContainsFunc(m[sa], func(s syn) bool { return s.term == sb }) {
				continue
			}
			m[sa] = append(m[sa], syn{sb, w, true})
		}
	}
}
