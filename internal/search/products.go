package search

import (
	"slices"
	"strings"
	"unicode"
)

// DefaultProducts are well-known products and services, lowercase, as a
// query would spell them. A query that mentions one that no indexed backend
// serves, and names no indexed backend, asks for something the catalog
// probably cannot do ("a Jira ticket" when only GitHub and GitLab exist); it
// is answered only on strong evidence (Options.ForeignCoverage). The list is
// general knowledge, not tuned to any query set, and holds no ordinary English
// word ("sanity", "segment") that a query may use in its plain sense;
// Options.Products replaces it. git's commands that work on a local clone
// alone ("git stash", "git rebase") count as products too: no hosted
// API does them (round106.go).
var DefaultProducts = strings.Split(`jira|confluence|trello|asana|clickup|basecamp|bitbucket|`+
	`microsoft teams|ms teams|outlook|gmail|google calendar|google drive|google docs|google sheets|`+
	`dropbox|onedrive|sharepoint|zoom|webex|discord|telegram|whatsapp|twilio|sendgrid|mailchimp|`+
	`stripe|paypal|venmo|shopify|salesforce|zendesk|intercom|freshdesk|pagerduty|opsgenie|datadog|`+
	`new relic|grafana|splunk|aws|amazon s3|ec2|gcp|google cloud|bigquery|snowflake|databricks|`+
	`kubernetes|k8s|docker hub|heroku|vercel|netlify|cloudflare|digitalocean|terraform|jenkins|`+
	`travis ci|github actions|airtable|calendly|docusign|quickbooks|xero|workday|bamboohr|spotify|`+
	`youtube|twitter|facebook|instagram|linkedin|reddit|tiktok|uber|lyft|airbnb|expedia|doordash|`+
	`zapier|okta|auth0|1password|lastpass|miro|canva|photoshop|servicenow|smartsheet|wrike|`+
	`evernote|todoist|icloud|alexa|google home|philips hue|home assistant|smartthings|tesla|fitbit|`+
	`azure blob|dynamodb|elasticsearch|kafka|rabbitmq|mysql|sqlite|oracle|cassandra|firebase|`+
	`bigcommerce|woocommerce|wordpress|webflow|contentful|mixpanel|amplitude|pipedrive|marketo|`+
	`google analytics|hotjar|optimizely|launchdarkly|statuspage|gitbook|readme.io|postman|`+
	`google meet|skype|yelp|opentable|tripadvisor|pinterest|snapchat|twitch|soundcloud|apple music|`+
	`openai|chatgpt|anthropic|gemini|copilot|netflix|amazon|ebay|etsy|`+
	`helm|ansible|prometheus|argocd|argo cd|sonarqube|snyk|dependabot|pypi|hashicorp|openshift|`+
	`minikube|nginx|apache kafka|memcached|mariadb|sql server|mssql|neo4j|clickhouse|influxdb|`+
	`cockroachdb|planetscale|tableau|looker|power bi|metabase|powerpoint|google slides|google forms|`+
	`typeform|surveymonkey|loom|mattermost|rocket.chat|imessage|facetime|gitea|gerrit|buildkite|`+
	`teamcity|jfrog|artifactory|mailgun|braintree|klarna|coinbase|robinhood|instacart|grubhub|`+
	`uber eats|booking.com|kayak|skyscanner|strava|peloton|garmin|myfitnesspal|sonos|roku|hulu|`+
	`audible|kindle|goodreads|substack|squarespace|wix|godaddy|namecheap|protonmail|monday.com|`+
	`zoho|bitwarden|testflight|google play|google photos|icloud drive|`+
	`aws lambda|lambda functions|s3|cloudfront|route 53|route53|excel|subreddit|teams channel|`+
	`azure vm|azure functions|azure virtual machine|google workspace|microsoft 365|office 365|`+
	`kubectl|eks|gke|aks|fargate|cloudwatch|cloud run|app engine|pulumi|cloudformation|kibana|opensearch|`+
	`rollbar|bugsnag|logrocket|jaeger|git stash|git rebase|git bisect|git cherry-pick|git reflog|`+
	`npm|yarn|pnpm|crates.io|rubygems|nuget|cocoapods|homebrew|let's encrypt|letsencrypt|certbot|jest|pytest`, "|")

