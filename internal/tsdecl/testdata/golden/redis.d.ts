declare namespace redis {
  /** Set a Redis key-value pair with optional expiration */
  function set(args: {
    /** Redis key */ key: string
    /** Value to store */ value: string
    /** Optional expiration time in seconds */ expireSeconds?: number
  }): Promise<any>;
  /** Get value by key from Redis */
  function get(args: { /** Redis key to retrieve */ key: string }): Promise<any>;
  /** delete: Delete one or more keys from Redis */
  function delete_(args: { /** Key or array of keys to delete */ key: string | string[] }): Promise<any>;
  /** List Redis keys matching a pattern */
  function list(args?: { /** Pattern to match keys (default: *) */ pattern?: string }): Promise<any>;
}
