package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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

var synonymGroups = []string{
	// Verbs of tool names.
	"get fetch read retrieve pull show view display see load inspect look obtain grab",
	"create add new make insert generate build",
	"delete remove drop erase destroy discard purge wipe trash unset forget toss ditch nuke",
	"list enumerate browse all every",
	"update edit modify change set patch alter adjust tweak",
	"search find query lookup locate seek",
	"run execute trigger launch invoke call kick fire",
	"send post message notify publish ping announce",
	"count number total tally",
	"comment note reply remark annotate annotation jot",
	"download export save dump",
	"upload attach",
	"merge combine",
	"navigate go visit goto",
	"click press tap hit",
	"type enter fill input",
	"stop abort cancel halt pause kill terminate suspend sleep",
	"restart rerun retry resume redo",
	"approve approval accept lgtm",
	"validate verify check lint valid validity",
	"scrape crawl extract harvest",
	"move rename relocate",
	"copy duplicate clone fork",
	"compress zip gzip archive",
	"reset revert rollback undo",
	// round108.go: restoring a thing as it was is rolling it back
	"restore rollback",
	"emulate simulate pretend mimic",
	"remember memorize store memorise",
	"resolve close fix",
	"wait delay",
	"monitor watch track observe",
	"hover mouseover",
	"analyze analyse examine investigate diagnose",
	"summarize summarise summary overview",
	"enable activate toggle",    // toggle: round105.go
	"disable deactivate toggle", // toggle: round105.go
	"deploy release ship rollout",
	// Nouns.
	"issue ticket bug",
	"bug ticket item",
	"repository repo codebase",
	"directory folder dir",
	"documentation docs doc manual reference guide",
	"screenshot screengrab screencap",
	"error exception crash failure fail",
	"user member person people account collaborator teammate everyone everybody",
	"chart graph plot visualise visualize diagram",
	"log logs stdout",
	"web internet online",
	"page website site url webpage",
	"database db",
	"sql select statement",
	"permission permitted allowed allow access authorized authorised",
	"direction directions route drive driving commute journey",
	"distance far",
	"duration time long",
	"elevation altitude height high",
	"coordinates latitude longitude lat lng geocode",
	"cost price pricing billing charge spend expense",
	"recent latest newest last",
	"all every whole entire everything",
	"flaky flake intermittent random unstable nondeterministic",
	"conflict conflicts clash clashes collide collision",
	"emoji reaction react emoticon",
	"label tag",
	"secret token credential password apikey",
	"env environment",
	"image picture photo icon graphic",
	"paper article publication",
	"metadata details detail information info",
	"tree hierarchy nested",
	"organization organisation org",
	"workflow automation",
	"dialog popup modal",
	"key keyboard keystroke",
	"resize dimension viewport",
	"heap allocation",
	"relation relationship",
	"entity node",
	"login signin authenticate authenticated",
	"whoami identity",
	"dataset records",
	"expire expiration expiry ttl",
	"cache",
	"todo todos",
	"health status",
	"accessibility a11y",
	"template blueprint",
	// File formats.
	"yaml yml",
	"javascript js",
	"typescript ts",
	"markdown md",
	"python py",
}

var relatedGroups = []string{
	"create open start",
	"get open",
	"navigate open browse",
	"list show index",
	"update mark",
	"search discover explore",
	"run start",
	"run evaluate", // "run document.title in the page": a script is evaluated
	"send write tell",
	"comment discussion thread review",
	"repository project",
	"file document disk filesystem",
	"screenshot capture snapshot image",
	"issue error problem bug",
	"upload import",
	"install deploy", // round105.go
	"click push",
	"log output console print trace",
	"table collection",
	"sql query",
	"page tab window",
	"page url link",
	"place business venue shop store restaurant",
	"address location place",
	"direction travel route distance duration",
	"performance speed slow latency trace profile",
	"memory heap leak",
	"workflow pipeline flow",
	"job task",
	"status state progress finished done",
	"history version revision",
	"commit changeset revision",
	"test spec",
	"config configuration settings setting",
	"variable env",
	"expire cache",
	"cache set store",
	"team group",
	"organization workspace",
	"entity object item record",
	"relation link connection edge association associate",
	"field property attribute column parameter param",
	"member user",
	"dark theme color scheme media",
	"research investigate study",
	"news article headline",
	"data dataset",
	"tree structure recursive",
	"drag drop",
	"secret key",
	"alert warning vulnerability",
	"artifact output",
	"disk storage",
	"delete clear",
	"done complete finish",
	"review approve approval feedback",
	"contact customer client lead",
	"build pipeline job ci",
	"board backlog",
}

