declare namespace postgres {
  /** Run a read-only SQL query */
  function query(args?: { sql?: string }): Promise<any>;
}
