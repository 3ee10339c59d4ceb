package roles

import (
	"path"
	"strings"
)

// Profile is the shipped classification of a well-known server: its
// read tools get Reads, the others Writes, except the tools a Rule
// names (first match wins). A tool reads when its readOnlyHint says so,
// else when its name starts with a read verb (get, list, search, …).
type Profile struct {
	Name string // the short name, as in the corpus ("github")
	// Match are the npm packages (scope included) and binary names that
	// identify the server in a launch.
	Match  []string
	Reads  Set
	Writes Set
	Rules  []Rule
}

func (p *Profile) classify(t Tool) Set {
	if r, ok := match(p.Rules, t.Name); ok {
		return r
	}
	if actionOf(t) == writes {
		return p.Writes
	}
	return p.Reads
}

const (
	none = Set(0)
	pu   = Private | Untrusted
	ue   = Untrusted | External
)

// Profiles are the shipped defaults, for the servers of the corpus and a
// few other well-known ones. Reasons, briefly: code hosts and chat return
// other people's text (untrusted) from the user's own repos and channels
// (private), and their writes publish (external); search and scraping
// servers return the open web, and a URL they fetch carries data out;
// browsers read pages and their actions submit them; databases and files
// are private and writing them stays local; chart renderers send the data
// to a rendering service.
var Profiles = []*Profile{
	{Name: "filesystem", Match: []string{"@modelcontextprotocol/server-filesystem", "mcp-server-filesystem"}, Reads: Private},
	{Name: "github", Match: []string{"@modelcontextprotocol/server-github", "mcp-server-github", "github-mcp-server"}, Reads: pu, Writes: External,
		Rules: []Rule{{"search_users", Untrusted}}},
	{Name: "gitlab", Match: []string{"@modelcontextprotocol/server-gitlab", "mcp-server-gitlab"}, Reads: pu, Writes: External},
	{Name: "zereight-gitlab", Match: []string{"@zereight/mcp-gitlab", "mcp-gitlab"}, Reads: pu, Writes: External,
		Rules: []Rule{{"delete_*", none}, {"unprotect_branch", none}, {"protect_branch", none}, {"mark_*", none}, {"health_check", none}, {"discover_tools", none}, {"validate_*", none}}},
	{Name: "azure-devops", Match: []string{"@azure-devops/mcp", "mcp-server-azuredevops"}, Reads: pu, Writes: External,
		Rules: []Rule{{"*_write", External}, {"repo_create_branch", External}, {"wiki_upsert_page", External}}},
	{Name: "slack", Match: []string{"@modelcontextprotocol/server-slack", "mcp-server-slack"}, Reads: pu, Writes: External,
		Rules: []Rule{{"slack_list_channels", Private}, {"slack_get_users", Private}, {"slack_get_user_profile", Private}}},
	{Name: "notion", Match: []string{"@notionhq/notion-mcp-server", "notion-mcp-server"}, Reads: pu, Writes: External,
		Rules: []Rule{{"API-post-search", pu}, {"API-query-data-source", pu}, {"API-delete-*", none}, {"API-move-page", none}, {"API-get-self", none}}},
	{Name: "sentry", Match: []string{"@sentry/mcp-server", "sentry-mcp"}, Reads: pu,
		Rules: []Rule{{"whoami", none}, {"search_docs", Untrusted}, {"get_doc", Untrusted}}},
	{Name: "circleci", Match: []string{"@circleci/mcp-server-circleci", "mcp-server-circleci"}, Reads: pu,
		Rules: []Rule{{"config_helper", none}}},
	{Name: "figma", Match: []string{"figma-developer-mcp"}, Reads: pu, Writes: Private,
		Rules: []Rule{{"download_figma_images", Private}}},
	{Name: "brave-search", Match: []string{"@modelcontextprotocol/server-brave-search", "mcp-server-brave-search"}, Reads: Untrusted, Writes: Untrusted},
	{Name: "exa", Match: []string{"exa-mcp-server"}, Reads: Untrusted, Rules: []Rule{{"web_fetch_exa", ue}}},
	{Name: "tavily", Match: []string{"tavily-mcp"}, Reads: Untrusted, Writes: Untrusted,
		Rules: []Rule{{"tavily_extract", ue}, {"tavily_crawl", ue}, {"tavily_map", ue}}},
	{Name: "context7", Match: []string{"@upstash/context7-mcp", "context7-mcp"}, Reads: Untrusted},
	{Name: "google-maps", Match: []string{"@modelcontextprotocol/server-google-maps", "mcp-server-google-maps"}, Reads: Untrusted, Writes: Untrusted},
	{Name: "firecrawl", Match: []string{"firecrawl-mcp"}, Reads: Untrusted, Writes: ue,
		Rules: []Rule{{"firecrawl_scrape", ue}, {"firecrawl_crawl", ue}, {"firecrawl_map", ue}, {"firecrawl_extract", ue}, {"firecrawl_agent", ue}, {"firecrawl_interact", ue},
			{"firecrawl_search", Untrusted}, {"firecrawl_research_search_*", Untrusted}, {"firecrawl_*_status", Untrusted},
			{"firecrawl_monitor_delete", none}, {"firecrawl_interact_stop", none}, {"firecrawl_*feedback", External}, {"firecrawl_parse", Untrusted}}},
	{Name: "apify", Match: []string{"@apify/actors-mcp-server", "actors-mcp-server"}, Reads: Untrusted, Writes: ue,
		Rules: []Rule{{"abort-actor-run", none}}},
	{Name: "fetch", Match: []string{"mcp-server-fetch", "@modelcontextprotocol/server-fetch"}, Reads: ue, Writes: ue},
	{Name: "puppeteer", Match: []string{"@modelcontextprotocol/server-puppeteer", "mcp-server-puppeteer"}, Reads: Untrusted, Writes: ue,
		Rules: []Rule{{"puppeteer_navigate", ue}, {"puppeteer_screenshot", Untrusted}, {"puppeteer_hover", Untrusted}}},
	{Name: "playwright", Match: []string{"@playwright/mcp", "playwright-mcp"}, Reads: Untrusted, Writes: ue,
		Rules: []Rule{{"browser_close", none}, {"browser_resize", none}, {"browser_file_upload", Private | External}}},
	{Name: "chrome-devtools", Match: []string{"chrome-devtools-mcp"}, Reads: Untrusted, Writes: ue,
		Rules: []Rule{{"close_page", none}, {"resize_page", none}, {"emulate", none}, {"upload_file", Private | External}, {"new_page", ue}}},
	{Name: "postgres", Match: []string{"@modelcontextprotocol/server-postgres", "mcp-server-postgres"}, Reads: Private},
	{Name: "redis", Match: []string{"@modelcontextprotocol/server-redis", "mcp-server-redis"}, Reads: Private},
	{Name: "mongodb", Match: []string{"mongodb-mcp-server"}, Reads: Private,
		Rules: []Rule{{"search-knowledge", Untrusted}, {"list-knowledge-sources", none}, {"connect", none}, {"disconnect", none}, {"mongodb-logs", Private}}},
	{Name: "supabase", Match: []string{"@supabase/mcp-server-supabase", "mcp-server-supabase"}, Reads: Private,
		Rules: []Rule{{"execute_sql", Private}, {"deploy_edge_function", External}}},
	{Name: "memory", Match: []string{"@modelcontextprotocol/server-memory", "mcp-server-memory"}, Reads: Private},
	{Name: "hubspot", Match: []string{"@hubspot/mcp-server", "mcp-hubspot"}, Reads: Private,
		Rules: []Rule{{"hubspot-create-engagement", External}, {"hubspot-generate-feedback-link", none}, {"hubspot-get-link", none}}},
	{Name: "n8n", Match: []string{"n8n-mcp"}, Writes: External,
		Rules: []Rule{{"n8n_get_workflow", Private}, {"n8n_list_workflows", Private}, {"n8n_executions", Private}, {"n8n_workflow_versions", Private},
			{"n8n_manage_credentials", Private}, {"n8n_audit_instance", Private}, {"n8n_delete_workflow", none}, {"n8n_test_workflow", External}, {"n8n_health_check", none},
			{"n8n_validate_workflow", none}, {"n8n_manage_folders", none}, {"n8n_list_catalog", none}, {"n8n_explore_node_resources", none}, {"n8n_evaluations", Private}}},
	{Name: "antv-chart", Match: []string{"@antv/mcp-server-chart", "mcp-server-chart"}, Reads: External, Writes: External},
	{Name: "drawio", Match: []string{"@drawio/mcp", "drawio-mcp"}, Rules: []Rule{{"open_drawio_*", External}}},
	{Name: "eslint", Match: []string{"@eslint/mcp"}, Reads: Private, Writes: Private},
	{Name: "everything", Match: []string{"@modelcontextprotocol/server-everything", "mcp-server-everything"},
		Rules: []Rule{{"get-env", Private}}},
	{Name: "sequential-thinking", Match: []string{"@modelcontextprotocol/server-sequential-thinking", "mcp-server-sequential-thinking"}},
}

// ProfileOf returns the shipped profile srv's launch matches, else nil.
// The launch matches when its command's base name, or one of its
// arguments (without an @version suffix), is one of a profile's Match
// names. A remote server (no command) matches by its configured name; a
// local one never does (a local script called "github" is not the
// GitHub server).
func ProfileOf(srv Server) *Profile {
	cands := []string{path.Base(srv.Command)}
	for _, a := range srv.Args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		cands = append(cands, stripVersion(a), path.Base(a))
	}
	for _, p := range Profiles {
		for _, c := range cands {
			for _, m := range p.Match {
				if c == m {
					return p
				}
			}
		}
	}
	if srv.Command == "" {
		for _, p := range Profiles {
			if p.Name == srv.Name {
				return p
			}
		}
	}
	return nil
}

// stripVersion turns "@scope/pkg@1.2" and "pkg@latest" into the package.
func stripVersion(a string) string {
	at := strings.LastIndexByte(a, '@')
	if at > 0 {
		return a[:at]
	}
	return a
}
