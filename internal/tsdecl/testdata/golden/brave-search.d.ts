/** brave-search */
declare namespace brave_search {
  /** Performs a web search using the Brave Search API, ideal for general queries, news, articles, and online content. Use this for broad information gathering, recent events, or when you need diverse web sources. Supports pagination, content filtering, and freshness controls. Maximum 20 results per request, with offset for pagination. */
  function brave_web_search(args: {
    /** Search query (max 400 chars, 50 words) */ query: string
    /** Number of results (1-20, default 10) */ count?: number
    /** Pagination offset (max 9, default 0) */ offset?: number
  }): Promise<any>;
  /** Searches for local businesses and places using Brave's Local Search API. Best for queries related to physical locations, businesses, restaurants, services, etc. Returns detailed information including:
  - Business names and addresses
  - Ratings and review counts
  - Phone numbers and opening hours
  Use this when the query implies 'near me' or mentions specific locations. Automatically falls back to web search if no local results are found. */
  function brave_local_search(args: {
    /** Local search query (e.g. 'pizza near Central Park') */ query: string
    /** Number of results (1-20, default 5) */ count?: number
  }): Promise<any>;
}
