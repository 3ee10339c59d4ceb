declare namespace tavily {
  type integer = number;
  /** Search the web for current information on any topic. Use for news, facts, or data beyond your knowledge cutoff. Returns snippets and source URLs. */
  function tavily_search(args: {
    /** Search query */ query: string
    /** The depth of the search. 'basic' for generic results, 'advanced' for more thorough search, 'fast' for optimized low latency with high relevance, 'ultra-fast' for prioritizing latency above all else @default "basic" */ search_depth?: "basic" | "advanced" | "fast" | "ultra-fast"
    /** The category of the search. This will determine which of our agents will be used for the search @default "general" */ topic?: "general"
    /** The time range back from the current date to include in the search results */ time_range?: "day" | "week" | "month" | "year"
    /** Will return all results after the specified start date. Required to be written in the format YYYY-MM-DD. */ start_date?: string
    /** Will return all results before the specified end date. Required to be written in the format YYYY-MM-DD */ end_date?: string
    /** The maximum number of search results to return @default 5 @minimum 5 @maximum 20 */ max_results?: number
    /** Include a list of query-related images in the response */ include_images?: boolean
    /** Include a list of query-related images and their descriptions in the response */ include_image_descriptions?: boolean
    /** Include the cleaned and parsed HTML content of each search result */ include_raw_content?: boolean
    /** A list of domains to specifically include in the search results, if the user asks to search on specific sites set this to the domain of the site */ include_domains?: string[]
    /** List of domains to specifically exclude, if the user asks to exclude a domain set this to the domain of the site */ exclude_domains?: string[]
    /** Boost search results from a specific country. Must be a full country name (e.g., 'United States', 'Japan', 'Germany'). ISO country codes (e.g., 'us', 'jp') are not supported. Available only if topic is general. See https://docs.tavily.com/documentation/api-reference/search for the full list of supported countries. */ country?: string
    /** Whether to include the favicon URL for each result */ include_favicon?: boolean
    /** Only return results containing the exact phrase(s) in quotes in your query */ exact_match?: boolean
  }): Promise<any>;
  /** Extract content from URLs. Returns raw page content in markdown or text format. */
  function tavily_extract(args: {
    /** List of URLs to extract content from */ urls: string[]
    /** Use 'advanced' for LinkedIn, protected sites, or tables/embedded content @default "basic" */ extract_depth?: "basic" | "advanced"
    /** Include images from pages */ include_images?: boolean
    /** Output format @default "markdown" */ format?: "markdown" | "text"
    /** Include favicon URLs */ include_favicon?: boolean
    /** Query to rerank content chunks by relevance */ query?: string
  }): Promise<any>;
  /** Crawl a website starting from a URL. Extracts content from pages with configurable depth and breadth. */
  function tavily_crawl(args: {
    /** The root URL to begin the crawl */ url: string
    /** Max depth of the crawl. Defines how far from the base URL the crawler can explore. @default 1 @minimum 1 */ max_depth?: integer
    /** Max number of links to follow per level of the tree (i.e., per page) @default 20 @minimum 1 */ max_breadth?: integer
    /** Total number of links the crawler will process before stopping @default 50 @minimum 1 */ limit?: integer
    /** Natural language instructions for the crawler. Instructions specify which types of pages the crawler should return. */ instructions?: string
    /** Regex patterns to select only URLs with specific path patterns (e.g., /docs/.*, /api/v1.*) */ select_paths?: string[]
    /** Regex patterns to restrict crawling to specific domains or subdomains (e.g., ^docs\.example\.com$) */ select_domains?: string[]
    /** Whether to return external links in the final response @default true */ allow_external?: boolean
    /** Advanced extraction retrieves more data, including tables and embedded content, with higher success but may increase latency @default "basic" */ extract_depth?: "basic" | "advanced"
    /** The format of the extracted web page content. markdown returns content in markdown format. text returns plain text and may increase latency. @default "markdown" */ format?: "markdown" | "text"
    /** Whether to include the favicon URL for each result */ include_favicon?: boolean
  }): Promise<any>;
  /** Map a website's structure. Returns a list of URLs found starting from the base URL. */
  function tavily_map(args: {
    /** The root URL to begin the mapping */ url: string
    /** Max depth of the mapping. Defines how far from the base URL the crawler can explore @default 1 @minimum 1 */ max_depth?: integer
    /** Max number of links to follow per level of the tree (i.e., per page) @default 20 @minimum 1 */ max_breadth?: integer
    /** Total number of links the crawler will process before stopping @default 50 @minimum 1 */ limit?: integer
    /** Natural language instructions for the crawler */ instructions?: string
    /** Regex patterns to select only URLs with specific path patterns (e.g., /docs/.*, /api/v1.*) */ select_paths?: string[]
    /** Regex patterns to restrict crawling to specific domains or subdomains (e.g., ^docs\.example\.com$) */ select_domains?: string[]
    /** Whether to return external links in the final response @default true */ allow_external?: boolean
  }): Promise<any>;
  /** Perform comprehensive research on a given topic or question. Use this tool when you need to gather information from multiple sources to answer a question or complete a task. Returns a detailed response based on the research findings. Rate limit: 20 requests per minute. */
  function tavily_research(args: {
    /** A comprehensive description of the research task */ input: string
    /** Defines the degree of depth of the research. 'mini' is good for narrow tasks with few subtopics. 'pro' is good for broad tasks with many subtopics. 'auto' automatically selects the best model. @default "auto" */ model?: "mini" | "pro" | "auto"
  }): Promise<any>;
}
