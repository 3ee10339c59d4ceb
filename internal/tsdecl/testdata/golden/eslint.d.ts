declare namespace eslint {
  /** lint-files: Lint files using ESLint. You must provide a list of absolute file paths to the files you want to lint. The absolute file paths should be in the correct format for your operating system (e.g., forward slashes on Unix-like systems, backslashes on Windows). */
  function lint_files(args: { /** @minItems 1 */ filePaths: string[] }): Promise<any>;
}
