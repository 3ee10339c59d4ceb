declare namespace sentry {
  type integer = number;
  /** Identify the authenticated user in Sentry.

  Use this tool when you need to:
  - Get the user's name and email address. */
  function whoami(args?: {}): Promise<any>;
  /** Find organizations that the user has access to in Sentry.

  Use this tool when you need to:
  - View organizations in Sentry
  - Find an organization's slug to aid other tool requests
  - Search for specific organizations by name or slug

  Returns up to 25 results. If you hit this limit, use the query parameter to narrow down results. */
  function find_organizations(args?: {
    /** Search query to filter results by name or slug. Use this to narrow down results when there are many items. */ query?: string | null
  }): Promise<any>;
  /** Find teams in an organization in Sentry.

  Use this tool when you need to:
  - View teams in a Sentry organization
  - Find a team's slug and numeric ID to aid other tool requests
  - Search for specific teams by name or slug

  Returns up to 25 results. If you hit this limit, use the query parameter to narrow down results. */
  function find_teams(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** Search query to filter results by name or slug. Use this to narrow down results when there are many items. */ query?: string | null
  }): Promise<any>;
  /** Find projects in Sentry.

  Use this tool when you need to:
  - View projects in a Sentry organization
  - Find a project's slug to aid other tool requests
  - Search for specific projects by name or slug

  Returns up to 25 results. If you hit this limit, use the query parameter to narrow down results. */
  function find_projects(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** Search query to filter results by name or slug. Use this to narrow down results when there are many items. */ query?: string | null
  }): Promise<any>;
  /** Find releases in Sentry.

  Use this tool when you need to:
  - Find recent releases in a Sentry organization
  - Find the most recent version released of a specific project
  - Determine when a release was deployed to an environment

  <examples>
  ### Find the most recent releases in the 'my-organization' organization

  ```
  find_releases(organizationSlug='my-organization')
  ```

  ### Find releases matching '2ce6a27' in the 'my-organization' organization

  ```
  find_releases(organizationSlug='my-organization', query='2ce6a27')
  ```
  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, its likely in the format of <organizationSlug>/<projectSlug>.
  </hints> */
  function find_releases(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The project's slug. This will default to all projects you have access to. It is encouraged to specify this when possible. */ projectSlug?: string | null
    /** Search for versions which contain the provided string. */ query?: string | null
  }): Promise<any>;
  /** Get tag value distribution for a specific Sentry issue.

  Use this tool when you need to:
  - Understand how an issue is distributed across different tag values
  - Get aggregate counts of unique tag values (e.g., 'how many unique URLs are affected')
  - Analyze which browsers, environments, or URLs are most impacted by an issue
  - View the tag distributions page data programmatically

  Common tag keys:
  - `url`: Request URLs affected by the issue
  - `browser`: Browser types and versions
  - `browser.name`: Browser names only
  - `os`: Operating systems
  - `environment`: Deployment environments (production, staging, etc.)
  - `release`: Software releases
  - `device`: Device types
  - `user`: Affected users

  <examples>
  ### Get URL distribution for an issue
  ```
  get_issue_tag_values(organizationSlug='my-organization', issueId='PROJECT-123', tagKey='url')
  ```

  ### Get browser distribution using issue URL
  ```
  get_issue_tag_values(issueUrl='https://sentry.io/issues/PROJECT-123/', tagKey='browser')
  ```

  ### Get environment distribution
  ```
  get_issue_tag_values(organizationSlug='my-organization', issueId='PROJECT-123', tagKey='environment')
  ```
  </examples>

  <hints>
  - If user provides a Sentry URL, pass the ENTIRE URL to issueUrl parameter unchanged
  - Common tag keys: url, browser, browser.name, os, environment, release, device, user
  - Tag keys are case-sensitive
  </hints> */
  function get_issue_tag_values(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The Issue ID. e.g. `PROJECT-1Z43` */ issueId?: string
    /** The URL of the issue. e.g. https://my-organization.sentry.io/issues/PROJECT-1Z43 @format uri */ issueUrl?: string
    /** The tag key to get values for (e.g., 'url', 'browser', 'environment', 'release'). @pattern ^[a-zA-Z0-9][a-zA-Z0-9._-]*$ */ tagKey: string
  }): Promise<any>;
  /** Get high-level information about a specific Sentry replay by URL or replay ID.

  USE THIS TOOL WHEN USERS:
  - Share a replay URL
  - Ask what happened in a specific replay
  - Want a concise replay summary plus the next issue or trace lookups to run

  <examples>
  ### With replay URL
  ```
  get_replay_details(replayUrl='https://my-organization.sentry.io/explore/replays/7e07485f-12f9-416b-8b14-26260799b51f/')
  ```

  ### With organization and replay ID
  ```
  get_replay_details(organizationSlug='my-organization', replayId='7e07485f-12f9-416b-8b14-26260799b51f')
  ```
  </examples> */
  function get_replay_details(args?: {
    /** The URL of the replay. e.g. https://my-organization.sentry.io/explore/replays/7e07485f-12f9-416b-8b14-26260799b51f/ @format uri */ replayUrl?: string
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
    /** The replay ID. e.g. `7e07485f-12f9-416b-8b14-26260799b51f` */ replayId?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
  }): Promise<any>;
  /** Download attachments from a Sentry event.

  Use this tool when you need to:
  - Download files attached to a specific event
  - Access screenshots, log files, or other attachments uploaded with an error report
  - Retrieve attachment metadata and download URLs

  <examples>
  ### Download a specific attachment by ID

  ```
  get_event_attachment(organizationSlug='my-organization', projectSlug='my-project', eventId='c49541c747cb4d8aa3efb70ca5aba243', attachmentId='12345')
  ```

  ### List all attachments for an event

  ```
  get_event_attachment(organizationSlug='my-organization', projectSlug='my-project', eventId='c49541c747cb4d8aa3efb70ca5aba243')
  ```

  </examples>

  <hints>
  - If `attachmentId` is provided, the specific attachment will be downloaded as an embedded resource
  - If `attachmentId` is omitted, all attachments for the event will be listed with download information
  - The `projectSlug` is required to identify which project the event belongs to
  </hints> */
  function get_event_attachment(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ projectSlug: string
    /** The ID of the event. */ eventId: string
    /** The ID of the attachment to download. */ attachmentId?: string | null
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
  }): Promise<any>;
  /** Update a Sentry issue's status or assignment.

  Use this to resolve, reopen, assign, or ignore an issue.

  <examples>
  ```
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', status='resolved')
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', assignedTo='user:123456')
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', status='ignored')
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', status='ignored', ignoreMode='forever')
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', status='ignored', ignoreMode='untilOccurrenceCount', ignoreCount=100, ignoreWindowMinutes=60)
  update_issue(organizationSlug='my-org', issueId='PROJECT-123', status='ignored', reason='Ignoring because this is expected noise from the staging deploy')
  ```
  </examples>

  <hints>
  - Provide `issueUrl` or `organizationSlug` + `issueId`.
  - At least one of `status` or `assignedTo` is required.
  - `assignedTo` format: `user:ID` or `team:ID_OR_SLUG`.
  - Use `whoami` to find your user ID for self-assignment.
  - Status values: `resolved`, `resolvedInNextRelease`, `unresolved`, `ignored`.
  - `status='ignored'` defaults to `ignoreMode='untilEscalating'`.
  - Ignore modes: `untilEscalating`, `forever`, `forDuration`, `untilOccurrenceCount`, `untilUserCount`.
  - Matching ignore inputs are `ignoreDurationMinutes`, `ignoreCount` + optional `ignoreWindowMinutes`, or `ignoreUserCount` + optional `ignoreUserWindowMinutes`.
  - To switch an already ignored issue between `untilEscalating`, `forever`, and condition-based ignore modes, first set `status='unresolved'`, then ignore it again with the new rule.
  - `reason` is optional. When provided, it will be posted as a comment on the issue's activity feed explaining why the action was taken.
  </hints> */
  function update_issue(args?: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The Issue ID. e.g. `PROJECT-1Z43` */ issueId?: string
    /** The URL of the issue. e.g. https://my-organization.sentry.io/issues/PROJECT-1Z43 @format uri */ issueUrl?: string
    /** The new status for the issue. Valid values are 'resolved', 'resolvedInNextRelease', 'unresolved', and 'ignored'. */ status?: "resolved" | "resolvedInNextRelease" | "unresolved" | "ignored"
    /** The assignee in format 'user:ID' or 'team:ID_OR_SLUG' where ID is numeric. Example: 'user:123456', 'team:789', or 'team:my-team-slug'. Use the whoami tool to find your user ID. */ assignedTo?: string
    /** How ignored issues should behave. Use 'untilEscalating' to match the Sentry UI default, 'forever' for a permanent ignore, 'forDuration' with ignoreDurationMinutes, 'untilOccurrenceCount' with ignoreCount and optional ignoreWindowMinutes, or 'untilUserCount' with ignoreUserCount and optional ignoreUserWindowMinutes. */ ignoreMode?: "untilEscalating" | "forever" | "forDuration" | "untilOccurrenceCount" | "untilUserCount"
    /** How many minutes to ignore the issue when ignoreMode is 'forDuration'. @exclusiveMinimum 0 */ ignoreDurationMinutes?: integer
    /** How many times the issue must occur before it stops being ignored when ignoreMode is 'untilOccurrenceCount'. @exclusiveMinimum 0 */ ignoreCount?: integer
    /** Optional time window in minutes for ignoreCount. If omitted, Sentry counts all future occurrences. @exclusiveMinimum 0 @maximum 10080 */ ignoreWindowMinutes?: integer
    /** How many users must be affected before the issue stops being ignored when ignoreMode is 'untilUserCount'. @exclusiveMinimum 0 */ ignoreUserCount?: integer
    /** Optional time window in minutes for ignoreUserCount. If omitted, Sentry counts all future affected users. @exclusiveMinimum 0 @maximum 10080 */ ignoreUserWindowMinutes?: integer
    /** Optional reason for taking this action. When provided, it will be posted as a comment on the issue's activity feed. @minLength 1 */ reason?: string
  }): Promise<any>;
  /** Search Sentry events and replays. Use for event counts/statistics.

  `query` can be natural language or Sentry search syntax. With an agent configured, it fixes dataset, query, fields, and sort before running.

  Supports TWO query types:
  1. AGGREGATIONS (counts, sums, averages): 'how many errors', 'total tokens'
  2. Individual events with timestamps: 'error logs from last hour'

  Datasets:
  - errors: Exception/crash events with stack traces, usually grouped into issues
  - logs: Application log entries, including error-severity log messages
  - spans: Raw trace/span events for performance, AI/LLM calls, requests, and operations
  - metrics: Metric rows and aggregates: counters, gauges, distributions, values
  - profiles: Transaction/continuous profile results, profile IDs, profiled transactions
  - replays: Session replay results: rage clicks, dead clicks, visited pages, replay users
  If the user says logs, log messages, error logs, or warning logs, choose logs instead of errors.

  Replay searches return replay lists only; replay count()/avg()/sum() are not supported.

  NOT for grouped issue lists (use search_issues) or app screenshots/images (use get_latest_base_snapshot).

  <examples>
  search_events(organizationSlug='my-org', query='how many errors today')
  search_events(organizationSlug='my-org', dataset='errors', query='level:error')
  search_events(organizationSlug='my-org', dataset='errors', fields=['issue', 'count()'], sort='-count()')
  search_events(organizationSlug='my-org', dataset='spans', query='span.op:db', sort='-span.duration')
  search_events(organizationSlug='my-org', dataset='replays', query='count_errors:>0', sort='-count_errors')
  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, it's likely in the format of <organizationSlug>/<projectSlug>.
  - Parse org/project notation directly without calling find_organizations or find_projects.
  - Use fields with aggregate functions like count(), avg(), sum() for statistics
  - Sort by -count() for most common, -timestamp for newest
  </hints> */
  function search_events(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** Initial dataset hint: errors, logs, spans, metrics, profiles, or replays. The agent may correct this when configured. */ dataset?: "spans" | "errors" | "logs" | "metrics" | "profiles" | "replays"
    /** Natural language or Sentry event search query syntax. */ query?: string
    /** Fields to return for event datasets. If not specified, uses sensible defaults. Include aggregate functions like count(), avg() for statistics. Leave null for dataset='replays'. */ fields?: string[] | null
    /** Sort field (prefix with - for descending). If omitted, event datasets default to -timestamp and replays default to -started_at. Use -count() for event aggregations. For dataset='replays', use replay sorts like -started_at or -count_errors. */ sort?: string | null
    /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ projectSlug?: string | null
    /** Optional environment filter for dataset='replays'. Use a string for one environment or an array for multiple. For other datasets, filter environment in the query string instead. */ environment?: string | string[] | null
    /** Initial time period hint: 1h, 24h, 7d, 14d, 30d, etc. */ statsPeriod?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** Maximum number of results to return (1-100) @default 10 @minimum 1 @maximum 100 */ limit?: number
    /** Include explanation of how the query was translated or repaired */ includeExplanation?: boolean
  }): Promise<any>;
  /** Create a new team in Sentry.

  USE THIS TOOL WHEN USERS WANT TO:
  - 'Create a new team'
  - 'Set up a team called [X]'
  - 'I need a team for my project'

  Be careful when using this tool!

  <examples>
  ### Create a new team
  ```
  create_team(organizationSlug='my-organization', name='the-goats')
  ```
  </examples>

  <hints>
  - If any parameter is ambiguous, you should clarify with the user what they meant.
  </hints> */
  function create_team(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The name of the team to create. */ name: string
  }): Promise<any>;
  /** Create a new project in Sentry (includes DSN automatically).

  USE THIS TOOL WHEN USERS WANT TO:
  - 'Create a new project'
  - 'Set up a project for [app/service] with team [X]'
  - 'I need a new Sentry project'
  - Create project AND need DSN in one step
  - 'Create a project for my-repo'

  DO NOT USE create_dsn after this - DSN is included in output.

  Be careful when using this tool!

  <examples>
  ### Create new project with team
  ```
  create_project(organizationSlug='my-organization', teamSlug='my-team', name='my-project', platform='javascript')
  ```
  ### Create project and link to a repository
  ```
  create_project(organizationSlug='my-organization', teamSlug='my-team', name='my-project', platform='javascript', repository='getsentry/sentry')
  ```
  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, its likely in the format of <organizationSlug>/<teamSlug>.
  - If any parameter is ambiguous, you should clarify with the user what they meant.
  - The repository parameter accepts a repo name (e.g. 'getsentry/sentry'). The repo must already be connected to the org via a VCS integration.
  </hints> */
  function create_project(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The team's slug. You can find a list of existing teams in an organization using the `find_teams()` tool. */ teamSlug: string
    /** The name of the project to create. Typically this is commonly the name of the repository or service. It is only used as a visual label in Sentry. */ name: string
    /** The platform for the project. e.g., python, javascript, react, etc. */ platform?: string | null
    /** Optional repository name to link to the project (e.g. 'getsentry/sentry'). The repo must already be connected to the organization via a VCS integration. */ repository?: string | null
  }): Promise<any>;
  /** Update project settings in Sentry, such as name, slug, platform, and team assignment.

  Be careful when using this tool!

  Use this tool when you need to:
  - Update a project's name or slug to fix onboarding mistakes
  - Change the platform assigned to a project
  - Update team assignment for a project

  <examples>
  ### Update a project's name and slug

  ```
  update_project(organizationSlug='my-organization', projectSlug='old-project', name='New Project Name', slug='new-project-slug')
  ```

  ### Assign a project to a different team

  ```
  update_project(organizationSlug='my-organization', projectSlug='my-project', teamSlug='backend-team')
  ```

  ### Update platform

  ```
  update_project(organizationSlug='my-organization', projectSlug='my-project', platform='python')
  ```

  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, it's likely in the format of <organizationSlug>/<projectSlug>.
  - Team assignment is handled separately from other project settings
  - If any parameter is ambiguous, you should clarify with the user what they meant.
  - When updating the slug, the project will be accessible at the new slug after the update
  </hints> */
  function update_project(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ projectSlug: string
    /** The new name for the project */ name?: string | null
    /** The new slug for the project (must be unique) */ slug?: string | null
    /** The platform for the project. e.g., python, javascript, react, etc. */ platform?: string | null
    /** The team to assign this project to. Note: this will replace the current team assignment. */ teamSlug?: /** The team's slug. You can find a list of existing teams in an organization using the `find_teams()` tool. */ string | null
  }): Promise<any>;
  /** Create an additional DSN for an EXISTING project.

  USE THIS TOOL WHEN:
  - Project already exists and needs additional DSN
  - 'Create another DSN for project X'
  - 'I need a production DSN for existing project'

  DO NOT USE for new projects (use create_project instead)

  Be careful when using this tool!

  <examples>
  ### Create additional DSN for existing project
  ```
  create_dsn(organizationSlug='my-organization', projectSlug='my-project', name='Production')
  ```
  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, its likely in the format of <organizationSlug>/<projectSlug>.
  - If any parameter is ambiguous, you should clarify with the user what they meant.
  </hints> */
  function create_dsn(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ projectSlug: string
    /** The name of the DSN to create, for example 'Production'. */ name: string
  }): Promise<any>;
  /** List all Sentry DSNs for a specific project.

  Use this tool when you need to:
  - Retrieve a SENTRY_DSN for a specific project

  <hints>
  - If the user passes a parameter in the form of name/otherName, its likely in the format of <organizationSlug>/<projectSlug>.
  - If only one parameter is provided, and it could be either `organizationSlug` or `projectSlug`, its probably `organizationSlug`, but if you're really uncertain you might want to call `find_organizations()` first.
  </hints> */
  function find_dsns(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ projectSlug: string
  }): Promise<any>;
  /** Use Seer to analyze production errors and get detailed root cause analysis with specific code fixes.

  Use this tool when:
  - The user explicitly asks for root cause analysis, Seer analysis, or help fixing/debugging an issue
  - You are unable to accurately determine the root cause from the issue details alone

  Do NOT call this tool as an automatic follow-up to get_sentry_resource.

  What this tool provides:
  - Root cause analysis with code-level explanations
  - Specific file locations and line numbers where errors occur
  - Concrete code fixes you can apply
  - Step-by-step implementation guidance

  This tool automatically:
  1. Checks if analysis already exists (instant results)
  2. Starts new AI analysis if needed (~2-5 minutes)
  3. Returns complete fix recommendations

  <examples>
  ### User: "Run Seer on this issue"

  ```
  analyze_issue_with_seer(issueUrl='https://my-org.sentry.io/issues/PROJECT-1Z43')
  ```

  ### User: "Analyze this issue and suggest a fix"

  ```
  analyze_issue_with_seer(organizationSlug='my-organization', issueId='ERROR-456')
  ```
  </examples>

  <hints>
  - Only use when the user explicitly requests analysis or you cannot determine the root cause from issue details alone
  - If the user provides an issueUrl, extract it and use that parameter alone
  - The analysis includes actual code snippets and fixes, not just error descriptions
  - Results are cached - subsequent calls return instantly
  </hints> */
  function analyze_issue_with_seer(args?: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** The Issue ID. e.g. `PROJECT-1Z43` */ issueId?: string
    /** The URL of the issue. e.g. https://my-organization.sentry.io/issues/PROJECT-1Z43 @format uri */ issueUrl?: string
    /** Optional custom instruction for the AI analysis */ instruction?: string
  }): Promise<any>;
  /** Search Sentry documentation for SDK setup, instrumentation, and configuration guidance.

  Use this tool when you need to:
  - Set up Sentry SDK or framework integrations (Django, Flask, Express, Next.js, etc.)
  - Configure features like performance monitoring, error sampling, or release tracking
  - Implement custom instrumentation (spans, transactions, breadcrumbs)
  - Configure data scrubbing, filtering, or sampling rules

  Returns snippets only. Use the Sentry tool `get_doc(path='...')` to fetch full documentation content.

  <examples>
  ```
  search_docs(query='Django setup configuration SENTRY_DSN', guide='python/django')
  search_docs(query='source maps webpack upload', guide='javascript/nextjs')
  ```
  </examples>

  <hints>
  - Use guide parameter to filter to specific technologies (e.g., 'javascript/nextjs')
  - Include specific feature names like 'beforeSend', 'tracesSampleRate', 'SENTRY_DSN'
  </hints> */
  function search_docs(args: {
    /** The search query in natural language. Be specific about what you're looking for. @minLength 2 @maxLength 200 */ query: string
    /** Maximum number of results to return (1-10) @default 3 @minimum 1 @maximum 10 */ maxResults?: integer
    /** Optional guide filter to limit search results to specific documentation sections. Use either a platform (e.g., 'javascript', 'python') or platform/guide combination (e.g., 'javascript/nextjs', 'python/django'). */ guide?: "javascript" | "python" | "java" | "dotnet" | "go" | "php" | "ruby" | "android" | "apple" | "unity" | "unreal" | "rust" | "elixir" | "kotlin" | "native" | "dart" | "godot" | "nintendo-switch" | "playstation" | "powershell" | "react-native" | "xbox" | "javascript/nextjs" | "javascript/react" | "javascript/gatsby" | "javascript/remix" | "javascript/vue" | "javascript/angular" | "javascript/hono" | "javascript/svelte" | "javascript/express" | "javascript/fastify" | "javascript/astro" | "javascript/bun" | "javascript/capacitor" | "javascript/cloudflare" | "javascript/connect" | "javascript/cordova" | "javascript/deno" | "javascript/electron" | "javascript/ember" | "javascript/nuxt" | "javascript/solid" | "javascript/solidstart" | "javascript/sveltekit" | "javascript/tanstack-react" | "javascript/wasm" | "javascript/node" | "javascript/koa" | "javascript/nestjs" | "javascript/hapi" | "python/django" | "python/flask" | "python/fastapi" | "python/celery" | "python/tornado" | "python/pyramid" | "python/aiohttp" | "python/anthropic" | "python/airflow" | "python/aws-lambda" | "python/boto3" | "python/bottle" | "python/chalice" | "python/dramatiq" | "python/falcon" | "python/langchain" | "python/litestar" | "python/logging" | "python/loguru" | "python/openai" | "python/quart" | "python/ray" | "python/redis" | "python/rq" | "python/sanic" | "python/sqlalchemy" | "python/starlette" | "dart/flutter" | "dotnet/aspnetcore" | "dotnet/maui" | "dotnet/wpf" | "dotnet/winforms" | "dotnet/aspnet" | "dotnet/aws-lambda" | "dotnet/azure-functions" | "dotnet/blazor-webassembly" | "dotnet/entityframework" | "dotnet/google-cloud-functions" | "dotnet/extensions-logging" | "dotnet/log4net" | "dotnet/nlog" | "dotnet/serilog" | "dotnet/uwp" | "dotnet/xamarin" | "java/spring" | "java/spring-boot" | "java/android" | "java/jul" | "java/log4j2" | "java/logback" | "java/servlet" | "go/echo" | "go/fasthttp" | "go/fiber" | "go/gin" | "go/http" | "go/iris" | "go/logrus" | "go/negroni" | "go/slog" | "go/zerolog" | "php/laravel" | "php/symfony" | "ruby/delayed_job" | "ruby/rack" | "ruby/rails" | "ruby/resque" | "ruby/sidekiq" | "android/kotlin" | "apple/ios" | "apple/macos" | "apple/watchos" | "apple/tvos" | "apple/visionos" | "kotlin/multiplatform" | null
  }): Promise<any>;
  /** Fetch the full markdown content of a Sentry documentation page.

  Use this tool when you need to:
  - Read the complete documentation for a specific topic
  - Get detailed implementation examples or code snippets
  - Access the full context of a documentation page
  - Extract specific sections from documentation

  <examples>
  ### Get the Next.js integration guide

  ```
  get_doc(path='/platforms/javascript/guides/nextjs.md')
  ```
  </examples>

  <hints>
  - Use the path from search_docs results for accurate fetching
  - Paths should end with .md extension
  </hints> */
  function get_doc(args: {
    /** The documentation path (e.g., '/platforms/javascript/guides/nextjs.md'). Get this from search_docs results. */ path: string
  }): Promise<any>;
  /** Search for grouped issues/problems in Sentry - returns a LIST of issues, NOT counts or aggregations.

  Provide `query` as natural language or Sentry issue search syntax. When an embedded agent is configured, it fixes query and sort before running while preserving explicit Sentry search syntax.

  Returns grouped issues with metadata like title, status, and user count.

  Common Query Syntax:
  - is:unresolved / is:resolved / is:ignored / is:for_review / is:new / is:regressed / is:escalating
  - level:error / level:warning
  - firstSeen:-24h / lastSeen:-7d
  - assigned:me / assigned_or_suggested:me
  - release:latest
  - issue.category:feedback
  - issue.priority:high
  - environment:production
  - userCount:>100

  DO NOT USE FOR COUNTS/AGGREGATIONS → use search_events
  DO NOT USE FOR individual events with timestamps → use search_events
  DO NOT USE FOR details about a specific issue → use get_sentry_resource

  <examples>
  search_issues(organizationSlug='my-org', query='critical bugs from last week')
  search_issues(organizationSlug='my-org', query='is:unresolved is:unassigned', sort='freq')
  search_issues(organizationSlug='my-org', query='level:error firstSeen:-24h', projectSlugOrId='my-project')
  </examples>

  <hints>
  - If the user passes a parameter in the form of name/otherName, it's likely in the format of <organizationSlug>/<projectSlugOrId>.
  - Parse org/project notation directly without calling find_organizations or find_projects.
  - The projectSlugOrId parameter accepts both project slugs (e.g., 'my-project') and numeric IDs (e.g., '123456').
  </hints> */
  function search_issues(args: {
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug: string
    /** Natural language or Sentry issue search query syntax. @default "is:unresolved" */ query?: string
    /** Sort order: date (last seen), freq (frequency), new (first seen), user (user count) @default "date" */ sort?: "date" | "freq" | "new" | "user"
    /** The project's slug or numeric ID (optional) */ projectSlugOrId?: string | null
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** Maximum number of issues to return (1-100) @default 10 @minimum 1 @maximum 100 */ limit?: number
    /** Include explanation of how the query was translated or repaired */ includeExplanation?: boolean
  }): Promise<any>;
  /** Search and filter events within a specific issue.

  Provide `query` as natural language or Sentry event search syntax. When an embedded agent is configured, it fixes filters, fields, sort, and time range before running.

  The tool automatically constrains results to the specified issue.

  Common Query Filters:
  - environment:production - Filter by environment
  - release:1.0.0 - Filter by release version
  - user.email:alice@example.com - Filter by user
  - trace:TRACE_ID - Filter by trace ID

  For cross-issue searches use search_issues. For single issue or event details use get_sentry_resource.

  <examples>
  search_issue_events(issueId='MCP-41', organizationSlug='my-org', query='from last hour')
  search_issue_events(issueId='MCP-41', organizationSlug='my-org', query='environment:production')
  search_issue_events(issueUrl='https://sentry.io/.../issues/123/', query='release:v1.0.0', statsPeriod='7d')
  </examples> */
  function search_issue_events(args?: {
    /** Organization slug. Required when using issueId. Not needed when using issueUrl. */ organizationSlug?: /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ string | null
    /** Issue ID (e.g., 'MCP-41', 'PROJECT-123'). Requires organizationSlug. Alternatively, use issueUrl. */ issueId?: string
    /** Full Sentry issue URL (e.g., 'https://sentry.io/organizations/my-org/issues/123/'). Includes both organization and issue ID. @format uri */ issueUrl?: string
    /** Natural language or Sentry event search query syntax for filtering within the issue. */ query?: string
    /** Sort field (prefix with - for descending). Default: -timestamp */ sort?: string
    /** Initial time period hint: 1h, 24h, 7d, 14d, 30d, etc. */ statsPeriod?: string
    /** Project slug for better tag discovery. Optional - helps find project-specific tags. */ projectSlug?: /** The project's slug. You can find a list of existing projects in an organization using the `find_projects()` tool. */ string | null
    /** Sentry region URL. Optional - defaults to main region. */ regionUrl?: /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ string | null
    /** Maximum number of events to return (1-100, default: 50) @minimum 1 @maximum 100 */ limit?: number
    /** Include explanation of how the query was translated or repaired */ includeExplanation?: boolean
  }): Promise<any>;
  /** Inspect a specific Sentry profile in detail.

  USE THIS TOOL WHEN:
  - User shares a transaction profile URL and wants the details
  - User has a profile ID and wants a concise summary plus raw sample structure
  - User needs to inspect a continuous profile session by profiler ID and time range

  RETURNS:
  - Transaction profile summary with profile URL, transaction, trace, release, and runtime details
  - Sample structure summaries such as frame count, sample count, stacks, and thread breakdown
  - Top frames by occurrence for a quick hotspot overview

  NOTE: This tool supports two profile modes.
  - Transaction profiles: pass `profileUrl` or `organizationSlug` + `projectSlugOrId` + `profileId`
  - Continuous profiles: pass `profileUrl` or `organizationSlug` + `projectSlugOrId` + `profilerId` + `start` + `end`

  <examples>
  ### Transaction profile URL
  ```
  get_profile_details(
    profileUrl='https://my-org.sentry.io/explore/profiling/profile/backend/cfe78a5c892d4a64a962d837673398d2/flamegraph/'
  )
  ```

  ### Transaction profile by ID
  ```
  get_profile_details(
    organizationSlug='my-org',
    projectSlugOrId='backend',
    profileId='cfe78a5c892d4a64a962d837673398d2'
  )
  ```

  ### Continuous profile by session
  ```
  get_profile_details(
    organizationSlug='my-org',
    projectSlugOrId='backend',
    profilerId='041bde57b9844e36b8b7e5734efae5f7',
    start='2024-01-01T00:00:00Z',
    end='2024-01-01T01:00:00Z'
  )
  ```
  </examples> */
  function get_profile_details(args?: {
    /** Sentry transaction profile or continuous profile URL. If provided, organization, project, and profile identifiers are extracted from the URL. @format uri */ profileUrl?: string
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
    /** The region URL for the organization you're querying, if known. For Sentry's Cloud Service (sentry.io), this is typically the region-specific URL like 'https://us.sentry.io'. For self-hosted Sentry installations, this parameter is usually not needed and should be omitted. You can find the correct regionUrl from the organization details using the `find_organizations()` tool. */ regionUrl?: string | null
    /** Project slug or numeric ID */ projectSlugOrId?: string | number
    /** Transaction profile ID from a profile flamegraph URL */ profileId?: string
    /** Continuous profiler session ID */ profilerId?: string
    /** Continuous profile start time in ISO 8601 format, for example '2024-01-01T00:00:00Z' */ start?: string
    /** Continuous profile end time in ISO 8601 format, for example '2024-01-01T01:00:00Z' */ end?: string
    /** Show only user code frames in the hotspot table. Set to false to include library frames. @default true */ focusOnUserCode?: boolean
  }): Promise<any>;
  /** Fetch a Sentry resource by URL, or by resourceType plus resourceId.
  Pass a Sentry URL directly when possible; the resource type is auto-detected.

  Supports issues, events, traces, spans, AI conversations, breadcrumbs, replays, preprod snapshots, and snapshot images.
  Trace lookups return a condensed overview by default.

  AI Conversations: A conversation is a set of spans sharing the same gen_ai.conversation.id. Use resourceType='ai_conversation' with a conversation ID to fetch all spans for that conversation. To discover or list conversation IDs, use search_events with dataset='spans' and query='has:gen_ai.conversation.id'. Conversations are NOT issues — do not use search_issues for conversation queries.

  For preprod snapshot URLs (matching 'sentry.io/preprod/snapshots/'):
  - Without ?selectedSnapshot=: returns the snapshot diff summary (changed, added, removed images)
  - With ?selectedSnapshot=<image_file_name>: returns the image preview and metadata. Full-resolution snapshot image bytes are not available in this session.

  Resource IDs:
  - span: <traceId>:<spanId>
  - snapshot: <snapshotId>
  - snapshotImage: <snapshotId>:<image_file_name>

  <examples>
  get_sentry_resource(url='https://sentry.io/issues/PROJECT-123/')
  get_sentry_resource(resourceType='issue', organizationSlug='my-org', resourceId='PROJECT-123')
  get_sentry_resource(resourceType='span', organizationSlug='my-org', resourceId='<traceId>:<spanId>')
  get_sentry_resource(resourceType='ai_conversation', organizationSlug='my-org', resourceId='conversation-123')
  get_sentry_resource(url='https://sentry.sentry.io/preprod/snapshots/123/')
  get_sentry_resource(url='https://sentry.sentry.io/preprod/snapshots/123/?selectedSnapshot=login_screen.png')
  </examples> */
  function get_sentry_resource(args?: {
    /** Sentry URL. The resource type is auto-detected from the URL pattern. @format uri */ url?: string
    /** Resource type. With a URL, can override the auto-detected type for breadcrumbs on an issue/event URL or for `trace` on a span-focused trace URL. Use `snapshot` with a snapshot artifact ID, or `snapshotImage` with `<snapshotId>:<image_file_name>`. */ resourceType?: "issue" | "event" | "trace" | "span" | "ai_conversation" | "breadcrumbs" | "replay" | "snapshot" | "snapshotImage"
    /** Resource identifier: issue shortId (e.g., 'PROJECT-123'), event ID, trace ID, AI conversation ID, replay ID, snapshot artifact ID, `<snapshotId>:<image_file_name>` for snapshot image resources, or `traceId:spanId` for span resources. Required when not using a URL. */ resourceId?: string
    /** The organization's slug. You can find a existing list of organizations you have access to using the `find_organizations()` tool. */ organizationSlug?: string
  }): Promise<any>;
}
