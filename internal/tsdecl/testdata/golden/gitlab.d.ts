declare namespace gitlab {
  /** Create or update a single file in a GitLab project */
  function create_or_update_file(args?: Record<string, any>): Promise<any>;
  /** Search for GitLab projects */
  function search_repositories(args?: Record<string, any>): Promise<any>;
  /** Create a new GitLab project */
  function create_repository(args?: Record<string, any>): Promise<any>;
  /** Get the contents of a file or directory from a GitLab project */
  function get_file_contents(args?: Record<string, any>): Promise<any>;
  /** Push multiple files to a GitLab project in a single commit */
  function push_files(args?: Record<string, any>): Promise<any>;
  /** Create a new issue in a GitLab project */
  function create_issue(args?: Record<string, any>): Promise<any>;
  /** Create a new merge request in a GitLab project */
  function create_merge_request(args?: Record<string, any>): Promise<any>;
  /** Fork a GitLab project to your account or specified namespace */
  function fork_repository(args?: Record<string, any>): Promise<any>;
  /** Create a new branch in a GitLab project */
  function create_branch(args?: Record<string, any>): Promise<any>;
}