// productSet is a prepared list of product names.
type productSet [][]string // each product as its lowercase words

func newProductSet(names []string) productSet {
	var ps productSet
	for _, n := range names {
		if ws := lowerWords(n); len(ws) > 0 {
			ps = append(ps, ws)
		}
	}
	return ps
}

// lowerWords splits s into lowercase runs of letters and digits.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !isWordRune(r) })
}

// mentioned returns the products whose words occur consecutively in query.
func (ps productSet) mentioned(query string) [][]string {
	qw := lowerWords(query)
	var out [][]string
	for _, p := range ps {
		for i := 0; i+len(p) <= len(qw); i++ {
			if equalWords(qw[i:i+len(p)], p) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// served reports whether some backend serves product p: every word of p is
// in the backend's name, or is a term of at least a quarter of its tools.
func (ix *Index) served(p []string) bool {
	var ok map[int32]bool // backends serving every word so far
	for _, w := range p {
		cur := ix.servingWord(stem(w))
		if ok != nil {
			for s := range cur {
				if !ok[s] {
					delete(cur, s)
				}
			}
		}
		ok = cur
		if len(ok) == 0 {
			return false
		}
	}
	return len(ok) > 0
}

// servingWord returns the backends that have term t in their name or in at
// least a quarter of their tools, and in two of them unless the backend has
// one: a product one tool of a small backend names in an example
// ("/vercel/next.js" in one of Context7's two tools) is not what the
// backend serves.
func (ix *Index) servingWord(t string) map[int32]bool {
	out := map[int32]bool{}
	if id, ok := ix.srv.lookup(t); ok {
		for _, p := range ix.srv.post[id] {
			if p.named {
				out[p.doc] = true
			}
		}
	}
	if id, ok := ix.tools.lookup(t); ok {
		n := map[int32]int{}
		for _, p := range ix.tools.post[id] {
			n[ix.docServer[p.doc]]++
		}
		for s, c := range n {
			if 4*c >= ix.srvSize[s] && (c >= 2 || ix.srvSize[s] == 1) {
				out[s] = true
			}
		}
	}
	return out
}

// vendorProducts returns the products a query names by a backend's vendor
// word and another capitalised word ("Google Hangouts", "Azure Functions"):
// the vendor word is a word of a backend's name before its last one
// ("google" of google-maps), and the word after it is neither in that
// name nor a word (or hand-written synonym of a word) of that backend's
// tools. Such a query asks for another product of the vendor, which no
// backend serves, like a product of DefaultProducts.
func (ix *Index) vendorProducts(query string) [][]string {
	if len(ix.vendors) == 0 || !hasUpperAfterStart(query) {
		return nil
	}
	var names map[string]bool
	ws := lowerWords(withoutValues(query))
	var out [][]string
	for i := 0; i+1 < len(ws); i++ {
		srv, ok := ix.vendors[ws[i]]
		next := ws[i+1]
		if !ok || stopWords[next] {
			continue
		}
		if names == nil {
			names = properNames(query)
		}
		if !names[stem(next)] {
			continue
		}
		for _, s := range srv {
			if !slices.Contains(ix.srvWords[s], next) && !ix.backendUses(s, next) {
				out = append(out, []string{ws[i], next})
				break
			}
		}
	}
	return out
}

// buildVendors records the vendor words of backend names: the words of a
// name of several words before its last ("google" of google-maps).
func (ix *Index) buildVendors() {
	ix.srvWords = make([][]string, len(ix.servers))
	for s, name := range ix.servers {
		nw := lowerWords(name)
		ix.srvWords[s] = nw
		for _, w := range nw[:max(len(nw)-1, 0)] {
			if ix.vendors == nil {
				ix.vendors = map[string][]int32{}
			}
			if !slices.Contains(ix.vendors[w], int32(s)) {
				ix.vendors[w] = append(ix.vendors[w], int32(s))
			}
		}
	}
}

// backendUses reports whether some tool of backend s uses word w, or one
// of its hand-written synonyms.
func (ix *Index) backendUses(s int32, w string) bool {
	has := func(t string) bool {
		id, ok := ix.srv.lookup(t)
		if !ok {
			return false
		}
		for _, p := range ix.srv.post[id] {
			if p.doc == s {
				return true
			}
		}
		return false
	}
	t := stem(w)
	if has(t) {
		return true
	}
	for _, e := range synonyms()[t] {
		if !e.wordnet && has(e.term) {
			return true
		}
	}
	return false
}

// productArticle reports whether the query asks for a thing of a product
// by an indefinite article, a capitalised name no tool's or backend's name
// uses and
// a word tools use ("open a Linear ticket", "add an Asana task"): the
// kind of thing a product makes, not one thing's name ("the Atlas
// project", "a project called Atlas").
// newWords may stand between an article and a product's name.
var newWords = setOf(`new fresh separate second another`)

func (ix *Index) productArticle(query string) bool {
	if !hasUpperAfterStart(query) {
		return false // no capitalised name or acronym past the first letter
	}
	fs := strings.Fields(withoutValues(rewritePhrases(query)))
	for i := 1; i+1 < len(fs); i++ {
		if acronymDeterminers[strings.ToLower(fs[i-1])] && ix.foreignAcronym(fs[i], fs[i+1]) {
			return true
		}
	}
	for i := 0; i+2 < len(fs); i++ {
		if a := strings.ToLower(fs[i]); a != "a" && a != "an" {
			continue
		}
		if newWords[strings.ToLower(fs[i+1])] && i+3 < len(fs) {
			i++ // "a new Linear issue"
		}
		name := strings.Trim(fs[i+1], ".,;:!?()\"'`")
		r := []rune(name)
		if len(r) < 2 || !unicode.IsUpper(r[0]) || unicode.IsUpper(r[1]) || strings.IndexFunc(name, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			continue
		}
		t := stem(strings.ToLower(name))
		if id, ok := ix.tools.lookup(t); ok && ix.nameWord[id] || ix.isServerWord(t) {
			continue
		}
		if _, ok := ix.tools.lookup(stem(strings.ToLower(strings.Trim(fs[i+2], ".,;:!?()\"'`")))); ok {
			return true
		}
	}
	return false
}

// foreignAcronym reports whether f is an acronym no tool's text and no
// backend's name uses ("S3", "TLS", "SSH") before a word tools use ("an
// S3 bucket", "the TLS certificate"): a technology the catalog does not
// cover. Acronyms tools use ("a CSV file", "the DSN") are no such thing.
func (ix *Index) foreignAcronym(f, next string) bool {
	f = strings.Trim(f, ".,;:!?()\"'`")
	if len(f) < 2 || len(f) > 5 || strings.ToUpper(f) != f || strings.IndexFunc(f, unicode.IsLetter) < 0 ||
		strings.IndexFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
		return false
	}
	t := stem(strings.ToLower(f))
	if _, ok := ix.tools.lookup(t); ok || ix.isServerWord(t) || stopWords[strings.ToLower(f)] || placeAcronym(f) {
		return false
	}
	_, ok := ix.tools.lookup(stem(strings.ToLower(strings.Trim(next, ".,;:!?()\"'`"))))
	return ok
}

// acronymDeterminers come before an acronym that names a kind of thing
// ("an S3 bucket", "the TLS certificate"), not its use in passing ("a slow
// 3G network", "a report on EV batteries").
var acronymDeterminers = setOf(`a an the my our your this that`)

// hasUpperAfterStart reports whether query has an upper-case letter past
// its first character: a name or acronym may be in it.
func hasUpperAfterStart(query string) bool {
	for i, r := range query {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
