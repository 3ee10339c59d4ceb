declare namespace everything {
  /** Echoes back the input string */
  function echo(args: { /** Message to echo */ message: string }): Promise<any>;
  /** get-annotated-message: Demonstrates how annotations can be used to provide metadata about content. */
  function get_annotated_message(args: {
    /** Type of message to demonstrate different annotation patterns */ messageType: "error" | "success" | "debug"
    /** Whether to include an example image */ includeImage?: boolean
  }): Promise<any>;
  /** get-env: Returns all environment variables, helpful for debugging MCP server configuration */
  function get_env(args?: {}): Promise<any>;
  /** get-resource-links: Returns up to ten resource links that reference different types of resources */
  function get_resource_links(args?: {
    /** Number of resource links to return (1-10) @default 3 @minimum 1 @maximum 10 */ count?: number
  }): Promise<any>;
  /** get-resource-reference: Returns a resource reference that can be used by MCP clients */
  function get_resource_reference(args?: {
    /** @default "Text" */ resourceType?: "Text" | "Blob"
    /** ID of the text resource to fetch @default 1 */ resourceId?: number
  }): Promise<any>;
  /** get-structured-content: Returns structured content along with an output schema for client data validation */
  function get_structured_content(args: { /** Choose city */ location: "New York" | "Chicago" | "Los Angeles" }): Promise<{
    /** Temperature in celsius */ temperature: number
    /** Weather conditions description */ conditions: string
    /** Humidity percentage */ humidity: number
  }>;
  /** get-sum: Returns the sum of two numbers */
  function get_sum(args: { /** First number */ a: number; /** Second number */ b: number }): Promise<any>;
  /** get-tiny-image: Returns a tiny MCP logo image. */
  function get_tiny_image(args?: {}): Promise<any>;
  /** gzip-file-as-resource: Compresses a single file using gzip compression. Depending upon the selected output type, returns either the compressed data as a gzipped resource or a resource link, allowing it to be downloaded in a subsequent request during the current session. */
  function gzip_file_as_resource(args?: {
    /** Name of the output file @default "README.md.gz" */ name?: string
    /** URL or data URI of the file content to compress @format uri */ data?: string
    /** How the resulting gzipped file should be returned. 'resourceLink' returns a link to a resource that can be read later, 'resource' returns a full resource object. @default "resourceLink" */ outputType?: "resourceLink" | "resource"
  }): Promise<any>;
  /** toggle-simulated-logging: Toggles simulated, random-leveled logging on or off. */
  function toggle_simulated_logging(args?: {}): Promise<any>;
  /** toggle-subscriber-updates: Toggles simulated resource subscription updates on or off. */
  function toggle_subscriber_updates(args?: {}): Promise<any>;
  /** trigger-long-running-operation: Demonstrates a long running operation with progress updates. */
  function trigger_long_running_operation(args?: {
    /** Duration of the operation in seconds @default 10 */ duration?: number
    /** Number of steps in the operation @default 5 */ steps?: number
  }): Promise<any>;
  /** simulate-research-query: Simulates a deep research operation that gathers, analyzes, and synthesizes information. Demonstrates MCP task-based operations with progress through multiple stages. If 'ambiguous' is true and client supports elicitation, sends an elicitation request for clarification. */
  function simulate_research_query(args: {
    /** The research topic to investigate */ topic: string
    /** Simulate an ambiguous query that requires clarification (triggers input_required status) */ ambiguous?: boolean
  }): Promise<any>;
}