// everyday maps words of everyday speech to the words of the tools that
// do what they ask, one way only (a query saying "remember" wants a tool
// that adds an observation; one saying "add" does not want "remember"), at
// everydayWeight: such a word rarely names what a tool does, so what it
// asks for counts almost as much as the word itself.
var everyday = []struct {
	from string
	to   string // words, split when synonyms are built
}{
	{"remember", "observation memory entity knowledge add create"},
	{"memorize", "observation memory entity knowledge add create"},
	{"memorise", "observation memory entity knowledge add create"},
	{"note", "observation write add comment"},
	{"jot", "note comment write create"},
	{"save", "write create store add observation"},
	{"fix", "edit update"},
	{"typo", "edit"},
	{"forget", "delete remove observation memory entity knowledge"},
	{"know", "knowledge search read"},
	{"person", "entity user"},
	{"people", "entity user"},
	{"fact", "observation entity"},
	{"draw", "generate chart"},
	{"plot", "generate chart"},
	{"picture", "screenshot image"},
	{"big", "size"},
	{"space", "size storage"},
	{"blocking", "link"},
	{"different", "diff difference"},
	{"answer", "reply"},
	{"reopen", "update state"},
	{"layout", "structure tree"},
	{"compare", "diff difference"},
	{"green", "status success"},
	{"passing", "status success"},
	{"failing", "status failure"},
	{"filter", "query search"},
	{"large", "size"},
	{"revoke", "unapprove"},
	{"biggest", "size"},
	{"largest", "size"},
	{"smallest", "size"},
	{"contents", "read content list"},
	{"inside", "list content"},
	{"put", "move write set insert add"},
	{"say", "send post message comment"},
	{"leave", "add create post"}, // "leave a comment", "leave a review"
	{"notify", "send post message"},
	{"paste", "post write insert"}, // "paste the error into #ops" (round64.go)
	{"latest", "history"},
	{"past", "history historical"},
	{"acknowledge", "confirm"},
	{"shut", "close stop"},
	{"tack", "append add"},
	{"unpause", "restore resume"},
	{"retitle", "rename title update"},
	{"bump", "update increase"},
	{"recent", "history"},
	{"ask", "query search"},
	{"mention", "search"},
	{"disk", "file filesystem"},
	{"account", "user"},
	{"upvote", "emoji reaction"},
	{"chat", "message channel"},
	{"dm", "message"},
	{"broken", "error failure"},
	{"succeed", "status"},
	{"success", "status"},
	{"snippet", "code"},
	{"row", "record table"},
	{"rows", "record table"},
	{"near", "nearby local place search"},
	{"nearby", "local place search"},
	// round105.go: the nearest of a kind of place, its kinds, a radius
	{"nearest", "nearby local place search"},
	{"closest", "nearby local place search"},
	{"metres", "radius"},
	{"meters", "radius"},
	{"cafe", "place"},
	{"cafes", "places"},
	{"café", "place"},
	{"cafés", "places"},
	{"hospital", "place"},
	{"hospitals", "places"},
	{"supermarket", "place"},
	{"supermarkets", "places"},
	{"bakery", "place"},
	{"bakeries", "places"},
	{"museum", "place"},
	{"museums", "places"},
	{"capture", "screenshot"},
	{"screen", "screenshot"},
	{"pic", "image screenshot"},
	{"outline", "tree structure"},
	{"postcode", "address geocode"},
	{"downvote", "emoji reaction"},
	// Ways of travelling: the travel modes of routing tools.
	{"train", "transit travel"},
	{"bus", "transit travel"},
	{"subway", "transit travel"},
	{"metro", "transit travel"},
	{"tram", "transit travel"},
	{"car", "driving travel"},
	{"bike", "bicycling travel"},
	{"bicycle", "bicycling travel"},
	{"foot", "walking travel"},
	// Other names of chart types, and what each shows best.
	{"whisker", "boxplot"},
	{"quartile", "boxplot distribution"},
	{"quartiles", "boxplot distribution"},
	{"outlier", "boxplot distribution"},
	{"outliers", "boxplot distribution"},
	{"ishikawa", "fishbone"},
	{"choropleth", "district map"},
	{"sunburst", "treemap hierarchical"},
	{"doughnut", "pie"},
	{"donut", "pie"},
	{"gauge", "liquid percentage"},
	{"correlate", "scatter relationship"},
	{"correlation", "scatter relationship"},
	{"correlated", "scatter relationship"},
	{"brainstorm", "mind map"},
	{"overlap", "venn intersect"},
	{"overlapping", "venn intersect"},
	// Figures over many records are aggregations.
	{"average", "aggregate"},
	{"averages", "aggregate"},
	// A flag is flipped by setting it; a change is landed by merging it
	// ("land PR 77": merge_pull_request); a thing replaced entirely is
	// replaced in full (n8n_update_full_workflow); a branch is locked by
	// protecting it.
	{"flip", "toggle set"},
	{"land", "merge"},
	{"entirely", "full"},
	{"completely", "full"},
	{"lock", "protect"},
	{"unlock", "unprotect"},
	// Round thirty-nine: everyday verbs for software actions. To
	// "google" a thing searches the web for it; a text is rewritten by
	// updating it; a message is responded to by a reply; a network is
	// throttled by emulating a slow one; a screenshot is snapped; what is
	// set up or started is created ("set up a fresh Supabase project",
	// "start a review thread").
	{"google", "search web"},
	{"rewrite", "update edit replace"},
	{"respond", "reply"},
	{"throttle", "emulate slow limit"},
	{"snap", "screenshot picture"},
	{"setup", "create"},
	{"start", "create"},
	// Round seventy: a tracker, said without the product ("put a ticket
	// in the tracker", "the bug tracker"), is an issue tracker: what it
	// holds are issues and tickets.
	{"tracker", "issue ticket"},
}

