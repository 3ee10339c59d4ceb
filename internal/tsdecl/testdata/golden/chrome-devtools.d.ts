/** chrome-devtools */
declare namespace chrome_devtools {
  type integer = number;
  /** Clicks on the provided element */
  function click(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of an element on the page from the page content snapshot */ uid: string
    /** Set to true for double clicks. Default is false. */ dblClick?: boolean
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Closes the page by its index. The last open page cannot be closed. */
  function close_page(args: { /** The ID of the page to close. Call list_pages to list pages. */ pageId: number }): Promise<any>;
  /** Drag an element onto another element */
  function drag(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of the element to drag */ from_uid: string
    /** The uid of the element to drop into */ to_uid: string
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Emulates various features on the target page. Each call replaces all emulation settings (except extraHttpHeaders), so pass all desired settings in a single call. */
  function emulate(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Throttle network. Omit to disable throttling. */ networkConditions?: "Offline" | "Slow 3G" | "Fast 3G" | "Slow 4G" | "Fast 4G"
    /** Represents the CPU slowdown factor. Omit or set the rate to 1 to disable throttling @minimum 1 @maximum 20 */ cpuThrottlingRate?: number
    /** Geolocation (`<latitude>,<longitude>`) to emulate. Latitude between -90 and 90. Longitude between -180 and 180. Omit to clear the geolocation override. */ geolocation?: string
    /** User agent to emulate. Omit or set to empty string to clear the user agent override. */ userAgent?: string
    /** Emulate the dark or the light mode. Omit or set to "auto" to reset to the default. */ colorScheme?: "dark" | "light" | "auto"
    /** Emulate the `forced-colors` CSS media feature. Omit or set to "auto" to reset to the default. */ forcedColors?: "active" | "none" | "auto"
    /** Emulate the `prefers-contrast` CSS media feature. Omit or set to "auto" to reset to the default. */ prefersContrast?: "more" | "less" | "custom" | "no-preference" | "auto"
    /** Emulate the `prefers-reduced-motion` CSS media feature. Omit or set to "auto" to reset to the default. */ prefersReducedMotion?: "reduce" | "no-preference" | "auto"
    /** Emulate device viewports '<width>x<height>x<devicePixelRatio>[,mobile][,touch][,landscape]'. 'touch' and 'mobile' to emulate mobile devices. 'landscape' to emulate landscape mode. Omit to clear the viewport override. */ viewport?: string
    /** Extra HTTP headers as a JSON string object, e.g. {"X-Custom": "value", "Authorization": "Bearer token"}. Headers are included into every HTTP request originating from the page and persist across navigations until cleared. Pass an empty string to clear all extra headers. */ extraHttpHeaders?: string
  }): Promise<any>;
  /** Evaluate JavaScript inside the target page. The source can be provided inline or loaded from a local file. Returns the response as JSON, so returned values have to be JSON-serializable. */
  function evaluate_script(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** JavaScript source to execute in the target page. Provide either this or sourcePath, but not both. The source is interpreted according to format.
    Example without arguments: `() => document.title` or `async () => await fetch("example.com")`.
    Example with arguments: `(el) => el.innerText` */
    function?: string
    /** The absolute or relative path to a JavaScript file on the MCP server's local filesystem. Provide either this or function, but not both. */ sourcePath?: string
    /** How to interpret the source. "function" treats it as a function declaration and supports args. "script" evaluates it as classic JavaScript and does not support args. Defaults to "function". ECMAScript modules are not supported. */ format?: "function" | "script"
    /** An optional list of arguments (element uids from the page content snapshot) to pass to the function. */ args?: string[]
    /** The absolute or relative path to a file to save the script output to. If omitted, the output is returned inline. */ filePath?: string
    /** Handle dialogs while execution. "accept", "dismiss", or string for response of window.prompt. Defaults to accept. */ dialogAction?: string
    /** Whether to wait for the DOM to settle. Pass false if the script only reads data. Defaults to true. */ waitForStableDom?: boolean
  }): Promise<any>;
  /** Type text into an input, text area or select an option from a <select> element. */
  function fill(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of an element on the page from the page content snapshot */ uid: string
    /** The value to fill in. "true" or "false" for checkboxes and toggles, "true" for radio buttons. */ value: string
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Fill out multiple form elements (inputs, selects, checkboxes, radios) at once. ALWAYS prefer this tool over multiple individual 'fill' or 'click' calls when interacting with forms. It is significantly faster, more reliable, and reduces turn count. Example: Fill username, password, and check "Remember Me" in one call. */
  function fill_form(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Elements from snapshot to fill out. */ elements: {
      /** The uid of the element to fill out */ uid: string
      /** Value for the element. "true" or "false" for checkboxes and toggles, "true" for radio buttons. */ value: string
    }[]
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Gets a console message by its ID. You can get all messages by calling list_console_messages. */
  function get_console_message(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The msgid of a console message on the page from the listed console messages */ msgid: number
  }): Promise<any>;
  /** Retrieve matched CSS rules, inline styles (element.style), inherited styles, custom properties, and cascade wrappers (@layer, @media, @container, @scope) for an element identified by its UID.
  Rules are ordered from highest to lowest cascade precedence and include source line numbers (e.g. index:196). Active (winning) declarations have no prefix tag, while (losing) overridden declarations are prefixed with [overloaded].
  Treat the output as authoritative and complete.
  Results are paginated (10 rules per page by default); use pageIdx to page through the remaining rules. Requires a UID from take_snapshot. */
  function get_css_styles(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of the element on the page from the page content snapshot to inspect CSS styles for */ uid: string
    /** Maximum number of CSS rules to return per page. Defaults to 10. @exclusiveMinimum 0 @maximum 9007199254740991 */ pageSize?: integer
    /** Page number to return (0-based). Defaults to 0 (the first page). @minimum 0 @maximum 9007199254740991 */ pageIdx?: integer
  }): Promise<any>;
  /** Gets a network request by an optional reqid, if omitted returns the currently selected request in the DevTools Network panel. Useful for inspecting request headers (including 'Cookie') and response headers (including 'Set-Cookie' and directives). */
  function get_network_request(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The reqid of the network request. If omitted returns the currently selected request in the DevTools Network panel. */ reqid?: number
    /** The absolute or relative path to a .network-request file to save the request body to. If omitted, the body is returned inline. */ requestFilePath?: string
    /** The absolute or relative path to a .network-response file to save the response body to. If omitted, the body is returned inline. */ responseFilePath?: string
  }): Promise<any>;
  /** If a browser dialog was opened, use this command to handle it */
  function handle_dialog(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Whether to dismiss or accept the dialog */ action: "accept" | "dismiss"
    /** Optional prompt text to enter into the dialog. */ promptText?: string
  }): Promise<any>;
  /** Hover over the provided element */
  function hover(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of an element on the page from the page content snapshot */ uid: string
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Get Lighthouse scores, failing audits, and the DOM nodes they flag for accessibility, SEO, best practices, and agentic browsing. Full reports are saved to disk. This excludes performance. For performance audits, run performance_start_trace */
  function lighthouse_audit(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** "navigation" reloads & audits. "snapshot" analyzes current state. @default "navigation" */ mode?: "navigation" | "snapshot"
    /** Device to emulate. @default "desktop" */ device?: "desktop" | "mobile"
    /** Directory for reports. If omitted, uses temporary files. */ outputDirPath?: string
  }): Promise<any>;
  /** List all console messages for the target page since the last navigation. */
  function list_console_messages(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Maximum number of messages to return. When omitted, returns all messages. @exclusiveMinimum 0 @maximum 9007199254740991 */ pageSize?: integer
    /** Page number to return (0-based). When omitted, returns the first page. @minimum 0 @maximum 9007199254740991 */ pageIdx?: integer
    /** Filter messages to only return messages of the specified resource types. When omitted or empty, returns all messages. */ types?: ("log" | "debug" | "info" | "error" | "warn" | "dir" | "dirxml" | "table" | "trace" | "clear" | "startGroup" | "startGroupCollapsed" | "endGroup" | "assert" | "profile" | "profileEnd" | "count" | "timeEnd" | "verbose" | "issue")[]
    /** Set to true to return the preserved messages over the last 3 navigations. */ includePreservedMessages?: boolean
    /** Set to true to include the stack trace for each message when available. Increases the response size. */ includeStackTraces?: boolean
    /** Filter messages to only return messages of the specified service worker. */ serviceWorkerId?: string
  }): Promise<any>;
  /** Lists the most recent requests for the target page since the last navigation. */
  function list_network_requests(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Maximum number of requests to return. When omitted, returns all requests. @exclusiveMinimum 0 @maximum 9007199254740991 */ pageSize?: integer
    /** Page number to return (0-based). When omitted, returns the first page. @minimum 0 @maximum 9007199254740991 */ pageIdx?: integer
    /** Filter requests to only return requests of the specified resource types. When omitted or empty, returns all requests. */ resourceTypes?: ("document" | "stylesheet" | "image" | "media" | "font" | "script" | "texttrack" | "xhr" | "fetch" | "prefetch" | "eventsource" | "websocket" | "manifest" | "signedexchange" | "ping" | "cspviolationreport" | "preflight" | "fedcm" | "other")[]
    /** Set to true to return the preserved requests over the last 3 navigations. */ includePreservedRequests?: boolean
  }): Promise<any>;
  /** Get a list of pages open in the browser. */
  function list_pages(): Promise<any>;
  /** Go to a URL, or back, forward, or reload. Use project URL if not specified otherwise. */
  function navigate_page(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Navigate the page by URL, back or forward in history, or reload. */ type?: "url" | "back" | "forward" | "reload"
    /** Target URL (only type=url) */ url?: string
    /** Whether to ignore cache on reload. */ ignoreCache?: boolean
    /** Whether to auto accept or beforeunload dialogs triggered by this navigation. Default is accept. */ handleBeforeUnload?: "accept" | "dismiss"
    /** A JavaScript script to be executed on each new document before any other scripts for the next navigation. */ initScript?: string
    /** Maximum wait time in milliseconds. If set to 0, the default timeout will be used. @minimum -9007199254740991 @maximum 9007199254740991 */ timeout?: integer
  }): Promise<any>;
  /** Open a new tab and load a URL. Use project URL if not specified otherwise. */
  function new_page(args: {
    /** URL to load in a new page. */ url: string
    /** Whether to open the page in the background without bringing it to the front. Default is false (foreground). */ background?: boolean
    /** If specified, the page is created in an isolated browser context with the given name. Pages in the same browser context share cookies and storage. Pages in different browser contexts are fully isolated (useful for clean-slate testing of cookies and authentication). */ isolatedContext?: string
    /** Maximum wait time in milliseconds. If set to 0, the default timeout will be used. @minimum -9007199254740991 @maximum 9007199254740991 */ timeout?: integer
  }): Promise<any>;
  /** Provides more detailed information on a specific Performance Insight of an insight set that was highlighted in the results of a trace recording. */
  function performance_analyze_insight(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The id for the specific insight set. Only use the ids given in the "Available insight sets" list. */ insightSetId: string
    /** The name of the Insight you want more information on. For example: "DocumentLatency" or "LCPBreakdown" */ insightName: string
  }): Promise<any>;
  /** Start a performance trace on the target webpage. Use to find frontend performance issues, Core Web Vitals (LCP, INP, CLS), and improve page load speed. */
  function performance_start_trace(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Determines if, once tracing has started, the target page should be automatically reloaded. Navigate the page to the right URL using the navigate_page tool BEFORE starting the trace if reload or autoStop is set to true. @default true */ reload?: boolean
    /** Determines if the trace recording should be automatically stopped. @default true */ autoStop?: boolean
    /** Whether to bypass the HTTP cache when reloading the page, to measure a cold page load. Only applies if reload is true. */ ignoreCache?: boolean
    /** The absolute file path, or a file path relative to the current working directory, to save the raw trace data. For example, trace.json.gz (compressed) or trace.json (uncompressed). */ filePath?: string
  }): Promise<any>;
  /** Stop the active performance trace recording on the target webpage. */
  function performance_stop_trace(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The absolute file path, or a file path relative to the current working directory, to save the raw trace data. For example, trace.json.gz (compressed) or trace.json (uncompressed). */ filePath?: string
  }): Promise<any>;
  /** Press a key or key combination. Use this when other input methods like fill() cannot be used (e.g., keyboard shortcuts, navigation keys, or special key combinations). */
  function press_key(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** A key or a combination (e.g., "Enter", "Control+A", "Control++", "Control+Shift+R"). Modifiers: Control, Shift, Alt, Meta */ key: string
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Resizes the page's window so that the page has specified dimension */
  function resize_page(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Page width @exclusiveMinimum 0 @maximum 9007199254740991 */ width: integer
    /** Page height @exclusiveMinimum 0 @maximum 9007199254740991 */ height: integer
  }): Promise<any>;
  /** Starts recording a screencast (video) of the target page. */
  function screencast_start(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Output file path (.mp4). Uses mkdtemp to generate a unique path if not provided. */ filePath?: string
  }): Promise<any>;
  /** Stops the active screencast recording on the target page. */
  function screencast_stop(args: { /** Targets a specific page by ID. */ pageId: number }): Promise<any>;
  /** Select a page as a context for future tool calls. */
  function select_page(args: {
    /** The ID of the page to select. Call list_pages to get available pages. */ pageId: number
    /** Whether to focus the page and bring it to the top. */ bringToFront?: boolean
  }): Promise<any>;
  /** Capture a heap snapshot of the target page. Use to analyze the memory distribution of JavaScript objects and debug memory leaks. */
  function take_heapsnapshot(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** A path to a .heapsnapshot file to save the heapsnapshot to. */ filePath: string
  }): Promise<any>;
  /** Take a screenshot of the page or element. */
  function take_screenshot(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Type of format to save the screenshot as. Default is "png" */ format?: "png" | "jpeg" | "webp"
    /** Compression quality for JPEG and WebP formats (0-100). Higher values mean better quality but larger file sizes. Ignored for PNG format. @minimum 0 @maximum 100 */ quality?: number
    /** The uid of an element on the page from the page content snapshot. If omitted, takes a page screenshot. */ uid?: string
    /** If set to true takes a screenshot of the full page instead of the currently visible viewport. Incompatible with uid. */ fullPage?: boolean
    /** The absolute path, or a path relative to the current working directory, to save the screenshot to instead of attaching it to the response. */ filePath?: string
  }): Promise<any>;
  /** Take a text snapshot of the target page based on the a11y tree. The snapshot lists page elements along with a unique
  identifier (uid). Always use the latest snapshot. Prefer taking a snapshot over taking a screenshot. The snapshot indicates the element selected
  in the DevTools Elements panel (if any). */
  function take_snapshot(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Whether to include all possible information available in the full a11y tree. Default is false. */ verbose?: boolean
    /** The absolute path, or a path relative to the current working directory, to save the snapshot to instead of attaching it to the response. */ filePath?: string
  }): Promise<any>;
  /** Type text using keyboard into a previously focused input */
  function type_text(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The text to type */ text: string
    /** Optional key to press after typing. E.g., "Enter", "Tab", "Escape" */ submitKey?: string
  }): Promise<any>;
  /** Upload a file through a provided element. */
  function upload_file(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** The uid of the file input element or an element that will open file chooser on the page from the page content snapshot */ uid: string
    /** One or more files paths to upload. File paths have to be local to the browser instance (not the MCP). @minItems 1 */ filePaths: string[]
    /** Whether to include a snapshot in the response. Default is false. */ includeSnapshot?: boolean
  }): Promise<any>;
  /** Wait for the specified text to appear on the selected page. */
  function wait_for(args: {
    /** Targets a specific page by ID. */ pageId: number
    /** Non-empty list of texts. Resolves when any value appears on the page. @minItems 1 */ text: string[]
    /** Maximum wait time in milliseconds. If set to 0, the default timeout will be used. @minimum -9007199254740991 @maximum 9007199254740991 */ timeout?: integer
  }): Promise<any>;
}
