declare namespace playwright {
  type integer = number;
  /** Close the page */
  function browser_close(): Promise<any>;
  /** Resize the browser window */
  function browser_resize(args: {
    /** Width of the browser window */ width: number
    /** Height of the browser window */ height: number
  }): Promise<any>;
  /** Returns all console messages */
  function browser_console_messages(args: {
    /** Level of the console messages to return. Each level includes the messages of more severe levels. Defaults to "info". */ level: "error" | "warning" | "info" | "debug"
    /** Return all console messages since the beginning of the session, not just since the last navigation. Defaults to false. */ all?: boolean
    /** File name to save the console messages to. Relative file names are resolved against the workspace root. If not provided, messages are returned as text. */ filename?: string
  }): Promise<any>;
  /** Handle a dialog */
  function browser_handle_dialog(args: {
    /** Whether to accept the dialog. */ accept: boolean
    /** The text of the prompt in case of a prompt dialog. */ promptText?: string
  }): Promise<any>;
  /** Emulate CSS media features for the page, for example switch between the light and dark color scheme. Omitted parameters are left unchanged; null clears an override. */
  function browser_emulate_media(args?: {
    /** Emulates the prefers-color-scheme media feature */ colorScheme?: "light" | "dark" | null
    /** Emulates the prefers-reduced-motion media feature */ reducedMotion?: "reduce" | "no-preference" | null
    /** Emulates the forced-colors media feature */ forcedColors?: "active" | "none" | null
    /** Emulates the prefers-contrast media feature */ contrast?: "more" | "no-preference" | null
    /** Changes the CSS media type of the page */ media?: "screen" | "print" | null
  }): Promise<any>;
  /** Evaluate JavaScript expression on page or element */
  function browser_evaluate(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target?: string
    /** () => { /* code *\/ } or (element) => { /* code *\/ } when element is provided */ function: string
    /** File name to save the result to. Relative file names are resolved against the workspace root. If not provided, result is returned as text. */ filename?: string
  }): Promise<any>;
  /** Upload one or multiple files */
  function browser_file_upload(args?: {
    /** The absolute paths to the files to upload. Can be single file or multiple files. If omitted, file chooser is cancelled. */ paths?: string[]
  }): Promise<any>;
  /** Drop files or MIME-typed data onto an element, as if dragged from outside the page. At least one of "paths" or "data" must be provided. */
  function browser_drop(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
    /** Absolute paths to files to drop onto the element. */ paths?: string[]
    /** Data to drop, as a map of MIME type to string value (e.g. {"text/plain": "hello", "text/uri-list": "https://example.com"}). */ data?: Record<string, string>
  }): Promise<any>;
  /** Search the accessibility snapshot of the current page for text or a regular expression. Returns matching snapshot nodes with a few lines of surrounding context (like search snippets), each shown under its path from the root of the tree, which is cheaper than capturing the whole snapshot when you only need to locate an element and its ref. */
  function browser_find(args?: {
    /** Plain text to search for in the page snapshot (case-insensitive substring match). Provide either text or regex, not both. */ text?: string
    /** Regular expression to search for in the page snapshot. Matching is case-sensitive by default; wrap the pattern in slashes to add flags, e.g. "/error/i" for case-insensitive. Provide either text or regex, not both. */ regex?: string
    /** Save results to a file instead of returning them in the response. Relative file names are resolved against the workspace root. */ filename?: string
  }): Promise<any>;
  /** Fill multiple form fields */
  function browser_fill_form(args: {
    /** Fields to fill in */ fields: {
      /** Human-readable element description used to obtain permission to interact with the element */ element?: string
      /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
      /** Human-readable field name */ name: string
      /** Type of the field */ type: "textbox" | "checkbox" | "radio" | "combobox" | "slider"
      /** Value to fill in the field. If the field is a checkbox, the value should be `true` or `false`. If the field is a combobox, the value should be the text of the option. */ value: string
    }[]
  }): Promise<any>;
  /** Press a key on the keyboard */
  function browser_press_key(args: {
    /** Name of the key to press or a character to generate, such as `ArrowLeft` or `a` */ key: string
  }): Promise<any>;
  /** Type text into editable element */
  function browser_type(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
    /** Text to type into the element */ text: string
    /** Whether to submit entered text (press Enter after) */ submit?: boolean
    /** Whether to type one character at a time. Useful for triggering key handlers in the page. By default entire text is filled in at once. */ slowly?: boolean
  }): Promise<any>;
  /** Navigate to a URL */
  function browser_navigate(args: { /** The URL to navigate to */ url: string }): Promise<any>;
  /** Go back to the previous page in the history */
  function browser_navigate_back(): Promise<any>;
  /** Returns a numbered list of network requests since loading the page. Use browser_network_request with the number to get full details. */
  function browser_network_requests(args: {
    /** Whether to include successful static resources like images, fonts, scripts, etc. Defaults to false. */ static: boolean
    /** Only return requests whose URL matches this regexp (e.g. "/api/.*user"). */ filter?: string
    /** File name to save the network requests to. Relative file names are resolved against the workspace root. If not provided, requests are returned as text. */ filename?: string
  }): Promise<any>;
  /** Returns full details (headers and body) of a single network request, or a single part if `part` is set. Use the number from browser_network_requests. */
  function browser_network_request(args: {
    /** 1-based index of the request, as printed by browser_network_requests. @minimum 1 @maximum 9007199254740991 */ index: integer
    /** Return only this part of the request. Omit to return full details. */ part?: "request-headers" | "request-body" | "response-headers" | "response-body"
    /** File name to save the result to. Relative file names are resolved against the workspace root. If not provided, output is returned as text. */ filename?: string
  }): Promise<any>;
  /** Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript in the Playwright server process and is RCE-equivalent. */
  function browser_run_code_unsafe(args?: {
    /** A JavaScript function containing Playwright code to execute. It will be invoked with a single argument, page, which you can use for any page interaction. For example: `async (page) => { await page.getByRole('button', { name: 'Submit' }).click(); return await page.title(); }` */ code?: string
    /** Load code from the specified file. Relative file names are resolved against the workspace root. If both code and filename are provided, code will be ignored. */ filename?: string
  }): Promise<any>;
  /** Take a screenshot of the current page. You can't perform actions based on the screenshot, use browser_snapshot for actions. */
  function browser_take_screenshot(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target?: string
    /** Image format for the screenshot. If unset, inferred from the filename extension, otherwise png. */ type?: "png" | "jpeg" | "webp"
    /** File name to save the screenshot to. Relative file names are resolved against the workspace root. If not specified, the screenshot is saved into the output directory as `page-{timestamp}.{png|jpeg|webp}`. */ filename?: string
    /** When true, takes a screenshot of the full scrollable page, instead of the currently visible viewport. Cannot be used with element screenshots. */ fullPage?: boolean
    /** Image resolution scale. "css" produces a screenshot sized in CSS pixels (smaller, consistent across devices). "device" produces a high-resolution screenshot using device pixels (larger, accounts for the device pixel ratio). Default is css. */ scale: "css" | "device"
  }): Promise<any>;
  /** Capture accessibility snapshot of the current page, this is better than screenshot */
  function browser_snapshot(args?: {
    /** Exact target element reference from the page snapshot, or a unique element selector */ target?: string
    /** Save snapshot to a file instead of returning it in the response. Relative file names are resolved against the workspace root. */ filename?: string
    /** Limit the depth of the snapshot tree */ depth?: number
    /** Include each element's bounding box as [box=x,y,width,height] in the snapshot. Coordinates are viewport-relative, in CSS pixels (Element.getBoundingClientRect) */ boxes?: boolean
  }): Promise<any>;
  /** Perform click on a web page */
  function browser_click(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
    /** Whether to perform a double click instead of a single click */ doubleClick?: boolean
    /** Button to click, defaults to left */ button?: "left" | "right" | "middle"
    /** Modifier keys to press */ modifiers?: ("Alt" | "Control" | "ControlOrMeta" | "Meta" | "Shift")[]
  }): Promise<any>;
  /** Perform drag and drop between two elements */
  function browser_drag(args: {
    /** Human-readable source element description used to obtain the permission to interact with the element */ startElement?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ startTarget: string
    /** Human-readable target element description used to obtain the permission to interact with the element */ endElement?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ endTarget: string
  }): Promise<any>;
  /** Hover over element on page */
  function browser_hover(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
  }): Promise<any>;
  /** Select an option in a dropdown */
  function browser_select_option(args: {
    /** Human-readable element description used to obtain permission to interact with the element */ element?: string
    /** Exact target element reference from the page snapshot, or a unique element selector */ target: string
    /** Array of values to select in the dropdown. This can be a single value or multiple values. */ values: string[]
  }): Promise<any>;
  /** List, create, close, or select a browser tab. */
  function browser_tabs(args: {
    /** Operation to perform */ action: "list" | "new" | "close" | "select"
    /** Tab index, used for close/select. If omitted for close, current tab is closed. */ index?: number
    /** URL to navigate to in the new tab, used for new. */ url?: string
  }): Promise<any>;
  /** Wait for text to appear or disappear or a specified time to pass */
  function browser_wait_for(args?: {
    /** The time to wait in seconds, at most 30 */ time?: number
    /** The text to wait for */ text?: string
    /** The text to wait for to disappear */ textGone?: string
  }): Promise<any>;
}