// productVocab is what users call the things of a product in the
// product's own words, where its tools say another (round sixty-eight): a
// Notion database's row or entry is a page, an Azure DevOps bug, user
// story or PBI is a work item, a HubSpot deal or contact is a CRM object,
// a Mongo table is a collection. Each line maps the words users say to
// the words the backend's tools use for the same thing, one way only (a
// request saying "page" wants no row), at everydayWeight. backend says
// where the line holds: "" for every backend (the general facts of
// software vocabulary), else the backends whose name has all the words of
// one of its "|"-separated alternatives ("gitlab" holds for gitlab and
// zereight-gitlab); such a line reaches only those backends' tools (a
// Notion row is a page, a Mongo row a document), and is nothing in an
// index without them. The lines are the products' documented vocabulary
// (their user guides and APIs), not words of any request set; a word a
// backend's own tools already use matches them as it is.
var productVocab = []struct {
	backend string // words of the backend names it holds for, "" all
	says    string // the words users say, split when built
	means   string // the words the backend's tools use for them
}{
	// A CRM's records are its objects (HubSpot's batch-create-objects
	// creates contacts, companies and deals; round thirty-nine's lines).
	{"", "contact company deal lead", "object"},
	// A browser's tab is a page (chrome-devtools' list_pages, new_page,
	// close_page; puppeteer's page); a draw.io file's tabs are its pages.
	{"", "tab tabs", "page"},
	// Browsers: an XHR or fetch call is a network request; a dropdown or
	// combo box a select element's options; a text box an input field;
	// the DOM or accessibility tree is what a snapshot captures.
	{"", "xhr xhrs", "network request"},
	{"", "dropdown combobox", "select option"},
	{"", "textbox", "input field"},
	{"", "dom", "snapshot tree"},
	// Notion (developers.notion.com): a database's rows, entries or items
	// are pages in it, and a database's columns or fields its properties;
	// a database holds its rows in data sources (API 2025-09-03); what a
	// page says (a paragraph, heading, to-do, callout, toggle, bullet) is
	// blocks; a doc, note or wiki page is a page; the integration a token
	// belongs to is its bot user; trashing or archiving a page sets
	// in_trash (archived).
	{"notion", "row rows entry entries record records card cards subpage subpages doc docs wiki", "page"},
	// A task or item of a Notion database (a task list, a board) is a
	// page in it too (round 101).
	{"notion", "task tasks item items", "page"},
	{"notion", "column columns field fields", "property"},
	{"notion", "table tables", "data source"},
	{"notion", "paragraph paragraphs heading headings checkbox checkboxes todo callout callouts toggle bullet bullets divider", "block"},
	{"notion", "integration", "bot"},
	{"notion", "archive trash unarchive", "archived trash"},
	// Azure DevOps (Azure Boards): bugs, user stories, tasks, product
	// backlog items (PBIs), features, epics, issues and tickets are work
	// item types; sprints are iterations; a build is queued; a pull
	// request is approved by a vote; Advanced Security's secret, code
	// and dependency scanning raise alerts.
	{"azure devops|ado", "bug bugs story stories task tasks pbi pbis feature features epic epics issue issues ticket tickets", "work item workitem"},
	{"azure devops|ado", "sprint sprints", "iteration"},
	{"azure devops|ado", "approve approval", "vote"},
	{"azure devops|ado", "scanning codeql", "alert security"},
	// HubSpot (developers.hubspot.com): tickets, products, line items,
	// quotes and every record are CRM objects; calls, meetings, notes and
	// tasks logged on a record are engagements; a record's fields are
	// properties, and linking records makes associations; custom object
	// types are schemas.
	{"hubspot", "ticket tickets product products quote quotes customer customers", "object"},
	{"hubspot", "call calls meeting meetings note notes task tasks activity activities", "engagement"},
	{"hubspot", "field fields column columns stage", "property"},
	{"hubspot", "link linked attach attached tie tied relate related", "association"},
	// GitLab (docs.gitlab.com): comments are notes; a review's pending
	// comments are draft notes, submitted by publishing them; sprints are
	// iterations; an emoji reaction is an award emoji; a user's or
	// project's activity is its events; maintainers, developers and
	// reporters are members by role; blocking and related issues are
	// issue links.
	{"gitlab", "comment comments", "note"},
	{"gitlab", "unsubmitted unpublished", "draft"},
	{"gitlab", "submit", "publish"},
	{"gitlab", "sprint sprints", "iteration"},
	{"gitlab", "award", "emoji reaction"},
	{"gitlab", "activity feed", "event"},
	{"gitlab", "maintainer maintainers developer developers reporter reporters", "member"},
	{"gitlab", "blocked blocks blocking", "link"},
	// GitHub: a pull request's checks are its status checks; bringing a
	// pull request up to date with its base (sync, rebase) updates its
	// branch; feature requests and bug reports are issues.
	{"github", "checks", "status"},
	{"github", "sync rebase", "update branch"},
	{"github", "feature", "issue"},
	{"github", "report", "issue"},
	// Sentry (docs.sentry.io): errors, exceptions and crashes are grouped
	// into issues, whose occurrences are events; a session recording is a
	// replay; a flame graph is a profile's; a project's client key is its
	// DSN; a deployed version is a release; muting, snoozing or archiving
	// an issue ignores it; Autofix is Seer's; the browser, OS or device
	// of events are tags.
	{"sentry", "exception exceptions crash crashes", "issue"},
	{"sentry", "occurrence occurrences", "event"},
	{"sentry", "recording recordings", "replay"},
	{"sentry", "flamegraph flame", "profile"},
	{"sentry", "key keys", "dsn"},
	{"sentry", "version versions deploy deployed deployment", "release"},
	{"sentry", "snooze snoozed archive mute muted", "ignore"},
	{"sentry", "autofix", "seer analyze"},
	{"sentry", "browser browsers os device devices", "tag"},
	// Slack (api.slack.com): a channel's conversation or scrollback is its
	// history; a member's title, time zone and avatar are profile fields.
	{"slack", "conversation scrollback backlog", "history"},
	{"slack", "title timezone avatar", "profile"},
	// Supabase (supabase.com/docs): schema changes (a column, an index, a
	// table altered) are migrations; pgvector and PostGIS are extensions;
	// serverless functions are edge functions; the database linter's
	// security and performance findings (RLS among them) are advisors; a
	// table's rows are reached by SQL.
	{"supabase", "ddl alter column columns index indexes", "migration"},
	{"supabase", "pgvector postgis vector", "extension"},
	{"supabase", "serverless lambda", "edge function"},
	{"supabase", "rls lint linter", "advisor security"},
	{"supabase", "row rows record records", "sql"},
	// MongoDB (mongodb.com/docs): tables are collections, rows and records
	// are documents, columns are a collection's schema fields; grouping,
	// summing and joining ($lookup) are aggregations.
	{"mongodb|mongo", "table tables", "collection"},
	{"mongodb|mongo", "row rows record records entry entries", "document"},
	{"mongodb|mongo", "column columns", "schema field"},
	{"mongodb|mongo", "group sum join", "aggregate aggregation"},
	// A collection's shape or structure is its schema (Compass's Schema
	// tab analyses "the shape of your data"; round 101).
	{"mongodb|mongo", "shape shaped structure", "schema"},
	// n8n (docs.n8n.io): a workflow's runs are executions; integrations
	// and apps are nodes; a data table's rows live in data tables.
	{"n8n", "run runs", "execution"},
	{"n8n", "integration integrations connector connectors app apps", "node"},
	{"n8n", "table tables row rows", "datatable"},
	// Browsers: a page's JavaScript alert, confirm and prompt boxes are
	// dialogs; chrome-devtools records a page's video as a screencast.
	{"chrome devtools|playwright|puppeteer", "alert confirm", "dialog"},
	{"chrome devtools", "video videos", "screencast"},
	// CircleCI (circleci.com/docs): an executor's size is its resource
	// class; credits are usage; a service whose deploys it tracks is a
	// component.
	{"circleci", "executor executors", "resource class"},
	{"circleci", "credit credits billing", "usage"},
	{"circleci", "service services", "component"},
	// Apify (docs.apify.com): scrapers, crawlers and bots are Actors; an
	// Actor's results are its dataset; a job is a run.
	{"apify", "scraper scrapers crawler crawlers bot bots", "actor"},
	{"apify", "job jobs", "run"},
	// Running an Actor is calling it (the API's "Run Actor", the
	// client's call(), the tool call-actor; round 101).
	{"apify", "run", "call"},
	// Firecrawl: a watcher is a monitor; a preprint is a paper, and the
	// papers citing one are its related papers (the citation graph).
	{"firecrawl", "watcher watchers tracker", "monitor"},
	{"firecrawl", "preprint preprints arxiv", "paper"},
	{"firecrawl", "cite cites cited citing", "citation related"},
	// draw.io: a file's sheets are its pages, stencils and icons shapes.
	{"drawio", "sheet sheets", "page"},
	{"drawio", "stencil stencils icon icons symbol symbols", "shape"},
	// Redis: a cache entry is a key.
	{"redis", "entry entries", "key"},
	// Figma: frames, layers and components are nodes of a file.
	{"figma", "frame frames layer layers", "node"},
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
	// round107.go: how many values fall into each band is their
	// frequency in each range, a histogram's
	{"fall into each", "frequency within each range"},
	{"falls into each", "frequency within each range"},
	{"fall in each", "frequency within each range"},
	{"fall into which", "frequency within which range"},
	{"spread wide", "distribution spread"},
	// round107.go: bars standing up are columns (AntV's column chart;
	// its bar chart lies down)
	{"vertical bars", "column chart"},
	{"vertical bar chart", "column chart"},
	{"vertical bar", "column chart"},
	{"upright bars", "column chart"},
	// round107.go: a message sent straight back is echoed
	{"send it straight back", "echo it"},
	{"straight back to me", "echoed back to me"},
	{"send it back", "echo it"},
	{"repeat it back", "echo it"},
	// round108.go: a recording of the screen is a screencast
	{"screen recording", "screencast recording"},
	{"record the screen", "screencast record"},
	{"recording of the page", "screencast recording"},
	// round108.go: what was pushed to a branch are its commits; when a
	// file was last modified is its metadata
	{"pushed to", "committed to"},
	{"last modified", "modified time metadata"},
	{"last changed", "modified time metadata"},
	// round108.go: things laid out in one table, or shown as one, are a
	// table to look at (AntV's spreadsheet), not a database's
	{"in one table", "in one spreadsheet"},
	{"into one table", "into one spreadsheet"},
	{"a single table", "a single spreadsheet"},
	{"table view", "spreadsheet"},
	// round107.go: how records are shaped, or their field structure, is
	// their schema
	{"are shaped", "schema"},
	{"is shaped", "schema"},
	{"field structure", "schema fields"},
	// round107.go: what was kept from earlier chats is the assistant's
	// memory
	{"from earlier chats", "in memory"},
	{"from earlier conversations", "in memory"},
	{"from previous chats", "in memory"},
	{"from previous conversations", "in memory"},
	{"from past chats", "in memory"},
	{"from past conversations", "in memory"},
	{"from our earlier chats", "in memory"},
	{"from our earlier conversations", "in memory"},
	{"from our previous conversations", "in memory"},
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
	// round105.go: what is said under a message is its thread
	{"under msg", "thread replies"},
	{"under message", "thread replies"},
	{"under the msg", "thread replies"},
	// round105.go: a page's accessibility tree is its snapshot; signing
	// in as someone fills the login form
	{"accessibility tree", "accessibility snapshot tree"},
	{"sign in as", "fill form sign in as"},
	{"log in as", "fill form log in as"},
	{"login as", "fill form login as"},
	// round105.go: access of a kind is a permission, not the verb
	{"write access", "access permission"},
	{"read access", "access permission"},
	{"push access", "access permission"},
	{"admin access", "access permission"},
	// round105.go: a project's code style is what its linter checks
	{"code style", "lint"},
	{"coding style", "lint"},
	{"style rules", "lint rules"},
	{"style guide", "lint rules"},
	{"under the message", "thread replies"},
	{"under my message", "thread replies"},
	{"under that message", "thread replies"},
	{"under this message", "thread replies"},
	// round107.go: so is what is said under one message, or underneath it
	{"under one message", "thread replies"},
	{"under a message", "thread replies"},
	{"under a single message", "thread replies"},
	{"underneath the message", "thread replies"},
	{"said underneath it", "said in its thread replies"},
	{"said underneath", "said in the thread replies"},
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
	{"shut down", "shut"},
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
	{"make sure", "check"}, // "and make sure it is gone": no making (round 101)
	{"spin up", "create"},
	{"kick off", "trigger"},
	{"turn on", "enable"},
	{"turn off", "disable"},
	{"switch on", "enable"},
	{"switch off", "disable"},
	{"switch to", "select"},
	{"take back", "remove"}, // "take back my thumbs-up", "take back the :tada:"
	{"start over", "reset"},
	{"start fresh", "reset"},
	{"start it over", "reset it"},
	{"start it fresh", "reset it"},
	{"from scratch", "reset"},
	// round107.go: what something has "to do with" is what it is about
	{"nothing to do with", "not about"},
	{"has to do with", "is about"},
	{"have to do with", "are about"},
	{"to do with", "about"},
	{"to do", "todo"},
	{"e mail", "email"},
	{"up to date", "latest"},
	{"file a", "create"},
	{"file an", "create"},
	{"raise a", "create"}, // "raise a PR", not "raise its priority"
	{"raise an", "create"},
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
	{"as dots", "as scatter points"},
	{"as points", "as scatter points"},
	{"move together", "correlation"},
	{"go together", "correlation"},
	{"rise together", "correlation"},
	{"comma-separated values", "csv"},
	{"comma separated values", "csv"},
	{"comma-separated", "csv"},
	{"comma separated", "csv"},
	{"tab-separated", "tsv csv"},
	{"how do i get from", "directions from"},
	{"how do i get to", "directions to"},
	{"how do we get from", "directions from"},
	{"how do we get to", "directions to"},
	{"how can i get from", "directions from"},
	{"how can i get to", "directions to"},
	{"how to get from", "directions from"},
	{"how to get to", "directions to"},
	{"take to drive", "travel time driving"},
	{"take to walk", "travel time walking"},
	{"take to cycle", "travel time bicycling"},
	{"take to bike", "travel time bicycling"},
	{"on foot", "walking"},
	{"by bike", "bicycling"},
	{"put the cursor over", "hover over"},
	{"cursor over", "hover over"},
	{"look for", "search for"},
	{"keys start with", "keys matching pattern"},
	{"keys starting with", "keys matching pattern"},
	{"keys that start with", "keys matching pattern"},
	{"keys beginning with", "keys matching pattern"},
	{"keys that begin with", "keys matching pattern"},
	{"open on sunday", "opening hours sunday"},
	{"open on sundays", "opening hours sundays"},
	{"open on saturday", "opening hours saturday"},
	{"open on saturdays", "opening hours saturdays"},
	{"open now", "opening hours now"},
	{"open late", "opening hours late"},
	{"still open", "opening hours"},
	{"set up a new", "create a new"},
	{"as slices of a whole", "as a pie chart"},
	{"slices of a whole", "pie chart"},
	{"as slices", "as pie slices"},
	{"as pie slices", "as a pie chart"},
	{"break down", "breakdown"},
	{"as a line going", "as a line chart going"},
	{"have on file about", "know about"},
	{"on file about", "known about"},
	{"onto the end of", "append to"},
	{"to the end of", "append to"},
	{"in-depth report", "research report"},
	{"in depth report", "research report"},
	{"deep dive", "research"},
	{"put together", "compile"},
	{"reason through", "think through"},
	{"network calls", "network requests"},
	{"make a new", "create a new"},
	{"route me", "directions"},
	{"record in memory that", "remember that"},
	{"end that", "stop that"},
	{"end the session", "stop the session"},
	{"end this", "stop this"},
	{"cut a branch", "create a branch"},
	{"cut a new branch", "create a new branch"},
	{"cut a release", "create a release"},
	{"cut a new release", "create a new release"},
	{"fire off", "send"},
	{"look into", "analyze"},
	{"dig into", "analyze"},
	{"double-check", "check"},
	{"double check", "check"},
	{"sanity check", "check"},
	{"sanity-check", "check"},
	{"roll out", "deploy"},
	{"jump to", "navigate to"},
	{"head to", "navigate to"},
	{"stand up a", "create a"},
	// Round thirty-nine: "hook up to the database" connects, "tick off"
	// a to-do marks it done, "report a bug" files one, "look through"
	// searches, "check (in) on" a job asks for its status.
	{"hook up to", "connect to"},
	{"hook up", "connect"},
	{"tick off", "mark done"},
	{"report a", "create a"},
	{"report an", "create an"},
	{"look through", "search"},
	{"check on", "check status of"},
	{"check in on", "check status of"},
	{"spin off", "create"},
	// Round fifty-three: "sign off on" a change approves it (a review's
	// event APPROVE); "who wrote" or "who last touched" a line asks for
	// its blame; "dig through" searches; to "think out loud" is to think
	// a problem through; "above the sea" measures an elevation.
	{"sign off on", "approve"},
	{"signed off on", "approved"},
	{"who wrote", "blame"},
	{"who last touched", "blame"},
	{"who last changed", "blame"},
	{"who last edited", "blame"},
	{"dig through", "search"},
	{"think out loud", "think through"},
	{"above the sea", "elevation"},
	{"automations", "workflows"},
	{"automation", "workflow"},
	{"env var", "environment variable"},
	{"env vars", "environment variables"},
	// To make a thing one has some way is to change it ("make the
	// window 375 by 812", "make my repo private"); "make a folder"
	// creates one.
	{"make the", "set the"},
	{"make my", "set my"},
	{"make our", "set our"},
	{"make this", "set this"},
	{"make that", "set that"},
	{"make it", "set it"},
	// One request for many records is a batch ("fetch contacts 1, 2 and 3
	// in one call").
	{"in one call", "in one batch"},
	{"in a single call", "in one batch"},
	{"in one request", "in one batch"},
	{"in a single request", "in one batch"},
	{"in bulk", "in one batch"},
	// Round seventy: a picture one makes, draws or sketches is a diagram
	// or chart ("make me a picture of how the services talk to each
	// other"); one grabs or takes a picture of what is on the screen
	// (everyday "picture": screenshot). Search engines rank by SEO, a
	// screen reader reads a page's accessibility tree, what is spread out
	// has a distribution, and a web address is a URL.
	{"make me a picture", "draw me a diagram"},
	{"make a picture", "draw a diagram"},
	{"draw me a picture", "draw me a diagram"},
	{"draw a picture", "draw a diagram"},
	{"sketch me a picture", "draw me a diagram"},
	{"sketch a picture", "draw a diagram"},
	{"create a picture", "draw a diagram"},
	{"search engines", "seo"},
	{"search engine", "seo"},
	{"screen readers", "accessibility"},
	{"screen reader", "accessibility"},
	{"spread out", "distribution"},
	{"web address", "url"},
}

