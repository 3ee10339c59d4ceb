/** azure-devops */
declare namespace azure_devops {
  type integer = number;
  /** Retrieve a list of teams for an Azure DevOps project. If a project is not specified, you will be prompted to select one. */
  function core_list_project_teams(args?: {
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** If true, only return teams that the authenticated user is a member of. */ mine?: boolean
    /** The maximum number of teams to return. Defaults to 100. */ top?: number
    /** The number of teams to skip for pagination. Defaults to 0. */ skip?: number
  }): Promise<any>;
  /** Retrieve a list of projects in your Azure DevOps organization. */
  function core_list_projects(args?: {
    /** Filter projects by their state. Defaults to 'wellFormed'. */ stateFilter?: "all" | "wellFormed" | "createPending" | "deleted"
    /** The maximum number of projects to return. Defaults to 100. */ top?: number
    /** The number of projects to skip for pagination. Defaults to 0. */ skip?: number
    /** Continuation token for pagination. Used to fetch the next set of results if available. */ continuationToken?: number
    /** Filter projects by name. Supports partial matches. */ projectNameFilter?: string
  }): Promise<any>;
  /** Retrieve Azure DevOps identity IDs for a provided search filter. */
  function core_get_identity_ids(args: {
    /** Search filter (unique name, display name, email) to retrieve identity IDs for. */ searchFilter: string
  }): Promise<any>;
  /** Retrieve work-related data for a project or team. Use the action parameter to specify the operation. */
  function work(args: {
    /** The action to perform. Options: list_iterations (list all iterations in a project), list_team_iterations (list iterations assigned to a team), get_team_settings (get team settings including default iteration and area path), get_team_capacity (get team capacity for an iteration), get_iteration_capacities (get capacity for all teams in an iteration). */ action: "list_iterations" | "list_team_iterations" | "get_team_settings" | "get_team_capacity" | "get_iteration_capacities"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** The name or ID of the Azure DevOps team. Required for list_team_iterations, get_team_settings, and get_team_capacity. Reuse from prior context if already known. */ team?: string
    /** The Iteration ID. Required for get_team_capacity and get_iteration_capacities. */ iterationId?: string
    /** The timeframe for list_team_iterations. Only 'current' is supported. */ timeframe?: "current"
    /** Depth of children to fetch. Used for list_iterations. Defaults to 2. */ depth?: number
    /** An optional array of iteration IDs, and their children, to exclude from results. Used for list_iterations. */ excludedIds?: number[]
  }): Promise<any>;
  /** Create or assign iterations in an Azure DevOps project. Use the action parameter to specify the operation. */
  function work_iteration_write(args: {
    /** The action to perform. 'create' creates new iterations in the project; 'assign' assigns existing iterations to a team. */ action: "create" | "assign"
    /** The name or ID of the Azure DevOps project. */ project: string
    /** The name or ID of the Azure DevOps team. Required for assign. */ team?: string
    /** An array of iterations to process. For create: provide iterationName and optional dates. For assign: provide identifier and path. */ iterations: {
      /** The name of the iteration to create. Used for create. */ iterationName?: string
      /** The start date of the iteration in ISO format (e.g., '2023-01-01T00:00:00Z'). Used for create. */ startDate?: string
      /** The finish date of the iteration in ISO format (e.g., '2023-01-31T23:59:59Z'). Used for create. */ finishDate?: string
      /** The identifier of the iteration to assign. Used for assign. */ identifier?: string
      /** The path of the iteration to assign, e.g., 'Project/Iteration'. Used for assign. */ path?: string
    }[]
  }): Promise<any>;
  /** Update the team capacity of a team member for a specific iteration in a project. */
  function work_capacity_write(args: {
    /** The action to perform. Only 'update' is supported. */ action: "update"
    /** The name or Id of the Azure DevOps project. */ project: string
    /** The name or Id of the Azure DevOps team. */ team: string
    /** The team member Id for the specific team member. */ teamMemberId: string
    /** The Iteration Id to update the capacity for. */ iterationId: string
    /** Array of activities and their daily capacities for the team member. */ activities: {
      /** The name of the activity (e.g., 'Development'). */ name: string
      /** The capacity per day for this activity. */ capacityPerDay: number
    }[]
    /** Array of days off for the team member, each with a start and end date in ISO format. */ daysOff?: {
      /** Start date of the day off in ISO format. */ start: string
      /** End date of the day off in ISO format. */ end: string
    }[]
  }): Promise<any>;
  /** Retrieve build data for a project. Use the action parameter to specify the operation. */
  function pipelines_build(args: {
    /** The action to perform. Options: list (list builds with optional filters), get_status (get status, issues, and report metadata for a build), get_changes (get commits and work items associated with a build). */ action: "list" | "get_status" | "get_changes"
    /** Project ID or name. */ project: string
    /** ID of the build. Required for: get_status, get_changes. @minimum 1 */ buildId?: number
    /** Array of build definition IDs to filter builds. Used for: list. */ definitions?: number[]
    /** Array of queue IDs to filter builds. Used for: list. */ queues?: number[]
    /** Build number to filter builds. Used for: list. */ buildNumber?: string
    /** Minimum finish time to filter builds. Used for: list. @format date-time */ minTime?: string
    /** Maximum finish time to filter builds. Used for: list. @format date-time */ maxTime?: string
    /** User ID or name who requested the build. Used for: list. */ requestedFor?: string
    /** Reason filter (see BuildReason enum). Used for: list. */ reasonFilter?: number
    /** Status filter (see BuildStatus enum). Used for: list. */ statusFilter?: number
    /** Result filter (see BuildResult enum). Used for: list. */ resultFilter?: number
    /** Array of tags to filter builds. Used for: list. */ tagFilters?: string[]
    /** Array of property names to include in results. Used for: list. */ properties?: string[]
    /** Maximum number of builds to return. Used for: list, get_changes. */ top?: number
    /** Token for continuing paged results. Used for: list, get_changes. */ continuationToken?: string
    /** Maximum number of builds per definition. Used for: list. */ maxBuildsPerDefinition?: number
    /** Filter for deleted builds (see QueryDeletedOption enum). Used for: list. */ deletedFilter?: number
    /** Order in which builds are returned (BuildQueryOrder values). Used for: list. */ queryOrder?: string
    /** Branch name to filter builds. Used for: list. */ branchName?: string
    /** Array of specific build IDs to retrieve. Used for: list. */ buildIds?: number[]
    /** Repository ID to filter builds. Used for: list. */ repositoryId?: string
    /** Repository type to filter builds. Used for: list. */ repositoryType?: "TfsGit" | "GitHub" | "BitbucketCloud"
    /** Whether to include source changes in results. Used for: get_changes. */ includeSourceChange?: boolean
  }): Promise<any>;
  /** Retrieve build log data for a project. Use the action parameter to specify the operation. */
  function pipelines_build_log(args: {
    /** The action to perform. Options: list (list available logs for a build), get_content (get the text content of a specific log by ID). */ action: "list" | "get_content"
    /** Project ID or name. */ project: string
    /** ID of the build. Required for all actions. @minimum 1 */ buildId: number
    /** ID of the log to retrieve. Required for: get_content. @minimum 1 */ logId?: number
    /** Starting line number for the log content, defaults to 0. Used for: get_content. */ startLine?: number
    /** Ending line number for the log content, defaults to end of log. Used for: get_content. */ endLine?: number
  }): Promise<any>;
  /** Retrieve pipeline definition data for a project. Use the action parameter to specify the operation. */
  function pipelines_definition(args: {
    /** The action to perform. Options: list (list pipeline definitions with optional filters), list_revisions (list revision history for a pipeline definition). */ action: "list" | "list_revisions"
    /** Project ID or name. */ project: string
    /** ID of the build definition. Required for: list_revisions. @minimum 1 */ definitionId?: number
    /** Repository ID to filter definitions. Can be a GUID or name (auto-resolved for TfsGit). Used for: list. */ repositoryId?: string
    /** Repository type to filter definitions. Used for: list. */ repositoryType?: "TfsGit" | "GitHub" | "BitbucketCloud"
    /** Name filter for build definitions. Used for: list. */ name?: string
    /** Path filter for build definitions. Used for: list. */ path?: string
    /** Order in which definitions are returned (DefinitionQueryOrder values). Used for: list. */ queryOrder?: string
    /** Maximum number of definitions to return. Used for: list. */ top?: number
    /** Token for continuing paged results. Used for: list. */ continuationToken?: string
    /** Minimum metrics time to filter definitions. Used for: list. @format date-time */ minMetricsTime?: string
    /** Array of definition IDs to filter. Used for: list. */ definitionIds?: number[]
    /** Return definitions that have builds after this date. Used for: list. @format date-time */ builtAfter?: string
    /** Return definitions without builds after this date. Used for: list. @format date-time */ notBuiltAfter?: string
    /** Whether to include all properties in results. Used for: list. */ includeAllProperties?: boolean
    /** Whether to include the latest builds for each definition. Used for: list. */ includeLatestBuilds?: boolean
    /** Task ID to filter build definitions. Used for: list. */ taskIdFilter?: string
    /** Process type to filter build definitions. Used for: list. */ processType?: number
    /** YAML filename to filter build definitions. Used for: list. */ yamlFilename?: string
  }): Promise<any>;
  /** Retrieve pipeline run data for a project. Use the action parameter to specify the operation. */
  function pipelines_run(args: {
    /** The action to perform. Options: get (get a single pipeline run), list (list runs for a pipeline). */ action: "get" | "list"
    /** Project ID or name. */ project: string
    /** ID of the pipeline. Required for all actions. @minimum 1 */ pipelineId: number
    /** ID of the run. Required for: get. @minimum 1 */ runId?: number
  }): Promise<any>;
  /** Retrieve and download build artifacts. Use the action parameter to specify the operation. */
  function pipelines_artifact(args: {
    /** The action to perform. Options: list (list artifacts for a build), download (download a named build artifact). */ action: "list" | "download"
    /** Project ID or name. */ project: string
    /** ID of the build. Required for all actions. @minimum 1 */ buildId: number
    /** Name of the artifact. Required for: download. */ artifactName?: string
    /** Relative local path to download the artifact to. If not provided, returns base64 content. Used for: download. */ destinationPath?: string
  }): Promise<any>;
  /** Write operations for pipelines and builds. Use the action parameter to specify the operation. */
  function pipelines_write(args: {
    /** The action to perform. Options: run_pipeline (queue a new pipeline run), create_pipeline (create a new YAML pipeline definition), rename_pipeline (rename an existing pipeline definition), update_build_stage (cancel, retry, or run a stage on an in-flight build). */ action: "run_pipeline" | "create_pipeline" | "rename_pipeline" | "update_build_stage"
    /** Project ID or name. */ project: string
    /** ID of the pipeline. Required for: run_pipeline, rename_pipeline. @minimum 1 */ pipelineId?: number
    /** Version of the pipeline to run. Used for: run_pipeline. @minimum 1 */ pipelineVersion?: number
    /** If true, returns the final YAML without creating a run. Used for: run_pipeline. */ previewRun?: boolean
    /** Resources to pass to the pipeline. Used for: run_pipeline. */ resources?: {
      builds?: Record<string, { version?: string }>
      containers?: Record<string, { version?: string }>
      packages?: Record<string, { version?: string }>
      pipelines?: Record<string, { /** Id of the source pipeline run. @minimum 1 */ runId?: number; version?: string }>
      repositories?: Record<string, {
          /** Reference name, e.g., refs/heads/main. */ refName: string
          token?: string
          tokenType?: string
          version?: string
        }>
    }
    /** Stages to skip. Used for: run_pipeline. */ stagesToSkip?: string[]
    /** Custom build parameters as key-value pairs. Used for: run_pipeline. */ templateParameters?: Record<string, string>
    /** Variables to pass to the pipeline. Used for: run_pipeline. */ variables?: Record<string, { value?: string; isSecret?: boolean }>
    /** YAML override (only valid with previewRun). Used for: run_pipeline. */ yamlOverride?: string
    /** Pipeline name. Required for: create_pipeline, rename_pipeline. */ name?: string
    /** Folder path for the new pipeline. Used for: create_pipeline. */ folder?: string
    /** Path to the YAML file in the repository. Required for: create_pipeline. */ yamlPath?: string
    /** Type of the repository. Required for: create_pipeline. */ repositoryType?: "Unknown" | "GitHub" | "AzureReposGit" | "GitHubEnterprise" | "BitBucket" | "AzureReposGitHyphenated"
    /** Name of the repository (for GitHub: owner/repo). Required for: create_pipeline. */ repositoryName?: string
    /** ID of the repository. Used for: create_pipeline. */ repositoryId?: string
    /** Service connection ID for GitHub repositories. Used for: create_pipeline. */ repositoryConnectionId?: string
    /** ID of the build to update. Required for: update_build_stage. @minimum 1 */ buildId?: number
    /** Name of the stage to update. Required for: update_build_stage. */ stageName?: string
    /** New status for the stage. Required for: update_build_stage. */ status?: "Cancel" | "Retry" | "Run"
    /** Whether to force retry all jobs in the stage. Used for: update_build_stage. */ forceRetryAllJobs?: boolean
  }): Promise<any>;
  /** Retrieve repository data for an organization or project. Use the action parameter to specify the operation. */
  function repo_repository(args: {
    /** The action to perform. Options: get (get a repository by name or ID), list (list repositories in a project). */ action: "get" | "list"
    /** The name or ID of the Azure DevOps project. Required for get and list. */ project?: string
    /** Repository name or ID. Required for get. */ repositoryNameOrId?: string
    /** The maximum number of repositories to return. Used for list. Defaults to 100. */ top?: number
    /** The number of repositories to skip. Used for list. Defaults to 0. */ skip?: number
    /** Optional filter to search for repositories by name. Used for list. */ repoNameFilter?: string
  }): Promise<any>;
  /** Retrieve pull request data. Use the action parameter to specify the operation. */
  function repo_pull_request(args: {
    /** The action to perform. Options: get (get a pull request by ID), list (list pull requests in a repository or project), list_by_commits (find pull requests that contain specific commit IDs). */ action: "get" | "list" | "list_by_commits"
    /** The ID or name of the repository. Required for get. Optional for list. When using a name instead of a GUID, project must also be provided. */ repositoryId?: string
    /** The ID of the pull request. Required for get. @minimum 1 */ pullRequestId?: number
    /** Project ID or project name. Required for list_by_commits. Optional for get and list. */ project?: string
    /** Whether to include work item references. Used for get. */ includeWorkItemRefs?: boolean
    /** Whether to include labels. Used for get. */ includeLabels?: boolean
    /** Whether to include the list of changed files. Used for get. */ includeChangedFiles?: boolean
    /** The maximum number of pull requests to return. Used for list. Defaults to 100. */ top?: number
    /** The number of pull requests to skip. Used for list. Defaults to 0. */ skip?: number
    /** Filter pull requests created by the current user. Used for list. */ created_by_me?: boolean
    /** Filter pull requests created by a specific user email. Used for list. */ created_by_user?: string
    /** Filter pull requests where the current user is a reviewer. Used for list. */ i_am_reviewer?: boolean
    /** Filter pull requests where a specific user is a reviewer (email). Used for list. */ user_is_reviewer?: string
    /** Filter pull requests by status. Used for list. Defaults to 'Active'. */ status?: "NotSet" | "Active" | "Abandoned" | "Completed" | "All"
    /** Filter by source branch. Used for list. */ sourceRefName?: string
    /** Filter by target branch. Used for list and create. */ targetRefName?: string
    /** Repository name or ID. Required for list_by_commits. */ repository?: string
    /** Array of commit IDs to query. Required for list_by_commits. */ commits?: string[]
    /** Type of commit query. Used for list_by_commits. @default "LastMergeCommit" */ queryType?: "NotSet" | "LastMergeCommit" | "Commit"
  }): Promise<any>;
  /** Retrieve pull request thread and comment data. Use the action parameter to specify the operation. */
  function repo_pull_request_thread(args: {
    /** The action to perform. Options: list (list comment threads on a pull request), list_comments (list comments in a specific thread). */ action: "list" | "list_comments"
    /** The ID or name of the repository. When using a name instead of a GUID, project must also be provided. */ repositoryId: string
    /** The ID of the pull request. @minimum 1 */ pullRequestId: number
    /** Project ID or project name. Required when repositoryId is a name instead of a GUID. */ project?: string
    /** The ID of the thread. Required for list_comments. @minimum 1 */ threadId?: number
    /** The iteration ID. Used for list. @minimum 1 */ iteration?: number
    /** The base iteration ID. Used for list. @minimum 1 */ baseIteration?: number
    /** The maximum number of results to return. Defaults to 100. */ top?: number
    /** The number of results to skip. Defaults to 0. */ skip?: number
    /** Return full JSON response instead of trimmed data. */ fullResponse?: boolean
    /** Filter threads by status. Used for list. */ status?: "Unknown" | "Active" | "Fixed" | "WontFix" | "Closed" | "ByDesign" | "Pending"
    /** Filter threads by the email of the thread author. Used for list. */ authorEmail?: string
    /** Filter threads by the display name of the thread author. Used for list. */ authorDisplayName?: string
  }): Promise<any>;
  /** Retrieve branch data for a repository. Use the action parameter to specify the operation. */
  function repo_branch(args: {
    /** The action to perform. Options: get (get a branch by name), list (list branches in a repository), list_mine (list branches the current user has pushed to). */ action: "get" | "list" | "list_mine"
    /** The ID or name of the repository. When using a name instead of a GUID, project must also be provided. */ repositoryId: string
    /** Project ID or project name. Required when repositoryId is a name instead of a GUID. */ project?: string
    /** The name of the branch. Required for get. */ branchName?: string
    /** The maximum number of branches to return. Used for list and list_mine. Defaults to 100. */ top?: number
    /** Filter branches containing this string. Used for list and list_mine. */ filterContains?: string
  }): Promise<any>;
  /** Retrieve file data from a repository. Use the action parameter to specify the operation. */
  function repo_file(args: {
    /** The action to perform. Options: get_content (get the text content of a file at a specific branch, tag, or commit), list_directory (list files and folders in a directory). */ action: "get_content" | "list_directory"
    /** The ID or name of the repository. */ repositoryId: string
    /** The file or directory path. Required for get_content. Defaults to '/' for list_directory. */ path?: string
    /** Project ID or project name. Required when repositoryId is a name. */ project?: string
    /** Version string: branch name, tag name, or commit SHA. */ version?: string
    /** How to interpret the version parameter. Used for get_content. Defaults to 'Commit'. */ versionType?: "Branch" | "Tag" | "Commit"
    /** Whether to list items recursively. Used for list_directory. Defaults to false. */ recursive?: boolean
    /** Maximum depth for recursive listing. Used for list_directory when recursive is true. Defaults to 1. @minimum 1 */ recursionDepth?: number
  }): Promise<any>;
  /** Search commits with filtering by text, author, date range, and more. */
  function repo_search_commits(args: {
    /** Keywords to search for in commit messages */ searchText: string
    /** The names of the projects to search within. If omitted, searches across all projects in the organization. */ project?: string | string[]
    /** The names of the repositories to search within. */ repository?: string[]
    /** The names of the repository branches to search within. */ branch?: string[]
    /** The names of the commit authors to search for. Only full display names are supported. */ author?: string[]
    /** Filter commits from this date (format: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS') */ commitStartDate?: string
    /** Filter commits up to this date (format: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS') */ commitEndDate?: string
    /** Sort commits by date: 'ASC' for oldest-first, 'DESC' for newest-first. */ orderBy?: "ASC" | "DESC"
    /** Include facets in the search results */ includeFacets?: boolean
    /** Number of results to skip @default 0 */ skip?: number
    /** Maximum number of results to return @default 10 */ top?: number
  }): Promise<any>;
  /** Write operations for pull requests. Use the action parameter to specify the operation. */
  function repo_pull_request_write(args: {
    /** The action to perform. Options: create (create a pull request), update (update a pull request, including setting autocomplete), update_reviewers (add or remove pull request reviewers), vote (cast a vote on a pull request). */ action: "create" | "update" | "update_reviewers" | "vote"
    /** The ID or name of the repository. Required for all actions. When using a name instead of a GUID, project must also be provided. */ repositoryId?: string
    /** The ID of the pull request. Required for update, update_reviewers, and vote. @minimum 1 */ pullRequestId?: number
    /** Project ID or project name. Required when repositoryId is a name instead of a GUID. */ project?: string
    /** The source branch name (e.g., 'refs/heads/feature-branch'). Required for create. */ sourceRefName?: string
    /** The target branch name (e.g., 'refs/heads/main'). Required for create. Optional for update. */ targetRefName?: string
    /** The title of the pull request. Required for create. Optional for update. */ title?: string
    /** The description of the pull request. Max 4000 characters. Used for create and update. @maxLength 4000 */ description?: string
    /** Whether the pull request is a draft. Used for create and update. */ isDraft?: boolean
    /** Work item IDs to associate, space-separated. Used for create. */ workItems?: string
    /** The ID of the fork repository. Used for create. */ forkSourceRepositoryId?: string
    /** Array of label names. Used for create and update. */ labels?: string[]
    /** The new status. Used for update. */ status?: "Active" | "Abandoned"
    /** Set autocomplete when all requirements are met. Used for update. */ autoComplete?: boolean
    /** The merge strategy for autocomplete. Used for update. */ mergeStrategy?: "NoFastForward" | "Squash" | "Rebase" | "RebaseMerge"
    /** Commit message for autocomplete. Used for update. */ mergeCommitMessage?: string
    /** Delete source branch on autocomplete. Used for update. */ deleteSourceBranch?: boolean
    /** Transition work items on autocomplete. Used for update. @default true */ transitionWorkItems?: boolean
    /** Explicitly bypass branch policies on autocomplete. Used for update and requires bypassReason when true. */ bypassPolicy?: boolean
    /** Reason for bypassing branch policies. Used for update only when bypassPolicy is true. */ bypassReason?: string
    /** List of reviewer IDs. Required for update_reviewers. */ reviewerIds?: string[]
    /** Whether to add or remove reviewers. Required for update_reviewers. */ reviewerAction?: "add" | "remove"
    /** The vote to cast. Required for vote. */ vote?: "Approved" | "ApprovedWithSuggestions" | "NoVote" | "WaitingForAuthor" | "Rejected"
  }): Promise<any>;
  /** Write operations for pull request comment threads. Use the action parameter to specify the operation. */
  function repo_pull_request_thread_write(args: {
    /** The action to perform. Options: create (create a new comment thread on a pull request), reply (reply to a comment in a thread), update (update an existing comment), update_status (update the status of a comment thread). */ action: "create" | "reply" | "update" | "update_status"
    /** The ID or name of the repository. When using a name instead of a GUID, project must also be provided. */ repositoryId: string
    /** The ID of the pull request. @minimum 1 */ pullRequestId: number
    /** Project ID or project name. Required when repositoryId is a name instead of a GUID. */ project?: string
    /** The ID of the thread. Required for reply, update, and update_status. @minimum 1 */ threadId?: number
    /** The ID of the comment to update. Required for update. @minimum 1 */ commentId?: number
    /** The content of the comment. Required for create, reply, and update. */ content?: string
    /** The thread status. Used for create (defaults to 'Active') and required for update_status. */ status?: "Unknown" | "Active" | "Fixed" | "WontFix" | "Closed" | "ByDesign" | "Pending"
    /** The file path for the comment thread. Used for create. */ filePath?: string
    /** Return full JSON response. Used for reply and update. */ fullResponse?: boolean
    /** Start line in the right file. Used for create. @minimum 1 */ rightFileStartLine?: number
    /** Start character offset in the right file. Used for create. */ rightFileStartOffset?: number
    /** End line in the right file. Used for create. */ rightFileEndLine?: number
    /** End character offset in the right file. Used for create. */ rightFileEndOffset?: number
    /** The file change tracking ID from the pull request iteration changes. Used for create. @minimum 1 */ changeTrackingId?: integer
    /** The iteration on the left side of the diff. Used for create. @minimum 0 */ firstComparingIteration?: integer
    /** The iteration on the right side of the diff. Used for create. @minimum 1 */ secondComparingIteration?: integer
  }): Promise<any>;
  /** Create a new branch in the repository. */
  function repo_create_branch(args: {
    /** The ID or name of the repository where the branch will be created. When using a repository name instead of a GUID, the project parameter must also be provided. */ repositoryId: string
    /** The name of the new branch to create, e.g., 'feature-branch'. */ branchName: string
    /** The name of the source branch to create the new branch from. Defaults to 'main'. */ sourceBranchName?: string
    /** The commit ID to create the branch from. If not provided, uses the latest commit of the source branch. */ sourceCommitId?: string
    /** Project ID or project name. Required when repositoryId is a repository name instead of a GUID. */ project?: string
  }): Promise<any>;
  /** Retrieve work item data for a project. Use the action parameter to specify the operation. */
  function wit_work_item(args: {
    /** The action to perform. Options: get (get a single work item by ID), get_batch (get multiple work items by IDs), list_comments (list comments on a work item), my (get work items relevant to the authenticated user), list_revisions (list revisions of a work item), list_for_iteration (list work items for a team iteration), get_type (get metadata for a work item type). */ action: "get" | "get_batch" | "list_comments" | "my" | "list_revisions" | "list_for_iteration" | "get_type"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** Work item ID. Required for: get. @minimum 1 */ id?: number
    /** Work item IDs. Required for: get_batch. */ ids?: number[]
    /** Work item ID. Required for: list_comments, list_revisions. @minimum 1 */ workItemId?: number
    /** Field names to include in the response. Used for: get, get_batch. For get, cannot be combined with expand. */ fields?: string[]
    /** Retrieve the work item as of a specific date. Used for: get. @format date-time */ asOf?: string
    /** Expand options (None, Fields, Relations, Links, All). Used for: get, list_revisions. For get, cannot be combined with fields. */ expand?: "None" | "Relations" | "Fields" | "Links" | "All"
    /** Maximum number of results to return. Used for: list_comments, my, list_revisions. Defaults vary by action. */ top?: number
    /** Include completed work items. Used for: my. Defaults to false. */ includeCompleted?: boolean
    /** Type of work items to retrieve. Used for: my. Defaults to 'assignedtome'. */ type?: "assignedtome" | "myactivity"
    /** Number of results to skip for pagination. Used for: list_revisions. */ skip?: number
    /** Team name or ID. Used for: list_for_iteration. */ team?: string
    /** Iteration ID. Required for: list_for_iteration. */ iterationId?: string
    /** Work item type name. Required for: get_type. */ workItemType?: string
  }): Promise<any>;
  /** Retrieve work item query data for a project. Use the action parameter to specify the operation. */
  function wit_query(args: {
    /** The action to perform. Options: get (get a query by ID or path), get_results (run a saved query and return results), wiql (execute an ad-hoc WIQL query). */ action: "get" | "get_results" | "wiql"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** The ID or path of the query. Required for: get. */ query?: string
    /** Expand parameter to include additional details. Used for: get. */ expand?: "None" | "Wiql" | "Clauses" | "All" | "Minimal"
    /** Depth of expansion. Used for: get. Defaults to 0. */ depth?: number
    /** Include deleted items. Used for: get. Defaults to false. */ includeDeleted?: boolean
    /** Use ISO date format in the response. Used for: get. Defaults to false. */ useIsoDateFormat?: boolean
    /** The ID of the saved query. Required for: get_results. */ id?: string
    /** Team name or ID. Used for: get_results, wiql. */ team?: string
    /** Include time precision in date fields. Used for: get_results, wiql. */ timePrecision?: boolean
    /** Maximum number of results to return. Used for: get_results, wiql. Defaults to 50. */ top?: number
    /** Response type: 'full' returns complete results (default), 'ids' returns only work item IDs. Used for: get_results. @default "full" */ responseType?: "full" | "ids"
    /** The WIQL query string to execute. Required for: wiql. Example: "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project". @maxLength 32768 */ wiql?: string
  }): Promise<any>;
  /** Retrieve backlog data for a project and team. Use the action parameter to specify the operation. */
  function wit_backlog(args: {
    /** The action to perform. Options: list (list backlog levels for a team), list_work_items (list work items in a specific backlog level), reorder (move work items to a new position in a backlog or iteration). */ action: "list" | "list_work_items" | "reorder"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** The name or ID of the Azure DevOps team. Reuse from prior context if already known. If not provided, a team selection prompt will be shown. */ team?: string
    /** The ID of the backlog category to retrieve work items from. Required for: list_work_items. */ backlogId?: string
    /** The IDs of the work items to reorder. Required for: reorder. @minItems 1 */ ids?: integer[]
    /** The ID of the work item that should be before the reordered items. Use 0 to specify the beginning of the list. Optional for: reorder. @minimum 0 */ previousId?: integer
    /** The ID of the work item that should be after the reordered items. Use 0 to specify the end of the list. Optional for: reorder. @minimum 0 */ nextId?: integer
    /** The parent ID for all work items involved in the operation. Use 0 to indicate the items have no parent. Optional for: reorder. @minimum 0 */ parentId?: integer
    /** The iteration path for the reorder operation. Used when reordering items in an iteration backlog. Optional for: reorder. */ iterationPath?: string
    /** The iteration ID. When provided, reorder items in that iteration instead of the team backlog. Used for: reorder. */ iterationId?: string
  }): Promise<any>;
  /** Download a work item attachment by its ID. By default returns the content as a base64-encoded resource. If savePath is provided, saves the file locally to that directory and returns the file path instead. Useful for viewing images (e.g. screenshots) or other files attached to work items such as bugs. If a project is not specified, you will be prompted to select one. */
  function wit_work_item_attachment(args: {
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** The GUID of the attachment. Found in the attachment URL: https://dev.azure.com/{org}/{project}/_apis/wit/attachments/{attachmentId} */ attachmentId: string
    /** The file name of the attachment, e.g. 'screenshot.png'. Used to determine the MIME type or the saved file's name. */ fileName?: string
    /** Optional local directory path where the file should be saved. Must be a relative path (e.g. 'temp' or 'downloads/attachments'); absolute paths and path traversals are not allowed. If provided, saves the attachment to this directory and returns the file path. If omitted, returns the content as a base64-encoded resource. */ savePath?: string
  }): Promise<any>;
  /** Write operations for work items. Use the action parameter to specify the operation. */
  function wit_work_item_write(args: {
    /** The action to perform. Options: create (create a new work item), update (update fields on a single work item), update_batch (update multiple work items in one call), add_child (create child work items under a parent). */ action: "create" | "update" | "update_batch" | "add_child"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** Work item ID to update. Required for: update. @minimum 1 */ id?: number
    /** The type of work item. Required for: create, add_child. */ workItemType?: string
    /** Field values to set on the work item. Required for: create. */ fields?: {
      /** The field name, e.g. 'System.Title'. */ name: string
      /** The field value. */ value: string
      /** Format for large text fields. Optional. */ format?: "Html" | "Markdown"
    }[]
    /** Field updates for a single work item. Required for: update. For a safe read-modify-write, prepend a test operation on "/rev" with value set to the numeric revision returned by the preceding read; Azure DevOps rejects the entire update if the current revision differs. */ updates?: {
      /** The operation to perform. Use 'test' with path '/rev' to enforce optimistic concurrency. @default "add" */ op?: string
      /** The path to operate on, e.g. '/fields/System.Title' or '/rev' for a revision test. */ path: string
      /** The operation value. Required for add, replace, and test; omit for remove. For a test on '/rev', pass the numeric revision previously read. */ value?: string | number | boolean | null
    }[]
    /** Updates for multiple work items. Required for: update_batch. */ batchUpdates?: {
      /** The operation to perform. @default "Add" */ op?: "Add" | "Replace" | "Remove"
      /** The work item ID to update. @minimum 1 */ id: number
      /** The field path, e.g. '/fields/System.Title'. */ path: string
      /** The new value for the field. */ value: string
      /** Format for large text fields. Optional. */ format?: "Html" | "Markdown"
    }[]
    /** The ID of the parent work item. Required for: add_child. @minimum 1 */ parentId?: number
    /** Child work items to create. Required for: add_child. */ items?: {
      /** The title of the child work item. */ title: string
      /** The description of the child work item. */ description: string
      /** Format for the description. Defaults to 'Markdown'. */ format?: "Markdown" | "Html"
      /** Optional area path for the child work item. */ areaPath?: string
      /** Optional iteration path for the child work item. */ iterationPath?: string
    }[]
  }): Promise<any>;
  /** Write operations for work item comments. Use the action parameter to specify the operation. */
  function wit_work_item_comment_write(args: {
    /** The action to perform. Options: add (add a comment to a work item), update (update an existing comment on a work item). */ action: "add" | "update"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** The ID of the work item. Required for: add, update. @minimum 1 */ workItemId?: number
    /** The comment text. Required for: add, update. */ text?: string
    /** The ID of the comment to update. Required for: update. @minimum 1 */ commentId?: number
    /** Format of the comment text. Optional, defaults to 'Markdown'. */ format?: "Markdown" | "Html"
  }): Promise<any>;
  /** Write operations for work item links. Use the action parameter to specify the operation. */
  function wit_work_item_link_write(args: {
    /** The action to perform. Options: link (link two work items together), unlink (remove links from a work item), link_to_pull_request (link a work item to a pull request), add_artifact_link (add a repository, branch, commit, or build artifact link to a work item). */ action: "link" | "unlink" | "link_to_pull_request" | "add_artifact_link"
    /** The name or ID of the Azure DevOps project. Reuse from prior context if already known. If not provided, a project selection prompt will be shown. */ project?: string
    /** Link operations to apply. Required for: link. */ updates?: {
      /** The ID of the work item to update. @minimum 1 */ id: number
      /** The ID of the work item to link to. Required unless type is 'hyperlink'. @minimum 1 */ linkToId?: number
      /** The URL for a hyperlink. Required when type is 'hyperlink'. */ url?: string
      /** Type of link. Defaults to 'related'. */ type?: "parent" | "child" | "duplicate" | "duplicate of" | "related" | "successor" | "predecessor" | "tested by" | "tests" | "affects" | "affected by" | "hyperlink"
      /** Optional comment for the link. */ comment?: string
    }[]
    /** Work item ID to remove links from. Required for: unlink. @minimum 1 */ id?: number
    /** Link type to remove. Required for: unlink. */ type?: "parent" | "child" | "duplicate" | "duplicate of" | "related" | "successor" | "predecessor" | "tested by" | "tests" | "affects" | "affected by" | "artifact" | "hyperlink"
    /** URL to match when removing a link. Used for: unlink. If not provided, all links of the specified type are removed. */ url?: string
    /** The project ID (GUID). Required for: link_to_pull_request, and add_artifact_link (Git/Wiki types). */ projectId?: string
    /** The repository ID. Required for: link_to_pull_request and add_artifact_link (Git types). */ repositoryId?: string
    /** The pull request ID. Required for: link_to_pull_request; used for: add_artifact_link (Pull Request type). @minimum 1 */ pullRequestId?: number
    /** The work item ID. Required for: link_to_pull_request, add_artifact_link. @minimum 1 */ workItemId?: number
    /** Project ID containing the pull request. Used for: link_to_pull_request. Defaults to projectId. */ pullRequestProjectId?: string
    /** The complete VSTFS URI of the artifact. Used for: add_artifact_link. If provided, individual component parameters are ignored. */ artifactUri?: string
    /** The branch name. Used for: add_artifact_link (Branch type). */ branchName?: string
    /** The commit SHA hash. Used for: add_artifact_link (Fixed in Commit type). */ commitId?: string
    /** The build ID. Used for: add_artifact_link (Build, Found in build, Integrated in build types). @minimum 1 */ buildId?: number
    /** The wiki ID (GUID). Used for: add_artifact_link (Wiki type). */ wikiId?: string
    /** The numeric wiki page ID. Used for: add_artifact_link (Wiki type). Takes precedence over pagePath. @minimum 1 */ pageId?: number
    /** The full wiki page path. Used for: add_artifact_link (Wiki type) when pageId is not provided. */ pagePath?: string
    /** Type of artifact link. Used for: add_artifact_link. Defaults to 'Branch'. */ linkType?: "Branch" | "Build" | "Fixed in Changeset" | "Fixed in Commit" | "Found in build" | "Integrated in build" | "Model Link" | "Pull Request" | "Related Workitem" | "Result Attachment" | "Source Code File" | "Tag" | "Test Result" | "Wiki"
    /** Comment to include with the artifact link. Used for: add_artifact_link. */ comment?: string
  }): Promise<any>;
  /** Retrieve wiki data for an organization or project. Use the action parameter to specify the operation. */
  function wiki(args: {
    /** The action to perform. Options: list_wikis (list all wikis in an organization or project), get_wiki (get details of a specific wiki), list_pages (list pages in a wiki), get_page (get wiki page metadata without content), get_page_content (retrieve wiki page content). */ action: "list_wikis" | "get_wiki" | "list_pages" | "get_page" | "get_page_content"
    /** The unique identifier of the wiki. Required for get_wiki, list_pages, get_page, and get_page_content (unless url is provided). */ wikiIdentifier?: string
    /** The project name or ID. Required for list_pages and get_page. Optional for list_wikis, get_wiki, and get_page_content. */ project?: string
    /** The path of the wiki page (e.g., '/Home' or '/Documentation/Setup'). Required for get_page. Optional for get_page_content. */ path?: string
    /** The full URL of the wiki page. Used for get_page_content. If provided, wikiIdentifier, project, and path are ignored. Supported patterns: https://dev.azure.com/{org}/{project}/_wiki/wikis/{wikiIdentifier}?pagePath=%2FMy%20Page and https://dev.azure.com/{org}/{project}/_wiki/wikis/{wikiIdentifier}/{pageId}/Page-Title */ url?: string
    /** The maximum number of pages to return. Used for list_pages. Defaults to 20. */ top?: number
    /** Token for pagination to retrieve the next set of pages. Used for list_pages. */ continuationToken?: string
    /** Number of days to retrieve page views for. Used for list_pages. If not specified, page views are not included. */ pageViewsForDays?: number
    /** Recursion level for subpages. Used for get_page. 'None' returns only the specified page. 'OneLevel' includes direct children. 'Full' includes all descendants. */ recursionLevel?: "None" | "OneLevel" | "OneLevelPlusNestedEmptyFolders" | "Full"
  }): Promise<any>;
  /** Create or update a wiki page with content. */
  function wiki_upsert_page(args: {
    /** The unique identifier or name of the wiki. */ wikiIdentifier: string
    /** The path of the wiki page (e.g., '/Home' or '/Documentation/Setup'). */ path: string
    /** The content of the wiki page in markdown format. */ content: string
    /** The project name or ID where the wiki is located. If not provided, the default project will be used. */ project?: string
    /** ETag for editing existing pages (optional, will be fetched if not provided). */ etag?: string
    /** The branch name for the wiki repository. Defaults to 'wikiMaster' which is the default branch for Azure DevOps wikis. */ branch?: string
  }): Promise<any>;
  /** Retrieve paginated test plan, suite, and case data for a project. Use the action parameter to specify the operation. When a response includes a continuationToken, pass it back with the same action and query parameters to fetch the next batch; null token indicates the last batch. */
  function testplan(args: {
    /** The action to perform. Options: list_plans (list test plans in a project), list_suites (list test suites under a test plan), list_cases (list test cases under a test suite). */ action: "list_plans" | "list_suites" | "list_cases"
    /** The unique identifier (ID or name) of the Azure DevOps project. */ project: string
    /** Filter to include only active test plans. Used for: list_plans. Defaults to true. */ filterActivePlans?: boolean
    /** Include detailed information about each test plan. Used for: list_plans. */ includePlanDetails?: boolean
    /** The ID of the test plan. Required for: list_suites, list_cases. @minimum 1 */ planId?: number
    /** The ID of the test suite. Required for: list_cases. @minimum 1 */ suiteId?: number
    /** Token to continue fetching results from a previous request. Used for: list_plans, list_suites, list_cases. */ continuationToken?: string
  }): Promise<any>;
  /** Gets a list of test results for a given project and build ID. Can filter by test outcome (e.g. Failed, Passed, Aborted). Returns test case titles, error messages, stack traces, and outcomes. Efficiently handles builds with large numbers of test runs. */
  function testplan_show_test_results_from_build_id(args: {
    /** The unique identifier (ID or name) of the Azure DevOps project. */ project: string
    /** The ID of the build. @minimum 1 */ buildid: number
    /** Filter results by test outcome, e.g. ['Failed', 'Passed', 'Aborted']. */ outcomes?: string[]
  }): Promise<any>;
  /** Write operations for test plans. Use the action parameter to specify the operation. */
  function testplan_test_plan_write(args: {
    /** The action to perform. Options: create (create a new test plan). */ action: "create"
    /** The unique identifier (ID or name) of the Azure DevOps project. */ project: string
    /** The name of the test plan. Required for: create. */ name?: string
    /** The iteration path for the test plan. Required for: create. */ iteration?: string
    /** The description of the test plan. Used for: create. */ description?: string
    /** The start date of the test plan. Used for: create. */ startDate?: string
    /** The end date of the test plan. Used for: create. */ endDate?: string
    /** The area path for the test plan. Used for: create. */ areaPath?: string
  }): Promise<any>;
  /** Write operations for test suites. Use the action parameter to specify the operation. */
  function testplan_test_suite_write(args: {
    /** The action to perform. Options: create (create a new test suite in a test plan), add_test_cases (add existing test cases to a test suite). */ action: "create" | "add_test_cases"
    /** The unique identifier (ID or name) of the Azure DevOps project. */ project: string
    /** The ID of the test plan. Required for: create, add_test_cases. @minimum 1 */ planId?: number
    /** ID of the parent suite under which the new suite will be created. Required for: create. @minimum 1 */ parentSuiteId?: number
    /** Name of the child test suite. Required for: create. */ name?: string
    /** The ID of the test suite. Required for: add_test_cases. @minimum 1 */ suiteId?: number
    /** The ID(s) of the test case(s) to add. Required for: add_test_cases. */ testCaseIds?: string | string[]
  }): Promise<any>;
  /** Write operations for test cases. Use the action parameter to specify the operation. */
  function testplan_test_case_write(args: {
    /** The action to perform. Options: create (create a new test case work item), update_steps (update steps on an existing test case). */ action: "create" | "update_steps"
    /** The unique identifier (ID or name) of the Azure DevOps project. Required for: create. */ project?: string
    /** The title of the test case. Required for: create. */ title?: string
    /** The priority of the test case. Used for: create. */ priority?: number
    /** The area path for the test case. Used for: create. */ areaPath?: string
    /** The iteration path for the test case. Used for: create. */ iterationPath?: string
    /** Work item ID to set as a Microsoft.VSTS.Common.TestedBy-Reverse link. Used for: create. @minimum 1 */ testsWorkItemId?: number
    /** The ID of the test case work item to update. Required for: update_steps. @minimum 1 */ id?: number
    /** The steps for the test case. Format each step as '1. Step one|Expected result one
    2. Step two|Expected result two'. Use '|' as the delimiter between step and expected result. Required for: update_steps. Used for: create. */
    steps?: string
  }): Promise<any>;
  /** Search Azure DevOps Repositories for a given search text */
  function search_code(args: {
    /** Keywords to search for in code repositories */ searchText: string
    /** Filter by projects */ project?: string | string[]
    /** Filter by repositories */ repository?: string[]
    /** Filter by paths */ path?: string[]
    /** Filter by branches */ branch?: string[]
    /** Include facets in the search results */ includeFacets?: boolean
    /** Number of results to skip @default 0 */ skip?: number
    /** Maximum number of results to return @default 5 */ top?: number
  }): Promise<any>;
  /** Search Azure DevOps Wiki for a given search text */
  function search_wiki(args: {
    /** Keywords to search for wiki pages */ searchText: string
    /** Filter by projects */ project?: string[]
    /** Filter by wiki names */ wiki?: string[]
    /** Include facets in the search results */ includeFacets?: boolean
    /** Number of results to skip @default 0 */ skip?: number
    /** Maximum number of results to return @default 10 */ top?: number
  }): Promise<any>;
  /** Get Azure DevOps Work Item search results for a given search text */
  function search_workitem(args: {
    /** Search text to find in work items */ searchText: string
    /** Filter by projects */ project?: string[]
    /** Filter by area paths */ areaPath?: string[]
    /** Filter by work item types */ workItemType?: string[]
    /** Filter by work item states */ state?: string[]
    /** Filter by assigned to users */ assignedTo?: string[]
    /** Include facets in the search results */ includeFacets?: boolean
    /** Number of results to skip for pagination @default 0 */ skip?: number
    /** Number of results to return @default 10 */ top?: number
  }): Promise<any>;
  /** Retrieve Advanced Security alerts for a repository. Results are scoped to the specified project and repository. Branch filters (onlyDefaultBranch, ref) apply only to code, dependency, and license alerts; they are not applicable to secret alerts and are ignored by the service, so they neither include nor exclude secrets. To narrow secret alerts by confidence, pass a single 'confidenceLevels' value ('High' or 'Other'); selecting every level is treated as no confidence filter. */
  function advsec_get_alerts(args: {
    /** The name or ID of the Azure DevOps project. */ project: string
    /** The name or ID of the repository to get alerts for. */ repository: string
    /** Filter alerts by type. If not specified, returns all alert types. */ alertType?: "Unknown" | "Dependency" | "Secret" | "Code" | "License"
    /** Filter alerts by state. If not specified, returns alerts in any state. */ states?: ("Unknown" | "Active" | "Dismissed" | "Fixed" | "AutoDismissed")[]
    /** Filter alerts by severity level. If not specified, returns alerts at any severity. */ severities?: ("Low" | "Medium" | "High" | "Critical" | "Note" | "Warning" | "Error" | "Undefined")[]
    /** Filter alerts by rule ID. */ ruleId?: string
    /** Filter alerts by rule name. */ ruleName?: string
    /** Filter alerts by tool name. */ toolName?: string
    /** Filter non-secret alerts by git reference (branch), e.g. 'refs/heads/main'. When omitted and onlyDefaultBranch is true, only alerts on the default branch are returned. Not applicable to secret alerts and ignored by this tool when alertType is 'Secret'. When alertType is unspecified, this filter is still sent and may exclude secret alerts from the results; query alertType 'Secret' separately to retrieve all secrets. */ ref?: string
    /** For non-secret alerts: if true (the service default when omitted) only return alerts found on the default branch; if false, return alerts from all branches. Ignored when 'ref' is provided. Not applicable to secret alerts and ignored by this tool when alertType is 'Secret'. When alertType is unspecified, this filter is still sent and may exclude secret alerts from the results; query alertType 'Secret' separately to retrieve all secrets. */ onlyDefaultBranch?: boolean
    /** Only applicable to secret alerts. Accepted values are 'High' and 'Other'. Pass a single value (e.g. ['High']) to narrow secrets to that confidence level. Leave unset to return secrets without a confidence filter. Do not select both levels to widen results: the Alerts service does not accept a multi-value confidence filter and would return no alerts, so this tool treats an all-levels selection as no filter and omits it. */ confidenceLevels?: ("High" | "Other")[]
    /** Only applicable to secret alerts. If omitted, alerts of all validity statuses are returned (no validity filter is applied). Filtering by validity may return fewer alerts than 'top'; use the continuation token to fetch any remaining alerts. */ validity?: ("None" | "Unknown" | "Active" | "Inactive")[]
    /** Maximum number of alerts to return. Defaults to 100. */ top?: number
    /** Order results by specified field. Defaults to 'severity'. */ orderBy?: "id" | "firstSeen" | "lastSeen" | "fixedOn" | "severity"
    /** Continuation token for pagination. */ continuationToken?: string
  }): Promise<any>;
  /** Get detailed information about a specific Advanced Security alert. */
  function advsec_get_alert_details(args: {
    /** The name or ID of the Azure DevOps project. */ project: string
    /** The name or ID of the repository containing the alert. */ repository: string
    /** The ID of the alert to retrieve details for. @minimum 1 */ alertId: number
    /** Git reference (branch) to filter the alert. */ ref?: string
  }): Promise<any>;
}
