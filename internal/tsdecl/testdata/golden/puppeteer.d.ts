declare namespace puppeteer {
  /** Navigate to a URL */
  function puppeteer_navigate(args: {
    /** URL to navigate to */ url: string
    /** PuppeteerJS LaunchOptions. Default null. If changed and not null, browser restarts. Example: { headless: true, args: ['--no-sandbox'] } */ launchOptions?: Record<string, any>
    /** Allow dangerous LaunchOptions that reduce security. When false, dangerous args like --no-sandbox will throw errors. Default false. */ allowDangerous?: boolean
  }): Promise<any>;
  /** Take a screenshot of the current page or a specific element */
  function puppeteer_screenshot(args: {
    /** Name for the screenshot */ name: string
    /** CSS selector for element to screenshot */ selector?: string
    /** Width in pixels (default: 800) */ width?: number
    /** Height in pixels (default: 600) */ height?: number
    /** If true, capture the screenshot as a base64-encoded data URI (as text) instead of binary image content. Default false. */ encoded?: boolean
  }): Promise<any>;
  /** Click an element on the page */
  function puppeteer_click(args: { /** CSS selector for element to click */ selector: string }): Promise<any>;
  /** Fill out an input field */
  function puppeteer_fill(args: { /** CSS selector for input field */ selector: string; /** Value to fill */ value: string }): Promise<any>;
  /** Select an element on the page with Select tag */
  function puppeteer_select(args: {
    /** CSS selector for element to select */ selector: string
    /** Value to select */ value: string
  }): Promise<any>;
  /** Hover an element on the page */
  function puppeteer_hover(args: { /** CSS selector for element to hover */ selector: string }): Promise<any>;
  /** Execute JavaScript in the browser console */
  function puppeteer_evaluate(args: { /** JavaScript code to execute */ script: string }): Promise<any>;
}