// rewritePhrases replaces the phrases of s (case-insensitively, as whole
// words) by their rewrites, keeping the rest of s as it is. A query's
// analysis asks for the same text's rewrite six times or more, so the
// last answer is kept (lastRewrite; queries run at once just miss it).
func rewritePhrases(s string) string {
	if last := lastRewrite.Load(); last != nil && last.in == s {
		return last.out
	}
	out := rewritePhrasesOf(s)
	lastRewrite.Store(&rewrite{s, out})
	return out
}

// rewrite is an input of rewritePhrases and its answer.
type rewrite struct{ in, out string }

var lastRewrite atomic.Pointer[rewrite]

func rewritePhrasesOf(s string) string {
	s = rewriteShorthand(s)   // round82.go
	s = rewriteFileCommand(s) // round104.go
	s = rewriteTravel(s)      // round104.go
	s = rewriteMermaid(s)     // round105.go
	s = rewriteChatVerbs(s)   // round106.go
	s = rewriteRefs(s)        // round90.go
	s = openToCreate().ReplaceAllString(s, "create$1")
	if mayPlace(s) {
		s = placeToAdd().ReplaceAllString(s, "add$1")
	}
	s = rewriteArithmetic(s)
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
			if prepParticles[w] && !particleEnds(s, ws, j) {
				// "log a ticket in GitLab": a preposition before its
				// object, not the particle of "log in" (round52.go).
				return -1
			}
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
// the issue" shows one; so do "log", "file" and "raise" ("log a bug on
// GitLab", round67.go).
var openToCreate = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:open|log|file|raise)((?:\s+(?:a|an))(?:\s+[\w.-]+){0,3}?\s+(?:issues?|tickets?|bugs?|prs?|pull\s+requests?|merge\s+requests?|mrs?|discussions?|threads?|incidents?|work\s+items?)\b)`)
})

// synonyms maps a stemmed term to the other stemmed members of its groups.
var synonyms = sync.OnceValue(buildSynonyms)

func buildSynonyms() map[string][]syn {
	m := map[string][]syn{}
	add := func(groups []string, w float64) {
		for _, line := range groups {
			g := words(line)
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
	oneWay := func(from, to string) {
		sa := stem(from)
		for _, b := range words(to) {
			sb := stem(b)
			if sa == sb {
				continue
			}
			if i := slices.IndexFunc(m[sa], func(s syn) bool { return s.term == sb }); i >= 0 {
				m[sa][i].w = max(m[sa][i].w, everydayWeight)
				continue
			}
			m[sa] = append(m[sa], syn{term: sb, w: everydayWeight})
		}
	}
	for _, e := range everyday {
		oneWay(e.from, e.to)
	}
	for _, v := range productVocab {
		if v.backend == "" {
			for _, w := range words(v.says) {
				oneWay(w, v.means)
			}
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
