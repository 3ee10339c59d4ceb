/** zereight-gitlab */
declare namespace zereight_gitlab {
  type integer = number;
  type Position = {
    /** REQUIRED: Base commit SHA in the source branch. Get this from merge request diff_refs.base_sha. */ base_sha: string
    /** REQUIRED: SHA referencing HEAD of the source branch. Get this from merge request diff_refs.head_sha. */ head_sha: string
    /** REQUIRED: SHA referencing the start commit of the source branch. Get this from merge request diff_refs.start_sha. */ start_sha: string
    /** REQUIRED: Position type. Use 'text' for code diffs, 'image' for image diffs, 'file' for file-level comments. */ position_type: "text" | "image" | "file"
    /** File path after changes. REQUIRED for most diff comments. Use same as old_path if file wasn't renamed. */ new_path?: string | null
    /** File path before changes. REQUIRED for most diff comments. Use same as new_path if file wasn't renamed. */ old_path?: string | null
    /** Line number in modified file (after changes). Use for added lines or context lines. NULL for deleted lines. For single-line comments on new lines. */ new_line?: number | null
    /** Line number in original file (before changes). Use for deleted lines or context lines. NULL for added lines. For single-line comments on old lines. */ old_line?: number | null
    /** MULTILINE COMMENTS: Specify start/end line positions for commenting on multiple lines. Alternative to single old_line/new_line. */ line_range?: /** Line range for multiline comments on GitLab merge request diffs. VALIDATION RULES: 1) line_code is critical for GitLab API success, 2) start/end must have consistent types, 3) line numbers must form valid range, 4) get line_code from GitLab diff API, never generate manually. */ {
      /** Start line position for multiline comment range. MUST specify either old_line OR new_line (or both for context), never neither. */ start: {
        /** CRITICAL: Line identifier in format '{file_path_sha1_hash}_{old_line_number}_{new_line_number}'. USUALLY REQUIRED for GitLab diff comments despite being optional in schema. Example: 'a1b2c3d4e5f6_10_15'. Get this from GitLab diff API response, never fabricate. */ line_code?: string | null
        /** Line type: 'old' = deleted/original line, 'new' = added/modified line, null = unchanged context. MUST match the line_code format and old_line/new_line values. */ type?: "new" | "old" | "expanded" | "logic" | "style" | null
        /** Line number in original file (before changes). REQUIRED when type='old', NULL when type='new' (for purely added lines), can be present for context lines. */ old_line?: number | null
        /** Line number in modified file (after changes). REQUIRED when type='new', NULL when type='old' (for purely deleted lines), can be present for context lines. */ new_line?: number | null
      }
      /** End line position for multiline comment range. MUST specify either old_line OR new_line (or both for context), never neither. Range must be valid (end >= start). */ end: {
        /** CRITICAL: Line identifier in format '{file_path_sha1_hash}_{old_line_number}_{new_line_number}'. USUALLY REQUIRED for GitLab diff comments despite being optional in schema. Example: 'a1b2c3d4e5f6_12_17'. Must be from same file as start.line_code. */ line_code?: string | null
        /** Line type: 'old' = deleted/original line, 'new' = added/modified line, null = unchanged context. SHOULD MATCH start.type for consistent ranges (don't mix old/new types). */ type?: "new" | "old" | "expanded" | "logic" | "style" | null
        /** Line number in original file (before changes). REQUIRED when type='old', NULL when type='new' (for purely added lines), can be present for context lines. MUST be >= start.old_line if both specified. */ old_line?: number | null
        /** Line number in modified file (after changes). REQUIRED when type='new', NULL when type='old' (for purely deleted lines), can be present for context lines. MUST be >= start.new_line if both specified. */ new_line?: number | null
      }
    } | null
    /** IMAGE DIFFS ONLY: Width of the image (for position_type='image'). */ width?: number | null
    /** IMAGE DIFFS ONLY: Height of the image (for position_type='image'). */ height?: number | null
    /** IMAGE DIFFS ONLY: X coordinate on the image (for position_type='image'). */ x?: number | null
    /** IMAGE DIFFS ONLY: Y coordinate on the image (for position_type='image'). */ y?: number | null
  };
  /** Merge a merge request. Use this only after checking the merge request approval, conflict, and pipeline state; use `approve_merge_request` to approve rather than merge. The operation changes repository state and may squash commits, schedule auto-merge, or delete the source branch, so it requires merge permission and returns GitLab's merge result or a mergeability error. Pass `sha` from `get_merge_request` (`sha` or `diff_refs.head_sha`); GitLab 19.2+ groups may reject merges without it. */
  function merge_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** SHA of the source-branch HEAD from get_merge_request (`sha` or `diff_refs.head_sha`). If provided, GitLab merges only when HEAD still matches. GitLab 19.2+ groups may require this (Require a commit SHA on the merge requests API). */ sha?: string
    /** If true, the merge request merges when the pipeline succeeds. */ auto_merge?: boolean
    /** Custom merge commit message */ merge_commit_message?: string
    /** If true, the merge request merges when the pipeline succeeds. Deprecated in GitLab 17.11. Use `auto_merge` instead. */ merge_when_pipeline_succeeds?: boolean
    /** Remove source branch after merge */ should_remove_source_branch?: boolean
    /** Custom squash commit message */ squash_commit_message?: string
    /** Squash commits into a single commit when merging */ squash?: boolean
  }): Promise<any>;
  /** Approve a merge request. Use this to record an approval on an existing merge request; it does not merge the request or change its source branch. The operation changes review state, may require re-authentication or approval permission, and returns the updated approval result or a permission/state error. */
  function approve_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of the merge request to approve */ merge_request_iid: string
    /** The HEAD of the merge request. Optional, but used to ensure the merge request hasn't changed since you last reviewed it */ sha?: string
    /** Current user's password. Required if 'Require user re-authentication to approve' is enabled in the project settings */ approval_password?: string
  }): Promise<any>;
  /** Unapprove a merge request. Use this to remove the current user's approval from an existing merge request; use `merge_merge_request` only when you intend to merge. The operation changes review state and requires approval permission, and GitLab returns the updated result or an error when the request or approval is unavailable. */
  function unapprove_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of the merge request to unapprove */ merge_request_iid: string
  }): Promise<any>;
  /** Get merge request approval details including approvers. Use this to inspect approval rules and approvers before deciding whether a merge request can be merged; use `approve_merge_request` to change approval state. It is read-only and returns the approval-state response, while missing requests, unsupported GitLab versions, and permission failures are reported as errors. */
  function get_merge_request_approval_state(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of the merge request */ merge_request_iid: string
  }): Promise<any>;
  /** Get the conflicts of a merge request. Use this to inspect merge conflicts before attempting `merge_merge_request`; it reports conflicts and does not resolve them. It is read-only, requires access to the project and merge request, and returns GitLab's conflict data or an error when the request cannot be evaluated. */
  function get_merge_request_conflicts(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of the merge request */ merge_request_iid: string
  }): Promise<any>;
  /** List pipelines for a merge request with pagination. Use this to inspect pipelines associated with one merge request; use `list_pipelines` for project-wide pipeline filtering. It is read-only and paginated, requires project access, and returns pipeline records or GitLab errors for invalid identifiers, missing resources, or rate limits. */
  function list_merge_request_pipelines(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The internal ID of the merge request */ merge_request_iid: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Create or update a file in a GitLab project. Use this for a single repository file when you know whether the target path is new or already exists; use `push_files` for a multi-file commit. Optional `encoding` (`text` or `base64`) defaults to `GITLAB_REPO_FILE_ENCODING` so existing callers stay unchanged. The operation creates or updates remote content in a commit, requires repository write permission, and returns the commit result or a conflict/validation error. */
  function create_or_update_file(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Path where to create/update the file */ file_path: string
    /** Content of the file */ content: string
    /** Commit message */ commit_message: string
    /** Branch to create/update the file in */ branch: string
    /** Path of the file to move/rename */ previous_path?: string
    /** Last known file commit ID */ last_commit_id?: string
    /** Current file commit ID (for update operations) */ commit_id?: string
    /** Content encoding. Use 'base64' for binary files (content must already be base64-encoded). When omitted, GITLAB_REPO_FILE_ENCODING applies. */ encoding?: "text" | "base64"
  }): Promise<any>;
  /** Search for GitLab projects. Use this to discover matching content; choose a typed get or list tool when the target identifier is already known. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function search_repositories(args?: {
    /** Search query */ search?: string
    /** Search query (alias for 'search') */ query?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Create a new GitLab project. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_repository(args: {
    /** Repository name */ name: string
    /** Group namespace ID to create the project in. Omit to use the current user's namespace. @minimum 1 @maximum 9007199254740991 */ namespace_id?: integer
    /** Repository description */ description?: string
    /** Repository visibility level */ visibility?: "private" | "internal" | "public"
    /** Initialize with README.md */ initialize_with_readme?: boolean
  }): Promise<any>;
  /** Create new group or subgroup. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_group(args: {
    /** The name of the group */ name: string
    /** The path of the group */ path: string
    /** The group's description */ description?: string
    /** The group's visibility level */ visibility?: "private" | "internal" | "public"
    /** The parent group ID for creating a subgroup */ parent_id?: number
  }): Promise<any>;
  /** Get contents of a file or directory from a GitLab project. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_file_contents(args?: {
    /** Project ID or URL-encoded path (optional; falls back to env) */ project_id?: string
    /** Path to the file or directory. Takes precedence over 'path' when both are provided */ file_path?: string
    /** Alias of file_path */ path?: string
    /** Branch/tag/commit to get contents from */ ref?: string
  }): Promise<any>;
  /** Push multiple files in a single commit. Use this to commit several file changes atomically; use `create_or_update_file` when only one path is involved. Each file defaults to action `create`; optional per-file `action` (create/update/delete/move) and `encoding` (text/base64) are additive. `GITLAB_PERMISSION_MODE=modify` rejects `delete` and `move`. The operation writes repository history on the selected branch, requires repository write permission, and returns the commit result or a validation, conflict, or protected-branch error. */
  function push_files(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Branch to push to */ branch: string
    /** Array of files to push. Each entry defaults to action 'create'. Per-file fields: action (create/update/delete/move), encoding (text/base64; omitted uses GITLAB_REPO_FILE_ENCODING), previous_path (required for move). Content is required for create and update; omit content for delete, or for a move that should keep the original file. GITLAB_PERMISSION_MODE=modify rejects delete and move. */ files: {
      /** Path of the file in the repo */ file_path: string
      /** File content. Required for create and update. Omit for delete, or for a move that should keep the original content. Base64-encoded when encoding is 'base64'. */ content?: string
      /** Commit action for this file. Defaults to 'create'. */ action?: "create" | "update" | "delete" | "move"
      /** Use 'base64' for binary files (content must already be base64-encoded). When omitted, GITLAB_REPO_FILE_ENCODING applies. */ encoding?: "text" | "base64"
      /** Previous path of the file. Required when action is 'move'. */ previous_path?: string
    }[]
    /** Commit message */ commit_message: string
  }): Promise<any>;
  /** Create a new issue. Use this to open a new issue; use `update_issue` for an existing issue and `create_issue_note` to add discussion without changing issue fields. The operation creates remote project data, requires issue creation permission, and returns the new issue or a validation, permission, or duplicate-related error. */
  function create_issue(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Issue title */ title: string
    /** Issue description */ description?: string
    /** Array of user IDs to assign */ assignee_ids?: number[]
    /** Array of label names */ labels?: string[]
    /** Milestone ID to assign */ milestone_id?: string
    /** The type of issue. One of issue, incident, test_case or task. @default "issue" */ issue_type?: "issue" | "incident" | "test_case" | "task"
    /** Weight of the issue (numeric, typically hours of work) */ weight?: number
  }): Promise<any>;
  /** Create a new merge request. Use this to open a new merge request from an existing source branch to a target branch; use `update_merge_request` after it exists. The operation creates remote review state, requires project access, and returns the new merge request or a validation, permission, branch, or duplicate-related error. */
  function create_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Merge request title */ title: string
    /** Merge request description */ description?: string
    /** Branch containing changes */ source_branch: string
    /** Branch to merge into */ target_branch: string
    /** Numeric ID of the target project. */ target_project_id?: string
    /** The ID of the users to assign the MR to */ assignee_ids?: number[]
    /** The ID of the users to assign as reviewers of the MR */ reviewer_ids?: number[]
    /** Labels for the MR */ labels?: string[]
    /** Create as draft merge request */ draft?: boolean
    /** Allow commits from upstream members */ allow_collaboration?: boolean
    /** Flag indicating if a merge request should remove the source branch when merging. */ remove_source_branch?: boolean | null
    /** If true, squash all commits into a single commit on merge. */ squash?: boolean | null
  }): Promise<any>;
  /** Fork a project to your account or specified namespace. Use this to create a copy of an existing project in the current user's namespace or a permitted namespace; use `search_repositories` or `get_project` to inspect projects without copying them. The operation creates a new project, requires fork permission, and returns the forked project or a namespace/permission error. */
  function fork_repository(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Namespace to fork to (full path) */ namespace?: string
  }): Promise<any>;
  /** Create a new branch. Use this to create a branch from a branch, tag, or commit; use `get_branch` or `list_branches` to inspect branches and `protect_branch` to configure protection afterward. The operation changes remote repository state, requires branch-creation permission, and returns the new branch or a validation, missing-ref, protected-project, or already-exists error. `project_id` accepts a numeric ID or URL-encoded path, `branch` is the new name, and `ref` selects its starting revision. */
  function create_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Name for the new branch */ branch: string
    /** Source branch/commit for new branch */ ref?: string
  }): Promise<any>;
  /** Get branch details (commit, protection status). Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Name of the branch */ branch_name: string
  }): Promise<any>;
  /** List branches in project with search filter. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_branches(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Search term to filter branches by name */ search?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Delete branch from project. Use this only after confirming the branch name and intended data loss; use `get_branch` or `list_branches` before deletion and never use it to remove branch protection. The operation permanently removes a remote branch, requires branch-delete permission, and returns the deletion result or a protected-branch, missing-resource, or permission error. */
  function delete_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Name of the branch to delete */ branch_name: string
  }): Promise<any>;
  /** List protected branches in a project, supports search filter. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_protected_branches(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Search term to filter protected branches by name */ search?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get details of a single protected branch (access levels, force push settings). Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_protected_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Name of the protected branch */ branch_name: string
  }): Promise<any>;
  /** Protect a repository branch (set push/merge/unprotect access levels). Use this to create or update protection rules for a branch or wildcard; use `get_protected_branch` to inspect existing rules first. The operation changes who may push, merge, or unprotect, may enable force-push or code-owner settings, requires maintainer-level permission, and returns the protection rule or a validation/permission error. */
  function protect_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Branch name or wildcard pattern to protect */ branch_name: string
    /** Deprecated alias for branch_name; prefer branch_name for consistency */ name?: string
    /** Access level for pushing (0=No access, 30=Developer, 40=Maintainer, 60=Admin). GitLab default applies when omitted. @minimum -9007199254740991 @maximum 9007199254740991 */ push_access_level?: integer
    /** Access level for merging (0=No access, 30=Developer, 40=Maintainer, 60=Admin). GitLab default applies when omitted. @minimum -9007199254740991 @maximum 9007199254740991 */ merge_access_level?: integer
    /** Access level for unprotecting (0=No access, 30=Developer, 40=Maintainer, 60=Admin). GitLab default applies when omitted. @minimum -9007199254740991 @maximum 9007199254740991 */ unprotect_access_level?: integer
    /** Allow force push to the protected branch. Default: false */ allow_force_push?: boolean
    /** Require code owner approval before merging (PREMIUM). Default: false */ code_owner_approval_required?: boolean
  }): Promise<any>;
  /** Remove protection from a previously protected branch. Use this to remove protection from an existing branch; use `protect_branch` to change access levels without removing the rule. The operation changes repository security controls, requires permission to manage protected branches, and returns the result or an error when the branch is missing or policy forbids the change. */
  function unprotect_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Name of the protected branch to unprotect */ branch_name: string
  }): Promise<any>;
  /** Change the default branch of a project. Use this to change which branch GitLab treats as the project's default; use `create_branch` to create a branch rather than changing project defaults. The operation changes project settings and may affect clone, merge request, and CI defaults, requires project-maintainer permission, and returns the updated project or a validation/permission error. */
  function update_default_branch(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The new default branch name for the project */ default_branch: string
  }): Promise<any>;
  /** Get details of a merge request (mergeRequestIid or branchName required). Set include_summaries=true for deployment/commit/approval summaries. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** If true, include deployment_summary, commit_addition_summary and approval_summary (extra API calls, larger response). Default false to reduce token usage. */ include_summaries?: boolean
  }): Promise<any>;
  /** Get the changes/diffs of a merge request (mergeRequestIid or branchName required). Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_merge_request_diffs(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** Diff view type */ view?: "inline" | "parallel"
    /** Array of regex patterns to exclude files from the diff results. Each pattern is a JavaScript-compatible regular expression that matches file paths to ignore. Examples: ["^vendor/", "^test/mocks/", "\.spec\.ts$", "package-lock\.json"] */ excluded_file_patterns?: string[]
  }): Promise<any>;
  /** List changed file paths in a merge request without diff content (mergeRequestIid or branchName required). Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_request_changed_files(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** Array of regex patterns to exclude files. Examples: ["^vendor/", "\.pb\.go$"] */ excluded_file_patterns?: string[]
  }): Promise<any>;
  /** List merge request diffs with pagination (mergeRequestIid or branchName required). Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_request_diffs(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
    /** Present diffs in the unified diff format. Default is false. Introduced in GitLab 16.5. */ unidiff?: boolean
  }): Promise<any>;
  /** Get diffs for specific files from a merge request (mergeRequestIid or branchName required). Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_merge_request_file_diff(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** List of file paths to retrieve diffs for (e.g. ['src/api/users.ts', 'src/repo/user.go']). Call list_merge_request_changed_files first to get the full list of changed paths. */ file_paths: string[]
    /** Present diff in the unified diff format. Default is false. */ unidiff?: boolean
  }): Promise<any>;
  /** List all versions of a merge request. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_request_versions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The internal ID of the merge request */ merge_request_iid: string
  }): Promise<any>;
  /** Get a specific version of a merge request. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_merge_request_version(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The internal ID of the merge request */ merge_request_iid: string
    /** The ID of the merge request diff version */ version_id: string
    /** Present diffs in the unified diff format. Default is false. Introduced in GitLab 16.5. */ unidiff?: boolean
  }): Promise<any>;
  /** Get diffs between two branches or commits. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_branch_diffs(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The base branch or commit SHA to compare from */ from: string
    /** The target branch or commit SHA to compare to */ to: string
    /** Comparison method: false for '...' (default), true for '--' */ straight?: boolean
    /** Array of regex patterns to exclude files from the diff results. Each pattern is a JavaScript-compatible regular expression that matches file paths to ignore. Examples: ["^vendor/", "^test/mocks/", "\.spec\.ts$", "package-lock\.json"] */ excluded_file_patterns?: string[]
  }): Promise<any>;
  /** Update a merge request (mergeRequestIid or branchName required). Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_merge_request(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid?: string
    /** Source branch name */ source_branch?: string
    /** The title of the merge request */ title?: string
    /** The description of the merge request */ description?: string
    /** The target branch */ target_branch?: string
    /** The ID of the users to assign the MR to */ assignee_ids?: number[]
    /** The ID of the users to assign as reviewers of the MR */ reviewer_ids?: number[]
    /** Labels for the MR */ labels?: string[]
    /** New state (close/reopen) for the MR */ state_event?: "close" | "reopen"
    /** Flag indicating if the source branch should be removed */ remove_source_branch?: boolean
    /** Squash commits into a single commit when merging */ squash?: boolean
    /** Work in progress merge request */ draft?: boolean
    /** Milestone ID to assign. Set to 0 to unassign. Null is treated as omitted. */ milestone_id?: string
  }): Promise<any>;
  /** Create a new note (comment) to an issue or merge request. Use this for a top-level comment on an issue or merge request when no typed discussion operation is needed; use `create_merge_request_thread` or `create_issue_note` for threaded replies. The operation creates remote discussion content, requires note permission, and returns the created note or a target/permission/validation error. */
  function create_note(args: {
    /** Project ID or namespace/project_path */ project_id: string
    /** Type of noteable (issue or merge_request) */ noteable_type: "issue" | "merge_request"
    /** IID of the issue or merge request */ noteable_iid: string
    /** Note content */ body: string
  }): Promise<any>;
  /** Create a new thread on a merge request. Use this to start a review thread on a merge request; use `create_merge_request_note` for an unthreaded note and `create_merge_request_discussion_note` to reply to an existing thread. The operation creates remote review content, requires note permission, and returns the discussion or a position/permission/validation error. */
  function create_merge_request_thread(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The content of the thread */ body: string
    /** Position when creating a diff note */ position?: Position
    /** Date the thread was created at (ISO 8601 format) */ created_at?: string
  }): Promise<any>;
  /** Resolve a thread on a merge request. Use this to mark an existing merge request review thread resolved; use `update_merge_request_discussion_note` when the note text itself must change. The operation changes review state, requires permission to resolve discussions, and returns the updated discussion or a missing-thread/permission error. */
  function resolve_merge_request_thread(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread */ discussion_id: string
    /** Whether to resolve the thread */ resolved: boolean
  }): Promise<any>;
  /** List discussion items for a merge request. Use this to list complete discussion threads for a merge request; use `get_merge_request_notes` when only flat notes are needed. It is read-only and returns threaded discussion items, while invalid merge request identifiers, missing resources, and permission failures are reported as errors. */
  function mr_discussions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get a single discussion item for a merge request. Use this to fetch one known merge request discussion by discussion identifier; use `mr_discussions` for a collection and `get_merge_request_note` for a flat note. It is read-only and returns the discussion item or an error for an invalid identifier, missing discussion, or insufficient permission. */
  function get_merge_request_discussion(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread */ discussion_id: string
  }): Promise<any>;
  /** Delete a discussion note on a merge request. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_merge_request_discussion_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread */ discussion_id: string
    /** The ID of a thread note */ note_id: string
  }): Promise<any>;
  /** Update a discussion note on a merge request. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_merge_request_discussion_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread */ discussion_id: string
    /** The ID of a thread note */ note_id: string
    /** The content of the note or reply */ body?: string
    /** Resolve or unresolve the note */ resolved?: boolean
  }): Promise<any>;
  /** Add a new discussion note to an existing merge request thread. Use this to reply inside an existing merge request discussion; use `create_merge_request_thread` to start a new thread and `create_merge_request_note` for a top-level note. The operation creates remote review content, requires note permission, and returns the new note or a missing-discussion/position/permission error. */
  function create_merge_request_discussion_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread */ discussion_id: string
    /** The content of the note or reply */ body: string
    /** Date the note was created at (ISO 8601 format) */ created_at?: string
  }): Promise<any>;
  /** Add a new note to a merge request. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_merge_request_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The content of the note or reply */ body: string
  }): Promise<any>;
  /** Delete an existing merge request note. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_merge_request_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread note */ note_id: string
  }): Promise<any>;
  /** Get a specific note for a merge request. Use this to fetch one known merge request note by note identifier; use `get_merge_request_notes` for a collection and `mr_discussions` for threaded context. It is read-only and returns the note object or an error for an invalid identifier, missing note, or insufficient permission. */
  function get_merge_request_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread note */ note_id: string
  }): Promise<any>;
  /** List notes for a merge request. Use this to list flat notes on a merge request; use `mr_discussions` when thread structure and resolution state are required. It is read-only and returns note records, while invalid identifiers, missing resources, and pagination or permission errors are reported by GitLab. */
  function get_merge_request_notes(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The sort order of the notes */ sort?: "asc" | "desc"
    /** The field to sort the notes by */ order_by?: "created_at" | "updated_at"
    /** Number of items per page */ per_page?: number
    /** Page number for pagination */ page?: number
  }): Promise<any>;
  /** Modify an existing merge request note. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_merge_request_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a thread note */ note_id: string
    /** The content of the note or reply */ body: string
  }): Promise<any>;
  /** Get a single draft note from a merge request. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_draft_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of the draft note */ draft_note_id: string
  }): Promise<any>;
  /** List draft notes for a merge request. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_draft_notes(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
  }): Promise<any>;
  /** Create a draft note for a merge request. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_draft_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The content of the draft note */ body: string
    /** The ID of a discussion the draft note replies to */ in_reply_to_discussion_id?: string
    /** Position when creating a diff note */ position?: Position
    /** Whether to resolve the discussion when publishing */ resolve_discussion?: boolean
  }): Promise<any>;
  /** Update an existing draft note. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_draft_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of the draft note */ draft_note_id: string
    /** The content of the draft note */ body?: string
    /** Position when creating a diff note */ position?: Position
    /** Whether to resolve the discussion when publishing */ resolve_discussion?: boolean
  }): Promise<any>;
  /** Delete a draft note. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_draft_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of the draft note */ draft_note_id: string
  }): Promise<any>;
  /** Publish a single draft note. Use this for the specific operation described; choose a sibling tool when you need a different resource or lifecycle action. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function publish_draft_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of the draft note */ draft_note_id: string
  }): Promise<any>;
  /** Publish all draft notes for a merge request. Optionally sets reviewer_state and posts a summary note (GitLab 19.2+). Can set reviewer_state even with no drafts. Use this for the specific operation described; choose a sibling tool when you need a different resource or lifecycle action. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function bulk_publish_draft_notes(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** Set reviewer review state after publishing (GitLab 19.2+). Does not record a formal approval. Works even with no draft notes. */ reviewer_state?: "requested_changes" | "reviewed"
    /** Summary note body to post on the merge request (GitLab 19.2+) */ note?: string
    /** If true, the summary note is internal (GitLab 19.2+, default false) */ internal?: boolean
  }): Promise<any>;
  /** List all emoji reactions on a merge request. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_request_emoji_reactions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
  }): Promise<any>;
  /** List all emoji reactions on a merge request note. Pass discussion_id for discussion thread replies. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_request_note_emoji_reactions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
  }): Promise<any>;
  /** Add an emoji reaction to a merge request (e.g. thumbsup, rocket, eyes). Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_merge_request_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** Name of the emoji without colons (e.g. 'thumbsup', 'rocket', 'eyes') */ name: string
  }): Promise<any>;
  /** Remove an emoji reaction from a merge request. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_merge_request_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of the emoji reaction to delete */ award_id: string
  }): Promise<any>;
  /** Add an emoji reaction to a merge request note. Pass discussion_id for discussion thread replies. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_merge_request_note_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
    /** Name of the emoji without colons (e.g. 'thumbsup', 'rocket', 'eyes') */ name: string
  }): Promise<any>;
  /** Remove an emoji reaction from a merge request note. Pass discussion_id for discussion thread replies. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_merge_request_note_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of a merge request */ merge_request_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
    /** The ID of the emoji reaction to delete */ award_id: string
  }): Promise<any>;
  /** Modify an existing issue thread note. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_issue_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of a thread */ discussion_id: string
    /** The ID of a thread note */ note_id: string
    /** The content of the note or reply */ body?: string
    /** Resolve or unresolve the note */ resolved?: boolean
  }): Promise<any>;
  /** Add a note to an issue, optionally replying to a discussion thread. Use this to add a note to an existing issue, optionally as a reply to a discussion; use `update_issue` for issue fields and `create_note` only when the generic endpoint is required. The operation creates remote discussion content, requires note permission, and returns the note or a missing-issue/thread/permission error. */
  function create_issue_note(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of a thread. If provided, replies to that thread; otherwise creates a top-level note */ discussion_id?: string
    /** The content of the note or reply */ body: string
    /** Date the note was created at (ISO 8601 format) */ created_at?: string
  }): Promise<any>;
  /** List all emoji reactions on an issue. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_issue_emoji_reactions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
  }): Promise<any>;
  /** List all emoji reactions on an issue note. Pass discussion_id for discussion thread replies. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_issue_note_emoji_reactions(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
  }): Promise<any>;
  /** Add an emoji reaction to an issue (e.g. thumbsup, rocket, eyes). Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_issue_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** Name of the emoji without colons (e.g. 'thumbsup', 'rocket', 'eyes') */ name: string
  }): Promise<any>;
  /** Remove an emoji reaction from an issue. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_issue_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of the emoji reaction to delete */ award_id: string
  }): Promise<any>;
  /** Add an emoji reaction to an issue note. Pass discussion_id for discussion thread replies. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_issue_note_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
    /** Name of the emoji without colons (e.g. 'thumbsup', 'rocket', 'eyes') */ name: string
  }): Promise<any>;
  /** Remove an emoji reaction from an issue note. Pass discussion_id for discussion thread replies. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_issue_note_emoji_reaction(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The IID of an issue */ issue_iid: string
    /** The ID of a note (comment or thread reply) */ note_id: string
    /** The ID of a discussion thread. Required for notes that are discussion replies; omit for top-level notes. */ discussion_id?: string
    /** The ID of the emoji reaction to delete */ award_id: string
  }): Promise<any>;
  /** List issues (default: created by current user; use scope='all' for all). Use this for issue management: list GitLab issues, optionally scoped with `project_id`. Use `get_issue` when the issue iid is already known and `my_issues` for issues assigned to the current user. It is read-only and paginated, requires issue read permission, and returns issue records or GitLab errors for invalid identifiers, missing resources, or rate limits. */
  function list_issues(args?: {
    /** Project ID or URL-encoded path (optional - if not provided, lists issues across all accessible projects) */ project_id?: string
    /** Return issues assigned to the given user ID (user id, none, or any). Mutually exclusive with assignee_username. */ assignee_id?: string
    /** Return issues assigned to the given username. Mutually exclusive with assignee_id. */ assignee_username?: string[]
    /** Return issues created by the given user ID. Mutually exclusive with author_username. */ author_id?: string
    /** Return issues created by the given username. Mutually exclusive with author_id. */ author_username?: string
    /** Filter confidential or public issues */ confidential?: boolean
    /** Return issues created after the given time */ created_after?: string
    /** Return issues created before the given time */ created_before?: string
    /** Return issues that have the due date */ due_date?: string
    /** Array of label names */ labels?: string[]
    /** Milestone title */ milestone?: string
    /** Filter to a given type of issue. One of issue, incident, test_case or task */ issue_type?: "issue" | "incident" | "test_case" | "task"
    /** Return issues assigned to the given iteration ID. None returns issues that do not belong to an iteration. Any returns issues that belong to an iteration. */ iteration_id?: string
    /** Return issues from a specific scope */ scope?: "created_by_me" | "assigned_to_me" | "all"
    /** Search for specific terms */ search?: string
    /** Return issues with a specific state */ state?: "opened" | "closed" | "all"
    /** Return issues updated after the given time */ updated_after?: string
    /** Return issues updated before the given time */ updated_before?: string
    /** Return more details for each label */ with_labels_details?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** List issues assigned to the authenticated user. Use this for issue management: list issues assigned to the authenticated user. Use `list_issues` for project-wide or author-scoped listing and `get_issue` for one issue. It is read-only and paginated, requires authentication, and returns assigned issue records or permission/rate-limit errors. */
  function my_issues(args?: {
    /** Project ID or URL-encoded path (optional to search across all accessible projects) */ project_id?: string
    /** Return issues with a specific state (default: opened) */ state?: "opened" | "closed" | "all"
    /** Array of label names to filter by */ labels?: string[]
    /** Milestone title to filter by */ milestone?: string
    /** Search for specific terms in title and description */ search?: string
    /** Return issues created after the given time (ISO 8601) */ created_after?: string
    /** Return issues created before the given time (ISO 8601) */ created_before?: string
    /** Return issues updated after the given time (ISO 8601) */ updated_after?: string
    /** Return issues updated before the given time (ISO 8601) */ updated_before?: string
    /** Number of items per page (default: 20, max: 100) */ per_page?: number
    /** Page number for pagination (default: 1) */ page?: number
  }): Promise<any>;
  /** Get details of a specific issue. Returns a slim milestone by default; set full_response=true for the complete milestone object. Use this for issue management: inspect one issue's fields; use `list_issues` or `my_issues` to discover issues first. It is read-only, requires issue read permission, and returns the issue or an error when the identifier is invalid, the issue is missing, or access is denied. */
  function get_issue(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of the project issue */ issue_iid: string
    /** If true, return the complete issue object including the full milestone description. Default returns a slim milestone (id, iid, title, state, web_url) to reduce token usage. */ full_response?: boolean
  }): Promise<any>;
  /** Update an issue. Returns a slim confirmation by default; set full_response=true for the complete updated issue object. Use this to change fields on an existing issue; use `update_issue_description_patch` for a targeted description edit that avoids sending the full body, and use `create_issue_note` for discussion. The operation mutates issue state, requires issue-edit permission, and returns the updated issue or a validation/permission/conflict error. */
  function update_issue(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of the project issue */ issue_iid: string
    /** The title of the issue */ title?: string
    /** The description of the issue */ description?: string
    /** Array of user IDs to assign issue to */ assignee_ids?: number[]
    /** Set the issue to be confidential */ confidential?: boolean
    /** Flag to lock discussions */ discussion_locked?: boolean
    /** Date the issue is due (YYYY-MM-DD) */ due_date?: string
    /** Array of label names */ labels?: string[]
    /** Milestone ID to assign */ milestone_id?: string
    /** Update issue state (close/reopen) */ state_event?: "close" | "reopen"
    /** Weight of the issue (numeric, typically hours of work) */ weight?: number
    /** The type of issue. One of issue, incident, test_case or task. */ issue_type?: "issue" | "incident" | "test_case" | "task"
    /** If true, return the complete updated issue object. Default returns a slim confirmation (iid, title, state, web_url, updated_at) to reduce token usage. */ full_response?: boolean
  }): Promise<any>;
  /** Apply a patch (search/replace or unified diff) to an issue description. Reduces token usage by allowing small changes without sending the full description. Supports dry_run to preview changes and create_note to summarize updates. Use this for a targeted search/replace or unified-diff change to an issue description; use `dry_run` before applying an uncertain patch and `create_note` when an audit summary is wanted. It changes the issue description when not dry-running, requires issue-edit permission, and returns the patch result or a mismatch/validation/permission error. */
  function update_issue_description_patch(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of the project issue */ issue_iid: string
    /** Type of patch format to apply */ patch_type: "search_replace" | "unified_diff"
    /** The patch content to apply to the issue description @minLength 1 @maxLength 50000 */ patch: string
    /** If true, preview changes without updating the issue */ dry_run?: boolean
    /** If true, add a note summarizing the change after update */ create_note?: boolean
    /** For search_replace: allow multiple matches to all be replaced (default: false — fail on duplicate) */ allow_multiple?: boolean
  }): Promise<any>;
  /** Delete an issue. Use this only after confirming the issue and intended permanent removal; use `update_issue` to close or edit an issue without deleting it. The operation permanently removes issue data, requires delete permission, and returns the deletion result or a missing-resource, permission, or policy error. */
  function delete_issue(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of the project issue */ issue_iid: string
  }): Promise<any>;
  /** List GitLab to-do items for the current user. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_todos(args?: {
    /** Filter by to-do action */ action?: "assigned" | "mentioned" | "build_failed" | "marked" | "approval_required" | "unmergeable" | "directly_addressed" | "merge_train_removed" | "member_access_requested"
    /** Filter by author ID */ author_id?: number
    /** Filter by project ID */ project_id?: number
    /** Filter by group ID */ group_id?: number
    /** Filter by to-do state */ state?: "pending" | "done"
    /** Filter by to-do target type */ type?: "Issue" | "MergeRequest" | "Commit" | "Epic" | "DesignManagement::Design" | "AlertManagement::Alert" | "Project" | "Namespace" | "Vulnerability" | "WikiPage::Meta"
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Mark a GitLab to-do item as done. Use this for the specific operation described; choose a sibling tool when you need a different resource or lifecycle action. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function mark_todo_done(args: { /** The ID of the to-do item */ id: number }): Promise<any>;
  /** Mark all pending GitLab to-do items as done for the current user. Use this for the specific operation described; choose a sibling tool when you need a different resource or lifecycle action. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function mark_all_todos_done(args?: {}): Promise<any>;
  /** List all issue links for a specific issue. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_issue_links(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of a project's issue */ issue_iid: string
  }): Promise<any>;
  /** List discussions for an issue. Use this to inspect threaded discussions for an issue; use `list_issues` for issue records and `get_issue` for one issue's fields. It is read-only and returns discussion items, while invalid identifiers, missing issues, and permission failures are reported as errors. */
  function list_issue_discussions(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of the project issue */ issue_iid: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get a specific issue link. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_issue_link(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of a project's issue */ issue_iid: string
    /** ID of an issue relationship */ issue_link_id: string
  }): Promise<any>;
  /** Create an issue link between two issues. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_issue_link(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of a project's issue */ issue_iid: string
    /** The ID or URL-encoded path of a target project */ target_project_id: string
    /** The internal ID of a target project's issue */ target_issue_iid: string
    /** The type of the relation, defaults to relates_to */ link_type?: "relates_to" | "blocks" | "is_blocked_by"
  }): Promise<any>;
  /** Delete an issue link. Use this to remove an existing relationship between two issues; use `list_issue_links` or `get_issue_link` to verify the link first. The operation changes issue relationships, requires issue-edit permission, and returns the result or an error when the link is missing or access is denied. */
  function delete_issue_link(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The internal ID of a project's issue */ issue_iid: string
    /** The ID of an issue relationship */ issue_link_id: string
  }): Promise<any>;
  /** List all namespaces (users and groups) available to the current user. Filter by kind='group' for groups only. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_namespaces(args?: {
    /** Search term for namespaces */ search?: string
    /** Filter for namespaces owned by current user */ owned?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get details of a namespace (user or group) by ID or path. Groups are namespaces with kind='group'. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_namespace(args: { /** Namespace ID or full path */ namespace_id: string }): Promise<any>;
  /** Verify if a namespace path exists. Use parent_id to scope the check to a specific parent namespace — required for nested namespaces where the same path may exist under different parents. */
  function verify_namespace(args: {
    /** Namespace path to verify */ path: string
    /** Parent namespace ID; required to correctly resolve paths in nested namespaces where the same path may exist under different parents @minimum -9007199254740991 @maximum 9007199254740991 */ parent_id?: integer
  }): Promise<any>;
  /** Get details of a specific project. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_project(args: { /** Project ID or URL-encoded path */ project_id: string }): Promise<any>;
  /** List projects accessible by the current user. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_projects(args?: {
    /** Search term for projects */ search?: string
    /** Needs to be true if search is full path */ search_namespaces?: boolean
    /** Filter for projects owned by current user */ owned?: boolean
    /** Filter for projects where current user is a member */ membership?: boolean
    /** Return only limited fields */ simple?: boolean
    /** Filter for archived projects */ archived?: boolean
    /** Filter by project visibility */ visibility?: "public" | "internal" | "private"
    /** Return projects ordered by field */ order_by?: "id" | "name" | "path" | "created_at" | "updated_at" | "last_activity_at"
    /** Return projects sorted in ascending or descending order */ sort?: "asc" | "desc"
    /** Filter projects with issues feature enabled */ with_issues_enabled?: boolean
    /** Filter projects with merge requests feature enabled */ with_merge_requests_enabled?: boolean
    /** Filter by minimum access level */ min_access_level?: number
    /** Filter by topic (projects tagged with this topic) */ topic?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Update project settings such as description, visibility, default branch, and feature access levels. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_project(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** Project display name */ name?: string
    /** Project path/slug */ path?: string
    /** Project description */ description?: string
    /** Default branch name */ default_branch?: string
    /** Project visibility */ visibility?: "private" | "internal" | "public"
    /** Project topics */ topics?: string[]
    /** Allow users to request access */ request_access_enabled?: boolean
    /** Remove source branches after merge by default */ remove_source_branch_after_merge?: boolean
    /** Require successful pipeline before merge */ only_allow_merge_if_pipeline_succeeds?: boolean
    /** Require all discussions to be resolved before merge */ only_allow_merge_if_all_discussions_are_resolved?: boolean
    /** Squash commits setting */ squash_option?: "never" | "always" | "default_on" | "default_off"
    /** Merge method */ merge_method?: "merge" | "rebase_merge" | "ff"
    /** Issues feature visibility */ issues_access_level?: "disabled" | "private" | "enabled"
    /** Merge requests feature visibility */ merge_requests_access_level?: "disabled" | "private" | "enabled"
    /** CI/CD pipelines feature visibility */ builds_access_level?: "disabled" | "private" | "enabled"
    /** Wiki feature visibility */ wiki_access_level?: "disabled" | "private" | "enabled"
    /** Snippets feature visibility */ snippets_access_level?: "disabled" | "private" | "enabled"
    /** Container registry feature visibility */ container_registry_access_level?: "disabled" | "private" | "enabled"
    /** Environments feature visibility */ environments_access_level?: "disabled" | "private" | "enabled"
    /** Forking feature visibility */ forking_access_level?: "disabled" | "private" | "enabled"
    /** Package registry feature visibility */ package_registry_access_level?: "disabled" | "private" | "enabled"
    /** Pages feature visibility */ pages_access_level?: "disabled" | "private" | "enabled" | "public"
  }): Promise<any>;
  /** List members of a GitLab project. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_project_members(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** Search for members by name or username */ query?: string
    /** Filter by user IDs */ user_ids?: number[]
    /** User IDs to exclude */ skip_users?: number[]
    /** Include inherited members. Defaults to false. */ include_inheritance?: boolean
    /** Number of items per page (default: 20, max: 100) */ per_page?: number
    /** Page number for pagination (default: 1) */ page?: number
  }): Promise<any>;
  /** List members of a GitLab group with optional name or username search. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_group_members(args: {
    /** Group ID or URL-encoded path */ group_id: string
    /** Search for members by name or username */ query?: string
    /** Filter by user IDs */ user_ids?: number[]
    /** User IDs to exclude */ skip_users?: number[]
    /** Include inherited members. Defaults to false. */ include_inheritance?: boolean
    /** Number of items per page (default: 20, max: 100) */ per_page?: number
    /** Page number for pagination (default: 1) */ page?: number
  }): Promise<any>;
  /** List labels for a project. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_labels(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** Whether to include issue and merge request counts */ with_counts?: boolean
    /** Include ancestor groups */ include_ancestor_groups?: boolean
    /** Keyword to filter labels by */ search?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get a single label from a project. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_label(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The ID or title of a project's label */ label_id: string
    /** Include ancestor groups */ include_ancestor_groups?: boolean
  }): Promise<any>;
  /** Create a new label in a project. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_label(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The name of the label */ name: string
    /** The color of the label given in 6-digit hex notation with leading '#' sign */ color: string
    /** The description of the label */ description?: string
    /** The priority of the label */ priority?: number | null
  }): Promise<any>;
  /** Update an existing label in a project. Use this for an existing resource; choose the corresponding create tool for a new resource and a note tool for discussion-only text. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function update_label(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The ID or title of a project's label */ label_id: string
    /** The new name of the label */ new_name?: string
    /** The color of the label given in 6-digit hex notation with leading '#' sign */ color?: string
    /** The new description of the label */ description?: string
    /** The new priority of the label */ priority?: number | null
  }): Promise<any>;
  /** Delete a label from a project. Use this only after verifying the target; choose a get or list tool first when you need to inspect state without changing it. It changes or removes remote GitLab data and may be irreversible; it requires the necessary project or group permission and returns validation, conflict, permission, or rate-limit errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function delete_label(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** The ID or title of a project's label */ label_id: string
  }): Promise<any>;
  /** List projects in a group. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_group_projects(args: {
    /** Group ID or path */ group_id: string
    /** Include projects from subgroups */ include_subgroups?: boolean
    /** Search term to filter projects */ search?: string
    /** Field to sort by */ order_by?: "name" | "path" | "created_at" | "updated_at" | "last_activity_at"
    /** Sort direction */ sort?: "asc" | "desc"
    /** Filter for archived projects */ archived?: boolean
    /** Filter by project visibility */ visibility?: "public" | "internal" | "private"
    /** Filter projects with issues feature enabled */ with_issues_enabled?: boolean
    /** Filter projects with merge requests feature enabled */ with_merge_requests_enabled?: boolean
    /** Filter by minimum access level */ min_access_level?: number
    /** Filter by programming language */ with_programming_language?: string
    /** Filter by starred projects */ starred?: boolean
    /** Include project statistics */ statistics?: boolean
    /** Include custom attributes */ with_custom_attributes?: boolean
    /** Include security reports */ with_security_reports?: boolean
    /** Filter by topic (projects tagged with this topic) */ topic?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** List files and directories in a repository. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_repository_tree(args: {
    /** The ID or URL-encoded path of the project */ project_id: string
    /** The path inside the repository */ path?: string
    /** The name of a repository branch or tag. Defaults to the default branch. */ ref?: string
    /** Boolean value to get a recursive tree */ recursive?: boolean
    /** Number of results to show per page */ per_page?: number
    /** Token for keyset pagination. Use the next_page_token value returned in the previous response to retrieve the next page. */ page_token?: string
    /** Pagination method. Use 'keyset' for keyset-based pagination (required for repositories with many files). Non-keyset calls keep the legacy array response for backward compatibility; that legacy response shape is deprecated and may be removed in a future major release. Keyset calls return a structured response with items and next_page_token when more pages are available. */ pagination?: string
  }): Promise<any>;
  /** Validate provided GitLab CI/CD YAML content for a project. Use this to check configuration without applying it; choose a create or update tool only after validation succeeds. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function validate_ci_lint(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** GitLab CI/CD YAML content to validate */ content: string
    /** Run pipeline creation simulation */ dry_run?: boolean
    /** Include jobs in the lint response */ include_jobs?: boolean
    /** Branch or tag context for dry_run validation */ ref?: string
  }): Promise<any>;
  /** Validate an existing .gitlab-ci.yml configuration for a project. Use this to check configuration without applying it; choose a create or update tool only after validation succeeds. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function validate_project_ci_lint(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** Commit SHA, branch, or tag to read the existing CI config from */ content_ref?: string
    /** Run pipeline creation simulation */ dry_run?: boolean
    /** Branch or tag context for dry_run validation */ dry_run_ref?: string
    /** Include jobs in the lint response */ include_jobs?: boolean
  }): Promise<any>;
  /** List GitLab CI/CD Catalog resources/components visible to the user. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_ci_catalog_resources(args?: {
    /** Search catalog resources by name or description */ search?: string
    /** Number of resources to return (default: 20, max: 100) @minimum 1 @maximum 100 */ first?: integer
    /** GraphQL cursor for the next page */ after?: string
    /** Filter to catalog resources in these group IDs */ group_ids?: string[]
    /** Catalog resource scope */ scope?: "ALL" | "NAMESPACES"
    /** Sort order */ sort?: "CREATED_ASC" | "CREATED_DESC" | "LATEST_RELEASED_AT_ASC" | "LATEST_RELEASED_AT_DESC" | "NAME_ASC" | "NAME_DESC" | "STAR_COUNT_ASC" | "STAR_COUNT_DESC" | "USAGE_COUNT_ASC" | "USAGE_COUNT_DESC"
    /** Filter by project topic names */ topics?: string[]
    /** Filter by verification level */ verification_level?: "GITLAB_MAINTAINED" | "GITLAB_PARTNER_MAINTAINED" | "UNVERIFIED" | "VERIFIED_CREATOR_MAINTAINED" | "VERIFIED_CREATOR_SELF_MANAGED"
  }): Promise<any>;
  /** Get details for a GitLab CI/CD Catalog resource, including versions and components. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_ci_catalog_resource(args?: {
    /** Number of versions to include (default: 5, max: 20) @minimum 1 @maximum 20 */ version_limit?: integer
    /** Number of components per version to include (default: 20, max: 50) @minimum 1 @maximum 50 */ component_limit?: integer
    /** Filter returned components by component name */ component_name?: string
    /** Include version README content */ include_readme?: boolean
    /** CI/CD Catalog resource global ID. Required when full_path is omitted. @minLength 1 */ id?: string
    /** CI/CD Catalog resource full project path. Required when id is omitted. @minLength 1 */ full_path?: string
  }): Promise<any>;
  /** List merge requests (without project_id: user's MRs; with project_id: project MRs). Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_merge_requests(args?: {
    /** Project ID or URL-encoded path (optional - if not provided, lists all merge requests the user has access to) */ project_id?: string
    /** Return MRs assigned to the given user ID (integer), 'none', or 'any'. Mutually exclusive with assignee_username. */ assignee_id?: string
    /** Returns merge requests assigned to the given username. Mutually exclusive with assignee_id. */ assignee_username?: string
    /** Returns merge requests created by the given user ID (integer). Mutually exclusive with author_username. */ author_id?: string
    /** Returns merge requests created by the given username. Mutually exclusive with author_id. */ author_username?: string
    /** Returns merge requests which have the user as a reviewer. Must be an integer, 'none', or 'any'. Mutually exclusive with reviewer_username. */ reviewer_id?: string
    /** Returns merge requests which have the user as a reviewer by username. Mutually exclusive with reviewer_id. */ reviewer_username?: string
    /** Returns merge requests approved by the given usernames (array). */ approved_by_usernames?: string[]
    /** Return merge requests created after the given time */ created_after?: string
    /** Return merge requests created before the given time */ created_before?: string
    /** Return merge requests updated after the given time */ updated_after?: string
    /** Return merge requests updated before the given time */ updated_before?: string
    /** Array of label names */ labels?: string[]
    /** Milestone title */ milestone?: string
    /** Return merge requests from a specific scope */ scope?: "created_by_me" | "assigned_to_me" | "all"
    /** Search for specific terms */ search?: string
    /** Return merge requests with a specific state */ state?: "opened" | "closed" | "locked" | "merged" | "all"
    /** Return merge requests ordered by the given field */ order_by?: "created_at" | "updated_at" | "priority" | "label_priority" | "milestone_due" | "popularity"
    /** Return merge requests sorted in ascending or descending order */ sort?: "asc" | "desc"
    /** Return merge requests targeting a specific branch */ target_branch?: string
    /** Return merge requests from a specific source branch */ source_branch?: string
    /** Filter merge requests against their wip status */ wip?: "yes" | "no"
    /** Return more details for each label */ with_labels_details?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** List merge requests across all projects of a group and its subgroups. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_group_merge_requests(args: {
    /** Return MRs assigned to the given user ID (integer), 'none', or 'any'. Mutually exclusive with assignee_username. */ assignee_id?: string
    /** Returns merge requests assigned to the given username. Mutually exclusive with assignee_id. */ assignee_username?: string
    /** Returns merge requests created by the given user ID (integer). Mutually exclusive with author_username. */ author_id?: string
    /** Returns merge requests created by the given username. Mutually exclusive with author_id. */ author_username?: string
    /** Returns merge requests which have the user as a reviewer. Must be an integer, 'none', or 'any'. Mutually exclusive with reviewer_username. */ reviewer_id?: string
    /** Returns merge requests which have the user as a reviewer by username. Mutually exclusive with reviewer_id. */ reviewer_username?: string
    /** Returns merge requests approved by the given usernames (array). */ approved_by_usernames?: string[]
    /** Return merge requests created after the given time */ created_after?: string
    /** Return merge requests created before the given time */ created_before?: string
    /** Return merge requests updated after the given time */ updated_after?: string
    /** Return merge requests updated before the given time */ updated_before?: string
    /** Array of label names */ labels?: string[]
    /** Milestone title */ milestone?: string
    /** Return merge requests from a specific scope */ scope?: "created_by_me" | "assigned_to_me" | "all"
    /** Search for specific terms */ search?: string
    /** Return merge requests with a specific state */ state?: "opened" | "closed" | "locked" | "merged" | "all"
    /** Return merge requests ordered by the given field */ order_by?: "created_at" | "updated_at" | "priority" | "label_priority" | "milestone_due" | "popularity"
    /** Return merge requests sorted in ascending or descending order */ sort?: "asc" | "desc"
    /** Return merge requests targeting a specific branch */ target_branch?: string
    /** Return merge requests from a specific source branch */ source_branch?: string
    /** Filter merge requests against their wip status */ wip?: "yes" | "no"
    /** Return more details for each label */ with_labels_details?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
    /** Group ID or URL-encoded path */ group_id: string
    /** Return merge requests from non-archived projects only. Defaults to true. */ non_archived?: boolean
    /** Return merge requests with the given source project ID */ source_project_id?: string
  }): Promise<any>;
  /** Get GitLab user details by usernames. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_users(args: { /** Array of usernames to search for */ usernames: string[] }): Promise<any>;
  /** Get user details by ID. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_user(args: { /** The ID of the user */ user_id: string }): Promise<any>;
  /** Get current authenticated user details. Use this to identify the authenticated GitLab user; use `get_user` or `get_users` when looking up another user. It is read-only and returns the current user profile, while missing credentials or GitLab permission failures are reported as errors. */
  function whoami(args?: {}): Promise<any>;
  /** List repository commits with filtering options. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_commits(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The name of a repository branch, tag or revision range, or if not given the default branch */ ref_name?: string
    /** Only commits after or on this date are returned in ISO 8601 format YYYY-MM-DDTHH:MM:SSZ */ since?: string
    /** Only commits before or on this date are returned in ISO 8601 format YYYY-MM-DDTHH:MM:SSZ */ until?: string
    /** The file path */ path?: string
    /** Search commits by commit author */ author?: string
    /** Retrieve every commit from the repository */ all?: boolean
    /** Stats about each commit are added to the response */ with_stats?: boolean
    /** Follow only the first parent commit upon seeing a merge commit */ first_parent?: boolean
    /** List commits in order */ order?: "default" | "topo"
    /** Parse and include Git trailers for every commit */ trailers?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Get details of a specific commit. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_commit(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The commit hash or name of a repository branch or tag */ sha: string
    /** Include commit stats */ stats?: boolean
  }): Promise<any>;
  /** Get changes/diffs of a specific commit. Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_commit_diff(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The commit hash or name of a repository branch or tag */ sha: string
    /** Whether to return the full diff or only first page (default: false) */ full_diff?: boolean
  }): Promise<any>;
  /** Get git blame for a file at a given ref. Each entry maps a contiguous range of source lines to the commit that last changed them (id, author, authored_date, message). Use range_start/range_end to limit blame to specific lines. */
  function get_file_blame(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The full path of the file to blame, relative to repo root */ file_path: string
    /** The name of branch, tag or commit (required by GitLab blame API) */ ref: string
    /** First line of the blame range (inclusive, 1-based). Both range[start] and range[end] must be set together. @minimum -9007199254740991 @maximum 9007199254740991 */ range_start?: integer
    /** Last line of the blame range (inclusive, 1-based). Both range[start] and range[end] must be set together. @minimum -9007199254740991 @maximum 9007199254740991 */ range_end?: integer
  }): Promise<any>;
  /** List statuses for a commit. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_commit_statuses(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The commit hash or name of a repository branch or tag */ sha: string
    /** Filter statuses by Git ref */ ref?: string
    /** Filter statuses by build stage */ stage?: string
    /** Filter statuses by status name or context */ name?: string
    /** Filter statuses by pipeline ID */ pipeline_id?: number
    /** Field to order statuses by */ order_by?: "id" | "pipeline_id"
    /** Sort direction */ sort?: "asc" | "desc"
    /** Return all statuses, not only latest ones */ all?: boolean
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Create or update the status of a commit. Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function create_commit_status(args: {
    /** Project ID or complete URL-encoded path to project */ project_id: string
    /** The commit hash to set the status on */ sha: string
    /** Commit status state */ state: "pending" | "running" | "success" | "failed" | "canceled" | "skipped"
    /** The branch or tag ref @maxLength 255 */ ref?: string
    /** Status name. GitLab defaults to 'default' when omitted. @maxLength 255 */ name?: string
    /** Alias for name. Provide either name or context, not both. @maxLength 255 */ context?: string
    /** Target URL associated with this status @maxLength 255 */ target_url?: string
    /** Short status description @maxLength 255 */ description?: string
    /** Total code coverage for this status */ coverage?: number
    /** Pipeline ID to attach the status to */ pipeline_id?: number
  }): Promise<any>;
  /** List group iterations with filtering options. Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_group_iterations(args: {
    /** Group ID or URL-encoded path */ group_id: string
    /** Return opened, upcoming, current, closed, or all iterations. */ state?: "opened" | "upcoming" | "current" | "closed" | "all"
    /** Return only iterations with a title matching the provided string. */ search?: string
    /** Fields in which fuzzy search should be performed with the query given in the argument search. The available options are title and cadence_title. Default is [title]. */ search_in?: ("title" | "cadence_title")[]
    /** Include iterations for group and its ancestors. Defaults to true. */ include_ancestors?: boolean
    /** Include iterations for group and its descendants. Defaults to false. */ include_descendants?: boolean
    /** Return only iterations updated before the given datetime. Expected in ISO 8601 format (2019-03-15T08:00:00Z). */ updated_before?: string
    /** Return only iterations updated after the given datetime. Expected in ISO 8601 format (2019-03-15T08:00:00Z). */ updated_after?: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of items per page (max: 100, default: 20) */ per_page?: number
  }): Promise<any>;
  /** Upload a file for use in markdown content. Use this for the specific operation described; choose a sibling tool when you need a different resource or lifecycle action. It changes remote GitLab state and requires the necessary project or group permission; GitLab returns validation, conflict, permission, or rate-limit errors instead of silently applying an invalid request. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function upload_markdown(args: {
    /** Project ID or URL-encoded path of the project */ project_id: string
    /** Path to the file to upload */ file_path: string
  }): Promise<any>;
  /** Download an uploaded file from a project (images returned as base64; use local_path to save to disk). Use this to retrieve a previously uploaded project attachment; remote mode returns inline base64 for images or a download URL, while local mode can save to a path. It is read-only with respect to GitLab, requires project access, and returns the file content or an attachment/permission error. */
  function download_attachment(args: {
    /** Project ID or URL-encoded path of the project */ project_id: string
    /** The 32-character secret of the upload */ secret: string
    /** The filename of the upload */ filename: string
    /** Local path to save the file (optional, defaults to current directory) */ local_path?: string
  }): Promise<any>;
  /** Verify server status and authentication. Always reports the MCP server version (mcp_server_version). When authenticated, also reports the GitLab instance version from GET /api/v4/version (version, revision, enterprise). Version lookup failures do not fail the health check — those fields are omitted. Use this to verify server connectivity and authentication before making GitLab requests; use `whoami` when the authenticated user's identity is the goal. It does not mutate GitLab state and returns server/authentication status plus GitLab version details when available. */
  function health_check(args?: {}): Promise<any>;
  /** List events for the authenticated user (before/after: YYYY-MM-DD). Use this for a collection of resources; choose the corresponding get tool when you already know the single resource to inspect. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function list_events(args?: {
    /** If defined, returns events with the specified action type */ action?: string
    /** If defined, returns events with the specified target type */ target_type?: "epic" | "issue" | "merge_request" | "milestone" | "note" | "project" | "snippet" | "user"
    /** If defined, Returns events created before the specified date (YYYY-MM-DD format). To include events on 2025-08-29, use before=2025-08-30 */ before?: string
    /** If defined, Returns events created after the specified date (YYYY-MM-DD format). To include events on 2025-08-29, use after=2025-08-28 */ after?: string
    /** Include all events across a user's projects */ scope?: string
    /** Direction to sort the results by creation date. Default: desc */ sort?: "asc" | "desc"
    /** Returns the specified results page. Default: 1 */ page?: number
    /** Number of results per page. Default: 20 */ per_page?: number
  }): Promise<any>;
  /** List events for a project (before/after: YYYY-MM-DD). Use this for a known resource or result; choose the corresponding list or search tool when you need to discover multiple resources. It is read-only and does not mutate GitLab data; missing resources, invalid identifiers, insufficient permission, and rate limits are returned as errors. When `project_id` or `group_id` is accepted, provide the numeric ID or complete URL-encoded path described by the schema; use required identifiers and pagination fields exactly as documented. */
  function get_project_events(args: {
    /** Project ID or URL-encoded path */ project_id: string
    /** If defined, returns events with the specified action type */ action?: string
    /** If defined, returns events with the specified target type */ target_type?: "epic" | "issue" | "merge_request" | "milestone" | "note" | "project" | "snippet" | "user"
    /** If defined, Returns events created before the specified date (YYYY-MM-DD format). To include events on 2025-08-29, use before=2025-08-30 */ before?: string
    /** If defined, Returns events created after the specified date (YYYY-MM-DD format). To include events on 2025-08-29, use after=2025-08-28 */ after?: string
    /** Direction to sort the results by creation date. Default: desc */ sort?: "asc" | "desc"
    /** Returns the specified results page. Default: 1 */ page?: number
    /** Number of results per page. Default: 20 */ per_page?: number
  }): Promise<any>;
  /** Discover and activate additional tool categories for this session. Available categories: merge_requests, issues, repositories, branches, projects, labels, ci, groups, pipelines, milestones, wiki, releases, tags, users, workitems, webhooks, search, variables, dependency_proxy, vulnerabilities, orbit. Already-active categories are listed in the response. Use this when a needed opt-in category is not currently exposed; omit `category` to inspect available categories, then call it with a category to activate that group for the current session. It changes only the session's tool registry, returns the active-tool summary, and does not change GitLab data. */
  function discover_tools(args?: {
    /** Toolset category to activate (e.g. 'pipelines', 'wiki'). Omit to list available categories. */ category?: string
  }): Promise<any>;
}
