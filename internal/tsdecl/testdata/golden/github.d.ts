declare namespace github {
  /** Create or update a single file in a GitHub repository */
  function create_or_update_file(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Path where to create/update the file */ path: string
    /** Content of the file */ content: string
    /** Commit message */ message: string
    /** Branch to create/update the file in */ branch: string
    /** SHA of the file being replaced (required when updating existing files) */ sha?: string
  }): Promise<any>;
  /** Search for GitHub repositories */
  function search_repositories(args: {
    /** Search query (see GitHub search syntax) */ query: string
    /** Page number for pagination (default: 1) */ page?: number
    /** Number of results per page (default: 30, max: 100) */ perPage?: number
  }): Promise<any>;
  /** Create a new GitHub repository in your account */
  function create_repository(args: {
    /** Repository name */ name: string
    /** Repository description */ description?: string
    /** Whether the repository should be private */ private?: boolean
    /** Initialize with README.md */ autoInit?: boolean
  }): Promise<any>;
  /** Get the contents of a file or directory from a GitHub repository */
  function get_file_contents(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Path to the file or directory */ path: string
    /** Branch to get contents from */ branch?: string
  }): Promise<any>;
  /** Push multiple files to a GitHub repository in a single commit */
  function push_files(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Branch to push to (e.g., 'main' or 'master') */ branch: string
    /** Array of files to push */ files: { path: string; content: string }[]
    /** Commit message */ message: string
  }): Promise<any>;
  /** Create a new issue in a GitHub repository */
  function create_issue(args: {
    owner: string
    repo: string
    title: string
    body?: string
    assignees?: string[]
    milestone?: number
    labels?: string[]
  }): Promise<any>;
  /** Create a new pull request in a GitHub repository */
  function create_pull_request(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request title */ title: string
    /** Pull request body/description */ body?: string
    /** The name of the branch where your changes are implemented */ head: string
    /** The name of the branch you want the changes pulled into */ base: string
    /** Whether to create the pull request as a draft */ draft?: boolean
    /** Whether maintainers can modify the pull request */ maintainer_can_modify?: boolean
  }): Promise<any>;
  /** Fork a GitHub repository to your account or specified organization */
  function fork_repository(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Optional: organization to fork to (defaults to your personal account) */ organization?: string
  }): Promise<any>;
  /** Create a new branch in a GitHub repository */
  function create_branch(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Name for the new branch */ branch: string
    /** Optional: source branch to create from (defaults to the repository's default branch) */ from_branch?: string
  }): Promise<any>;
  /** Get list of commits of a branch in a GitHub repository */
  function list_commits(args: { owner: string; repo: string; sha?: string; page?: number; perPage?: number }): Promise<any>;
  /** List issues in a GitHub repository with filtering options */
  function list_issues(args: {
    owner: string
    repo: string
    direction?: "asc" | "desc"
    labels?: string[]
    page?: number
    per_page?: number
    since?: string
    sort?: "created" | "updated" | "comments"
    state?: "open" | "closed" | "all"
  }): Promise<any>;
  /** Update an existing issue in a GitHub repository */
  function update_issue(args: {
    owner: string
    repo: string
    issue_number: number
    title?: string
    body?: string
    assignees?: string[]
    milestone?: number
    labels?: string[]
    state?: "open" | "closed"
  }): Promise<any>;
  /** Add a comment to an existing issue */
  function add_issue_comment(args: { owner: string; repo: string; issue_number: number; body: string }): Promise<any>;
  /** Search for code across GitHub repositories */
  function search_code(args: {
    q: string
    order?: "asc" | "desc"
    /** @minimum 1 */ page?: number
    /** @minimum 1 @maximum 100 */ per_page?: number
  }): Promise<any>;
  /** Search for issues and pull requests across GitHub repositories */
  function search_issues(args: {
    q: string
    order?: "asc" | "desc"
    /** @minimum 1 */ page?: number
    /** @minimum 1 @maximum 100 */ per_page?: number
    sort?: "comments" | "reactions" | "reactions-+1" | "reactions--1" | "reactions-smile" | "reactions-thinking_face" | "reactions-heart" | "reactions-tada" | "interactions" | "created" | "updated"
  }): Promise<any>;
  /** Search for users on GitHub */
  function search_users(args: {
    q: string
    order?: "asc" | "desc"
    /** @minimum 1 */ page?: number
    /** @minimum 1 @maximum 100 */ per_page?: number
    sort?: "followers" | "repositories" | "joined"
  }): Promise<any>;
  /** Get details of a specific issue in a GitHub repository. */
  function get_issue(args: { owner: string; repo: string; issue_number: number }): Promise<any>;
  /** Get details of a specific pull request */
  function get_pull_request(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
  }): Promise<any>;
  /** List and filter repository pull requests */
  function list_pull_requests(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** State of the pull requests to return */ state?: "open" | "closed" | "all"
    /** Filter by head user or head organization and branch name */ head?: string
    /** Filter by base branch name */ base?: string
    /** What to sort results by */ sort?: "created" | "updated" | "popularity" | "long-running"
    /** The direction of the sort */ direction?: "asc" | "desc"
    /** Results per page (max 100) */ per_page?: number
    /** Page number of the results */ page?: number
  }): Promise<any>;
  /** Create a review on a pull request */
  function create_pull_request_review(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
    /** The SHA of the commit that needs a review */ commit_id?: string
    /** The body text of the review */ body: string
    /** The review action to perform */ event: "APPROVE" | "REQUEST_CHANGES" | "COMMENT"
    /** Comments to post as part of the review (specify either position or line, not both) */ comments?: ({
      /** The relative path to the file being commented on */ path: string
      /** The position in the diff where you want to add a review comment */ position: number
      /** Text of the review comment */ body: string
    } | {
      /** The relative path to the file being commented on */ path: string
      /** The line number in the file where you want to add a review comment */ line: number
      /** Text of the review comment */ body: string
    })[]
  }): Promise<any>;
  /** Merge a pull request */
  function merge_pull_request(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
    /** Title for the automatic commit message */ commit_title?: string
    /** Extra detail to append to automatic commit message */ commit_message?: string
    /** Merge method to use */ merge_method?: "merge" | "squash" | "rebase"
  }): Promise<any>;
  /** Get the list of files changed in a pull request */
  function get_pull_request_files(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
  }): Promise<any>;
  /** Get the combined status of all status checks for a pull request */
  function get_pull_request_status(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
  }): Promise<any>;
  /** Update a pull request branch with the latest changes from the base branch */
  function update_pull_request_branch(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
    /** The expected SHA of the pull request's HEAD ref */ expected_head_sha?: string
  }): Promise<any>;
  /** Get the review comments on a pull request */
  function get_pull_request_comments(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
  }): Promise<any>;
  /** Get the reviews on a pull request */
  function get_pull_request_reviews(args: {
    /** Repository owner (username or organization) */ owner: string
    /** Repository name */ repo: string
    /** Pull request number */ pull_number: number
  }): Promise<any>;
}
