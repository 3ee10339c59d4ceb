declare namespace n8n {
  type integer = number;
  type NodeGroup = {
    /** Optional; generated when omitted */ id?: string
    name: string
    nodeIds: string[]
    /** Optional, max 155 chars (n8n 2.32+) */ description?: string
  };
  /** Get documentation for n8n MCP tools. Call without parameters for quick start guide. Use topic parameter to get documentation for specific tools. Use depth='full' for comprehensive documentation. */
  function tools_documentation(args?: {
    /** Tool name (e.g., "search_nodes") or "overview" for general guide. Leave empty for quick reference. */ topic?: string
    /** Level of detail. "essentials" (default) for quick reference, "full" for comprehensive docs. @default "essentials" */ depth?: "essentials" | "full"
  }): Promise<any>;
  /** Search n8n nodes by keyword with optional real-world examples. Pass query as string. Example: query="webhook" or query="database". Returns max 20 results. Use includeExamples=true to get top 2 template configs per node. */
  function search_nodes(args: {
    /** Search terms. Use quotes for exact phrase. */ query: string
    /** Max results (default 20) */ limit?: number
    /** OR=any word, AND=all words, FUZZY=typo-tolerant @default "OR" */ mode?: "OR" | "AND" | "FUZZY"
    /** Include top 2 real-world configuration examples from popular templates (default: false) */ includeExamples?: boolean
    /** Include resource/operation tree per node. Adds ~100-300 tokens per result but saves a get_node round-trip. */ includeOperations?: boolean
    /** Filter by node source: all=everything (default), core=n8n base nodes, community=community nodes, verified=verified community nodes only @default "all" */ source?: "all" | "core" | "community" | "verified"
  }): Promise<any>;
  /** Get node info with progressive detail levels and multiple modes. Detail: minimal (~200 tokens), standard (~1-2K, default), full (~3-8K). Modes: info (default), docs (markdown documentation), search_properties (find properties), versions/compare/breaking/migrations (version info). Use format='docs' for readable documentation, mode='search_properties' with propertyQuery for finding specific fields. */
  function get_node(args: {
    /** Full node type: "nodes-base.httpRequest" or "nodes-langchain.agent" */ nodeType: string
    /** Information detail level. standard=essential properties (recommended), full=everything @default "standard" */ detail?: "minimal" | "standard" | "full"
    /** Operation mode. info=node schema, docs=readable markdown documentation, search_properties=find specific properties, versions/compare/breaking/migrations=version info @default "info" */ mode?: "info" | "docs" | "search_properties" | "versions" | "compare" | "breaking" | "migrations"
    /** Include type structure metadata (type category, JS type, validation rules). Only applies to mode=info. Adds ~80-120 tokens per property. */ includeTypeInfo?: boolean
    /** Include real-world configuration examples from templates. Only applies to mode=info with detail=standard. Adds ~200-400 tokens per example. */ includeExamples?: boolean
    /** Source version for compare/breaking/migrations modes (e.g., "1.0") */ fromVersion?: string
    /** Target version for compare mode (e.g., "2.0"). Defaults to latest if omitted. */ toVersion?: string
    /** For mode=search_properties: search term to find properties (e.g., "auth", "header", "body") */ propertyQuery?: string
    /** For mode=search_properties: max results (default 20) */ maxPropertyResults?: number
  }): Promise<any>;
  /** Validate n8n node configuration. Use mode='full' for comprehensive validation with errors/warnings/suggestions, mode='minimal' for quick required fields check. Example: nodeType="nodes-base.slack", config={resource:"channel",operation:"create"} */
  function validate_node(args: {
    /** Node type as string. Example: "nodes-base.slack" */ nodeType: string
    /** Configuration as object. For simple nodes use {}. For complex nodes include fields like {resource:"channel",operation:"create"} */ config: Record<string, any>
    /** Validation mode. full=comprehensive validation with errors/warnings/suggestions, minimal=quick required fields check only. Default is "full" */ mode?: "full" | "minimal"
    /** Profile for mode=full: "minimal", "runtime", "ai-friendly", or "strict". Default is "ai-friendly" */ profile?: "strict" | "runtime" | "ai-friendly" | "minimal"
  }): Promise<{
    nodeType: string
    workflowNodeType?: string
    displayName: string
    valid: boolean
    errors?: { type?: string; property?: string; message?: string; fix?: string }[]
    warnings?: { type?: string; property?: string; message?: string; suggestion?: string }[]
    suggestions?: string[]
    /** Only present in mode=minimal */ missingRequiredFields?: string[]
    summary?: { hasErrors?: boolean; errorCount?: number; warningCount?: number; suggestionCount?: number }
  }>;
  /** Get template by ID. Use mode to control response size: nodes_only (minimal), structure (nodes+connections), full (complete workflow). */
  function get_template(args: {
    /** The template ID to retrieve */ templateId: number
    /** Response detail level. nodes_only: just node list, structure: nodes+connections, full: complete workflow JSON. @default "full" */ mode?: "nodes_only" | "structure" | "full"
  }): Promise<any>;
  /** Search templates with multiple modes. Use searchMode='keyword' for text search, 'by_nodes' to find templates using specific nodes, 'by_task' for curated task-based templates, 'by_metadata' for filtering by complexity/setup time/services, 'patterns' for lightweight workflow pattern summaries mined from 2700+ templates. */
  function search_templates(args?: {
    /** Search mode. keyword=text search (default), by_nodes=find by node types, by_task=curated task templates, by_metadata=filter by complexity/services, patterns=lightweight workflow pattern summaries @default "keyword" */ searchMode?: "keyword" | "by_nodes" | "by_task" | "by_metadata" | "patterns"
    /** For searchMode=keyword: search keyword (e.g., "chatbot") */ query?: string
    /** For searchMode=keyword: fields to include in response. Default: all fields. */ fields?: ("id" | "name" | "description" | "author" | "nodes" | "views" | "created" | "url" | "metadata")[]
    /** For searchMode=by_nodes: array of node types (e.g., ["n8n-nodes-base.httpRequest", "n8n-nodes-base.slack"]) */ nodeTypes?: string[]
    /** For searchMode=by_task: the type of task. For searchMode=patterns: optional category filter (omit for overview of all categories). */ task?: "ai_automation" | "data_sync" | "webhook_processing" | "email_automation" | "slack_integration" | "data_transformation" | "file_processing" | "scheduling" | "api_integration" | "database_operations"
    /** For searchMode=by_metadata: filter by category (e.g., "automation", "integration") */ category?: string
    /** For searchMode=by_metadata: filter by complexity level */ complexity?: "simple" | "medium" | "complex"
    /** For searchMode=by_metadata: maximum setup time in minutes @minimum 5 @maximum 480 */ maxSetupMinutes?: number
    /** For searchMode=by_metadata: minimum setup time in minutes @minimum 5 @maximum 480 */ minSetupMinutes?: number
    /** For searchMode=by_metadata: filter by required service (e.g., "openai", "slack") */ requiredService?: string
    /** For searchMode=by_metadata: filter by target audience (e.g., "developers", "marketers") */ targetAudience?: string
    /** Maximum number of results. Default 20. @minimum 1 @maximum 100 */ limit?: number
    /** Pagination offset. Default 0. @minimum 0 */ offset?: number
  }): Promise<any>;
  /** Full workflow validation: structure, connections, expressions, AI tools. Returns errors/warnings/fixes. Essential before deploy. */
  function validate_workflow(args: {
    /** The complete workflow JSON to validate. Must include nodes array and connections object. */ workflow: Record<string, any>
    /** Optional validation settings */ options?: {
      /** Validate individual node configurations. Default true. */ validateNodes?: boolean
      /** Validate node connections and flow. Default true. */ validateConnections?: boolean
      /** Validate n8n expressions syntax and references. Default true. */ validateExpressions?: boolean
      /** Validation profile for node validation. Default "runtime". */ profile?: "minimal" | "runtime" | "ai-friendly" | "strict"
    }
  }): Promise<{
    valid: boolean
    summary: {
      totalNodes?: number
      enabledNodes?: number
      triggerNodes?: number
      validConnections?: number
      invalidConnections?: number
      expressionsValidated?: number
      errorCount?: number
      warningCount?: number
    }
    errors?: { node?: string; message?: string; details?: string }[]
    warnings?: { node?: string; message?: string; details?: string }[]
    suggestions?: string[]
  }>;
  /** Create workflow. Requires: name, nodes[], connections{}. Created inactive. Returns workflow with ID. */
  function n8n_create_workflow(args: {
    /** Workflow name (required) */ name: string
    /** Array of workflow nodes. Each node must have: id, name, type, typeVersion, position, and parameters */ nodes: {
      id: string
      name: string
      type: string
      typeVersion: number
      /** @minItems 2 @maxItems 2 */ position: number[]
      parameters: Record<string, any>
      credentials?: Record<string, any>
      disabled?: boolean
      notes?: string
      continueOnFail?: boolean
      retryOnFail?: boolean
      maxTries?: number
      waitBetweenTries?: number
    }[]
    /** Workflow connections object. Keys are source node names (the name field, not id), values define output connections */ connections: Record<string, any>
    /** Optional workflow settings (execution order, timezone, error handling). Any other key the n8n Public API accepts is forwarded as well, e.g. availableInMCP (expose the workflow to n8n's instance-level MCP server), callerPolicy, callerIds. */ settings?: {
      executionOrder?: "v0" | "v1"
      timezone?: string
      saveDataErrorExecution?: "all" | "none"
      saveDataSuccessExecution?: "all" | "none"
      saveManualExecutions?: boolean
      saveExecutionProgress?: boolean
      executionTimeout?: number
      errorWorkflow?: string
      /** Expose the workflow to n8n's instance-level MCP server (n8n 1.119+) */ availableInMCP?: boolean
    }
    /** Optional canvas groups (n8n 2.28+): named frames around a connected run of non-trigger nodes. Members are node IDs from nodes[]. Dropped automatically on older n8n. */ nodeGroups?: NodeGroup[]
    /** Optional project ID to create the workflow in (enterprise feature) */ projectId?: string
    /** Optional folder ID to place the workflow in (n8n 2.32+). Omit for the project root. Find or create folders with n8n_manage_folders. */ parentFolderId?: string
  }): Promise<any>;
  /** Get workflow by ID with different detail levels. n8n has a draft/publish model: the workflow body holds the draft (latest edits); use mode='active' to see the published graph that is actually running. Modes: 'full' (draft + metadata), 'details' (full + execution stats), 'active' (published graph only), 'structure' (nodes/connections topology), 'filtered' (full config of only the nodes named in nodeNames - use to read one heavy node without the whole workflow), 'minimal' (id/name/active/tags). */
  function n8n_get_workflow(args: {
    /** Workflow ID */ id: string
    /** Detail level: full=draft + metadata (activeVersionId pointer kept, heavy activeVersion payload stripped), details=full+execution stats, active=published graph (errors if workflow has no live version), structure=nodes/connections topology, filtered=full config of only the nodes listed in nodeNames, minimal=metadata only @default "full" */ mode?: "full" | "details" | "structure" | "minimal" | "active" | "filtered"
    /** For mode='filtered': node names or node IDs to return with full config. Returns only matching nodes (avoids client-side truncation on large workflows with long Code-node source). Discover names with mode='structure' first. @minItems 1 */ nodeNames?: string[]
  }): Promise<any>;
  /** Full workflow update. Requires complete nodes[] and connections{}. For incremental use n8n_update_partial_workflow. */
  function n8n_update_full_workflow(args: {
    /** Workflow ID to update */ id: string
    /** New workflow name */ name?: string
    /** Complete array of workflow nodes (required if modifying workflow structure) */ nodes?: Record<string, any>[]
    /** Complete connections object (required if modifying workflow structure) */ connections?: Record<string, any>
    /** Workflow settings to update */ settings?: Record<string, any>
    /** Canvas groups (n8n 2.28+). Omit to keep the existing groups; pass [] to ungroup everything. Members are node IDs. */ nodeGroups?: NodeGroup[]
    /** Move the workflow into this folder (n8n 2.32+): folder ID = move there, null = move to project root, omit = leave the current folder unchanged. For a move without other changes prefer the moveToFolder operation of n8n_update_partial_workflow. */ parentFolderId?: string | null
  }): Promise<any>;
  /** Update workflow incrementally with diff operations. Types: addNode, removeNode, updateNode, patchNodeField, moveNode, enable/disableNode, addConnection, removeConnection, rewireConnection, cleanStaleConnections, replaceConnections, updateSettings, updateName, setNodeGroups, add/removeTag, activate/deactivateWorkflow, transferWorkflow, moveToFolder. patchNodeField requires fieldPath (dot path, e.g. "parameters.jsCode") and patches: [{find, replace}]. setNodeGroups replaces all canvas groups: [{name, nodeNames|nodeIds}] (or [] to ungroup). moveToFolder moves the workflow into a folder (n8n 2.32+): {parentFolderId: folder ID or null for project root}. See tools_documentation("n8n_update_partial_workflow", "full") for details. */
  function n8n_update_partial_workflow(args: {
    /** Workflow ID to update */ id: string
    /** Array of diff operations to apply. Each operation must have a "type" field and relevant properties for that operation type. */ operations: Record<string, any>[]
    /** If true, only validate operations without applying them */ validateOnly?: boolean
    /** If true, apply valid operations even if some fail (best-effort mode). Returns applied and failed operation indices. Default: false (atomic) */ continueOnError?: boolean
    [key: string]: any
  }): Promise<any>;
  /** Permanently delete a workflow. This action cannot be undone. */
  function n8n_delete_workflow(args: { /** Workflow ID to delete */ id: string }): Promise<any>;
  /** List workflows (minimal metadata only). Returns id/name/active/dates/tags. Check hasMore/nextCursor for pagination. */
  function n8n_list_workflows(args?: {
    /** Number of workflows to return (1-100, default: 100) */ limit?: number
    /** Pagination cursor from previous response */ cursor?: string
    /** Filter by active status */ active?: boolean
    /** Filter by tags (exact match) */ tags?: string[]
    /** Filter by project ID (enterprise feature) */ projectId?: string
    /** Exclude pinned data from response (default: true) */ excludePinnedData?: boolean
  }): Promise<any>;
  /** Validate workflow by ID. Checks nodes, connections, expressions. Returns errors/warnings/suggestions. */
  function n8n_validate_workflow(args: {
    /** Workflow ID to validate */ id: string
    /** Validation options */ options?: {
      /** Validate node configurations (default: true) */ validateNodes?: boolean
      /** Validate workflow connections (default: true) */ validateConnections?: boolean
      /** Validate n8n expressions (default: true) */ validateExpressions?: boolean
      /** Validation profile to use (default: runtime) */ profile?: "minimal" | "runtime" | "ai-friendly" | "strict"
    }
  }): Promise<any>;
  /** Automatically fix common workflow validation errors. Preview fixes or apply them. Fixes expression format, typeVersion, error output config, webhook paths, connection structure issues (numeric keys, invalid types, ID-to-name, duplicates, out-of-bounds indices). */
  function n8n_autofix_workflow(args: {
    /** Workflow ID to fix */ id: string
    /** Apply fixes to workflow (default: false - preview mode) */ applyFixes?: boolean
    /** Types of fixes to apply (default: all) */ fixTypes?: ("expression-format" | "typeversion-correction" | "error-output-config" | "node-type-correction" | "webhook-missing-path" | "typeversion-upgrade" | "version-migration" | "tool-variant-correction" | "connection-numeric-keys" | "connection-invalid-type" | "connection-id-to-name" | "connection-duplicate-removal" | "connection-input-index")[]
    /** Minimum confidence level for fixes (default: medium) */ confidenceThreshold?: "high" | "medium" | "low"
    /** Maximum number of fixes to apply (default: 50) */ maxFixes?: number
  }): Promise<any>;
  /** Run a workflow. method=auto (default) triggers it over HTTP through its webhook/form/chat trigger. Workflows without such a trigger need n8n's MCP server: method=prepare lists the nodes that need pinned data, method=pinned runs the workflow with that data, method=direct starts a run with optional inputs. The official methods need N8N_MCP_ACCESS_TOKEN and the workflow's "Available in MCP" setting (exposeToMcp: true enables it after you confirm with the user). */
  function n8n_test_workflow(args: {
    /** Workflow ID to execute (required) */ workflowId: string
    /** How to run it. auto (default): trigger over HTTP when the workflow has a webhook/form/chat trigger, otherwise report that it cannot be triggered - auto never runs through n8n's MCP server. trigger: force the HTTP path. prepare: list the nodes needing pinned data (read-only). pinned: run with pinData through n8n's MCP server. direct: start a run through n8n's MCP server, with optional inputs. */ method?: "auto" | "trigger" | "prepare" | "pinned" | "direct"
    /** Trigger type. Auto-detected if not specified. Workflow must have a matching trigger node. */ triggerType?: "webhook" | "form" | "chat"
    /** For webhook: HTTP method (default: from workflow config or POST) */ httpMethod?: "GET" | "POST" | "PUT" | "DELETE"
    /** For webhook: override the webhook path */ webhookPath?: string
    /** For chat: message to send (required for chat triggers) */ message?: string
    /** For chat: session ID for conversation continuity */ sessionId?: string
    /** Input data/payload for webhook, form fields, or execution data */ data?: Record<string, any>
    /** Custom HTTP headers */ headers?: Record<string, any>
    /** Timeout in ms (default: 120000). HTTP trigger path only (method auto/trigger) — the official methods (prepare/pinned/direct) use timeoutMs instead. */ timeout?: number
    /** Wait for workflow completion (default: true) */ waitForResponse?: boolean
    /** For method=pinned (required, non-empty): pinned trigger data keyed by node name. Each value is an array of ITEMS, and every item must be wrapped as { "json": { ... } } - e.g. {"Webhook": [{"json": {"id": "123"}}]}, never a flat object. Get the node list from method=prepare. */ pinData?: Record<string, any>
    /** For method=pinned/direct: which trigger node to start from. Defaults to the detected trigger node. Required by n8n when inputs are given. */ triggerNodeName?: string
    /** For method=direct: manual (default) runs it as a manual execution; production runs it through the production execution path. Both execute the workflow's nodes for real - this only changes the execution context. Never chosen implicitly. */ executionMode?: "manual" | "production"
    /** For the official methods: enable the workflow's persistent "Available in MCP" setting when n8n refuses the call. Confirm with the user first. */ exposeToMcp?: boolean
    /** Client-side deadline for the official call (default: 30000 for prepare, 300000 for pinned/direct) @minimum 5000 @maximum 600000 */ timeoutMs?: integer
  }): Promise<any>;
  /** Manage workflow executions: get details, list, or delete. Use action='get' with id for execution details, action='list' (the default) for listing executions, action='delete' to remove execution record. */
  function n8n_executions(args?: {
    /** Operation: get=get execution details, list=list executions (default), delete=delete execution @default "list" */ action?: "get" | "list" | "delete"
    /** Execution ID. Required for action=delete; for action=get, omitting it lists executions instead */ id?: string
    /** For action=get: preview=structure only, summary=2 items (default), filtered=custom, full=all data, error=optimized error debugging */ mode?: "preview" | "summary" | "filtered" | "full" | "error"
    /** For action=get with mode=filtered: filter to specific nodes by name */ nodeNames?: string[]
    /** For action=get with mode=filtered: items per node (0=structure, 2=default, -1=unlimited) */ itemsLimit?: number
    /** For action=get: include input data in addition to output (default: false) */ includeInputData?: boolean
    /** For action=get with mode=error: sample items from upstream node (default: 2, max: 100) */ errorItemsLimit?: number
    /** For action=get with mode=error: include full stack trace (default: false, shows truncated) */ includeStackTrace?: boolean
    /** For action=get with mode=error: include execution path leading to error (default: true) */ includeExecutionPath?: boolean
    /** For action=get with mode=error: fetch workflow for accurate upstream detection (default: true) */ fetchWorkflow?: boolean
    /** For action=list: number of executions to return (1-100, default: 100) */ limit?: number
    /** For action=list: pagination cursor from previous response */ cursor?: string
    /** For action=list: filter by workflow ID */ workflowId?: string
    /** For action=list: filter by project ID (enterprise feature) */ projectId?: string
    /** For action=list: filter by execution status */ status?: "success" | "error" | "waiting"
    /** For action=list: include execution data (default: false) */ includeData?: boolean
  }): Promise<any>;
  /** Run and read evaluation test runs for a workflow. Reading requires n8n >= 2.30, run/cancel require n8n >= 2.32, and the API key must be created on the matching release to carry the testRun scopes; run/cancel also need the key owner to hold workflow:execute on the workflow. Actions: list_runs=list runs for a workflow, get_run=single run with aggregated metrics, list_cases=per-case results (paginate - cases can be large), run=trigger a run on a workflow with an evaluation trigger, cancel=stop a running run. */
  function n8n_evaluations(args: {
    /** Operation: list_runs=list test runs, get_run=run details with metrics, list_cases=per-case results, run=trigger a run, cancel=stop a running run */ action: "list_runs" | "get_run" | "list_cases" | "run" | "cancel"
    /** Workflow ID the test runs belong to (required) */ workflowId: string
    /** Test run ID (required for action=get_run, list_cases, or cancel) */ runId?: string
    /** For action=list_runs: filter by run status */ status?: "new" | "running" | "completed" | "error" | "cancelled"
    /** Results per page (1-250). Defaults: n8n server default (100) for list_runs, 20 for list_cases (per-case inputs/outputs can be large) */ limit?: number
    /** Pagination cursor from previous response */ cursor?: string
  }): Promise<any>;
  /** Check n8n instance health and API connectivity. Use mode='diagnostic' for detailed troubleshooting with env vars and tool status. */
  function n8n_health_check(args?: {
    /** Mode: "status" (default) for quick health check, "diagnostic" for detailed debug info including env vars and tool status @default "status" */ mode?: "status" | "diagnostic"
    /** Include extra details in diagnostic mode (default: false) */ verbose?: boolean
  }): Promise<any>;
  /** Manage workflow version history, rollback, comparison, and cleanup. Six modes:
  - list: Show version history for a workflow
  - get: Get details of a specific version
  - rollback: Restore workflow to a previous version (creates backup first)
  - diff: Compare two versions
  - delete: Delete specific version or all versions for a workflow
  - prune: Manually trigger pruning to keep N most recent versions

  Two sources:
  - source: 'local' (default) - snapshots n8n-mcp takes before it changes a workflow. Scoped to your n8n instance, works on any n8n version, and covers only changes made through n8n-mcp. Old backups are pruned automatically (10 most recent per workflow, plus an age-based retention window).
  - source: 'native' - n8n's own workflow history, the same list the n8n UI shows, including edits made by people in the UI. Needs an n8n MCP access token and the workflow's "Available in MCP" setting; supports list, get, rollback and diff only. Native rollback is not pre-validated. */
  function n8n_workflow_versions(args?: {
    /** Operation mode (default: list) */ mode?: "list" | "get" | "rollback" | "delete" | "prune" | "diff"
    /** Which history to read: 'local' (n8n-mcp snapshots, default) or 'native' (n8n's own version history). delete and prune are local-only. @default "local" */ source?: "local" | "native"
    /** Workflow ID (required for list, rollback, delete, prune, diff; required for every native mode) */ workflowId?: string
    /** Version ID. local: numeric snapshot id (number or numeric string); native: n8n's version id string. Required for get and diff, for a single-version delete, and for native rollback; optional for local rollback. */ versionId?: any
    /** The second version to compare against in diff mode (same id format as versionId) */ toVersionId?: any
    /** Max versions to return in list mode (native: capped at 50) @default 10 */ limit?: number
    /** Skip this many versions in native list mode @minimum 0 */ offset?: number
    /** Validate workflow structure before rollback (local only; accepted and ignored for native) @default true */ validateBefore?: boolean
    /** Delete all versions for workflow (delete mode only) */ deleteAll?: boolean
    /** Keep N most recent versions (prune mode only) @default 10 */ maxVersions?: number
    /** Native only. When n8n refuses the workflow because it is not available in MCP, enable that setting on the workflow and retry once. This is a visible, persistent workflow setting - confirm with the user first. */ exposeToMcp?: boolean
    /** Client deadline for the native call (default 30000) @minimum 5000 @maximum 600000 */ timeoutMs?: integer
  }): Promise<any>;
  /** Deploy a workflow template from n8n.io directly to your n8n instance. Deploys first, then auto-fixes common issues (expression format, typeVersions). Returns workflow ID, required credentials, and fixes applied. */
  function n8n_deploy_template(args: {
    /** Template ID from n8n.io (required) */ templateId: number
    /** Custom workflow name (default: template name) */ name?: string
    /** Automatically upgrade node typeVersions to latest supported (default: true) */ autoUpgradeVersions?: boolean
    /** Auto-apply fixes after deployment for expression format issues, missing = prefix, etc. (default: true) */ autoFix?: boolean
    /** Remove credential references from nodes - user configures in n8n UI (default: true) */ stripCredentials?: boolean
  }): Promise<any>;
  /** Manage n8n data tables, rows and columns. Actions: createTable, listTables, getTable, updateTable, deleteTable, getRows, insertRows, updateRows, upsertRows, deleteRows, addColumn, deleteColumn, renameColumn. The column actions run through n8n's own MCP server (N8N_MCP_ACCESS_TOKEN, n8n 2.34+) because the public API cannot change a table's columns after creation; everything else uses the public API. */
  function n8n_manage_datatable(args: {
    /** Operation to perform. addColumn/deleteColumn/renameColumn need N8N_MCP_ACCESS_TOKEN. */ action: "createTable" | "listTables" | "getTable" | "updateTable" | "deleteTable" | "getRows" | "insertRows" | "updateRows" | "upsertRows" | "deleteRows" | "addColumn" | "deleteColumn" | "renameColumn"
    /** Data table ID (required for all actions except createTable and listTables) */ tableId?: string
    /** For createTable: table name. For updateTable: new table name. For renameColumn: new column name. */ name?: string
    /** For createTable (required, at least one): column definitions. Change columns later with addColumn/deleteColumn/renameColumn. */ columns?: { name: string; type?: "string" | "number" | "boolean" | "date" }[]
    /** For insertRows: array of row objects. For updateRows/upsertRows: object with column values. */ data?: any
    /** For getRows/updateRows/upsertRows/deleteRows: {type?: "and"|"or", filters: [{columnName, condition, value}]} */ filter?: Record<string, any>
    /** For listTables/getRows: max results (1-100) */ limit?: number
    /** For listTables/getRows: pagination cursor */ cursor?: string
    /** For getRows: "columnName:asc" or "columnName:desc" */ sortBy?: string
    /** For getRows: text search across string columns */ search?: string
    /** For insertRows: what to return (default: count) */ returnType?: "count" | "id" | "all"
    /** For updateRows/upsertRows/deleteRows: return affected rows (default: false) */ returnData?: boolean
    /** For updateRows/upsertRows/deleteRows: preview without applying (default: false) */ dryRun?: boolean
    /** For createTable: project ID to create the table in. If omitted, uses the default project. For the column actions: the project owning the table - resolved automatically when the instance has exactly one accessible project, otherwise required (the error lists the candidates). */ projectId?: string
    /** For deleteColumn/renameColumn: ID of the column (from getTable). */ columnId?: string
    /** For addColumn: the column to add. Name must start with a letter, contain only letters, digits and underscores, and be at most 63 characters. */ column?: { name: string; type: "string" | "number" | "boolean" | "date" }
    /** For the column actions: client timeout in ms (5000-600000, default 30000). @minimum 5000 @maximum 600000 */ timeoutMs?: integer
  }): Promise<any>;
  /** Manage workflow folders (n8n 2.19+; folders need a registered Community instance or higher). Actions: create, list, get, rename, move, delete. projectId defaults to 'personal' (the calling user's personal project). Place workflows into folders via n8n_create_workflow's parentFolderId or the moveToFolder operation of n8n_update_partial_workflow (both n8n 2.32+). Note: n8n's API cannot report which folder a workflow is in - folder contents are visible only as counts. */
  function n8n_manage_folders(args: {
    /** Operation: create=new folder, list=folders in a project (with workflow/subfolder counts), get=folder details with recursive totals, rename=change name, move=re-parent under another folder or the project root, delete=remove folder */ action: "create" | "list" | "get" | "rename" | "move" | "delete"
    /** Project containing the folder(s). Defaults to 'personal' - resolved to the calling user's personal project. Pass a real project ID on multi-project (enterprise) instances. */ projectId?: string
    /** Folder ID (required for get, rename, move, delete) */ folderId?: string
    /** For create: folder name (required). For rename: new name (required). */ name?: string
    /** For create: optional parent folder to nest under. For move: target parent folder ID, or null to move to the project root (required). For list: only return direct children of this folder. */ parentFolderId?: string | null
    /** For delete: move contained workflows and sub-folders into this folder first ('0' = project root). If omitted, workflows are moved to the project root AND ARCHIVED, and sub-folders are deleted. */ transferToFolderId?: string
    /** For list: filter folders by name (contains match) */ nameFilter?: string
    /** For list: sort order (default: updatedAt:desc) */ sortBy?: "name:asc" | "name:desc" | "createdAt:asc" | "createdAt:desc" | "updatedAt:asc" | "updatedAt:desc"
    /** For list: items to skip for pagination (default 0) */ skip?: number
    /** For list: items to return (default 50, max 100) */ take?: number
  }): Promise<any>;
  /** Manage n8n credentials. Actions: list, get, create, update, delete, getSchema. Use getSchema to discover required fields before creating. For list, page beyond 100 results with cursor (from the previous response's nextCursor). NOTE: list/get need an n8n deployment whose public API permits credential reads — older n8n versions, restricted API keys, or instance settings can reject them, returning NOT_SUPPORTED (create, delete, getSchema — and update where the API version supports it — still work). SECURITY: credential data values are never logged. */
  function n8n_manage_credentials(args: {
    /** Action to perform */ action: "list" | "get" | "create" | "update" | "delete" | "getSchema"
    /** Credential ID (required for get, update, delete) */ id?: string
    /** Credential name (required for create) */ name?: string
    /** Credential type e.g. httpHeaderAuth, httpBasicAuth, oAuth2Api (required for create, getSchema) */ type?: string
    /** Credential data fields - use getSchema to discover required fields (required for create, optional for update) */ data?: Record<string, any>
    /** For list/get: also return workflows that reference each credential (id, name, active). On list, triggers a full scan of all credential pages (up to 5000 credentials; ignores cursor/limit, no nextCursor returned). Slower on large instances. Default: false. */ includeUsage?: boolean
    /** For list: pagination cursor from a previous response's nextCursor. Ignored when includeUsage is true. */ cursor?: string
    /** For list: max results per page (1-100, default 100). Ignored when includeUsage is true. */ limit?: number
  }): Promise<any>;
  /** Security audit of n8n instance. Combines n8n's built-in audit API (credentials, database, nodes, instance, filesystem risks) with deep workflow scanning (hardcoded secrets via 50+ regex patterns, unauthenticated webhooks, error handling gaps, data retention risks). Returns actionable markdown report with remediation steps using n8n_manage_credentials and n8n_update_partial_workflow. */
  function n8n_audit_instance(args?: {
    /** Built-in audit categories to check (default: all 5) */ categories?: ("credentials" | "database" | "nodes" | "instance" | "filesystem")[]
    /** Run deep workflow scanning for secrets, webhooks, error handling (default: true) */ includeCustomScan?: boolean
    /** Days threshold for abandoned workflow detection (default: 90) */ daysAbandonedWorkflow?: number
    /** Specific custom checks to run (default: all 4) */ customChecks?: ("hardcoded_secrets" | "unauthenticated_webhooks" | "error_handling" | "data_retention")[]
  }): Promise<any>;
  /** Manage n8n Agents (persisted assistants with a model, instructions, tools, skills, tasks, memory and channels) through n8n's instance-level MCP server. Requires N8N_MCP_ACCESS_TOKEN (MCP API key from n8n Settings → Instance-level MCP) and n8n >= 2.34 with the agents module. Actions: reference, search, get, create, mutate, validate, call, publish, unpublish, revert, versions, delete, discover_assets, verify_mcp_server, update_integration. Start with action=reference (config shape and mutate operations), then discover_assets → create → mutate (one resource at a time, always with the latest configHash) → validate. publish only when the user explicitly asks. call runs the agent with real credentials and tools and may return approvals[] that need a human decision — never approve on the user's behalf. This is not the AI Agent workflow node; use get_node for that. */
  function n8n_manage_agents(args: {
    /** Operation to perform */ action: "reference" | "search" | "get" | "create" | "mutate" | "validate" | "call" | "publish" | "unpublish" | "revert" | "versions" | "delete" | "discover_assets" | "verify_mcp_server" | "update_integration"
    /** Arguments for the action, forwarded to n8n verbatim. See tools_documentation("n8n_manage_agents", "full") for the per-action fields. */ args?: Record<string, any>
    /** Request timeout in ms. Default 30000; 180000 for action=call. The agent run continues in n8n even if this expires. @minimum 5000 @maximum 600000 */ timeoutMs?: integer
  }): Promise<any>;
  /** Resolve the real options behind a node's dynamic dropdown (loadOptions) or resource-locator search (listSearch) using one of the instance's credentials — Slack channels, Google Sheets tabs, model lists — so workflow configs use existing IDs instead of invented ones. Requires N8N_MCP_ACCESS_TOKEN. Find methodName/methodType in get_node output (dynamicOptions on a property) and the credentialId with n8n_manage_credentials list. */
  function n8n_explore_node_resources(args: {
    /** Full node type, e.g. n8n-nodes-base.slack */ nodeType: string
    /** Node typeVersion */ version: number
    /** loadOptionsMethod or searchListMethod name from the property definition */ methodName: string
    methodType: "listSearch" | "loadOptions"
    /** Credential type the node uses, e.g. slackApi */ credentialType: string
    /** ID of an existing credential of that type */ credentialId: string
    /** Search text (listSearch only) */ filter?: string
    /** Token from a previous page (listSearch only) */ paginationToken?: string
    /** Parameters the method depends on (loadOptionsDependsOn), e.g. {documentId: {...}} */ currentNodeParameters?: Record<string, any>
    /** Request timeout in ms (default 30000) @minimum 5000 @maximum 600000 */ timeoutMs?: integer
  }): Promise<any>;
  /** List instance-level catalog entries: projects (with the personal project marked, needed as projectId for agents and data tables) or tags. Reads the Public API first; when team projects are not licensed there, falls back to n8n's MCP server if N8N_MCP_ACCESS_TOKEN is set. */
  function n8n_list_catalog(args: {
    kind: "projects" | "tags"
    /** Case-insensitive name filter */ query?: string
    /** @minimum 1 @maximum 500 */ limit?: integer
  }): Promise<any>;
}
