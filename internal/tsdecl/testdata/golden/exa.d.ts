declare namespace exa {
  /** Search the web for any topic and get clean, ready-to-use content.

        Best for: Finding current information, news, facts, people, companies, or answering questions about any topic.
        Returns: Clean text content from top search results.

        Query tips:
        describe the ideal page, not keywords. "blog post comparing React and Vue performance" not "React vs Vue".
        Use category:people / category:company to search through Linkedin profiles / companies respectively.
        If highlights are insufficient, follow up with web_fetch_exa on the best URLs. */
  function web_search_exa(args: {
    /** Natural language search query. Should be a semantically rich description of the ideal page, not just keywords. Optionally include category:<type> (company, people) to focus results — e.g. 'category:people John Doe software engineer'. @minLength 1 */ query: string
    /** Number of search results to return (default: 10). */ numResults?: number
  }): Promise<any>;
  /** Read a webpage's full content as clean markdown. Use after web_search_exa when highlights are insufficient or to read any URL.

  Best for: Extracting full content from known URLs. Batch multiple URLs in one call.
  Returns: Clean text content and metadata from the page(s). */
  function web_fetch_exa(args: {
    /** URLs to read. Batch multiple URLs in one call. */ urls: string[]
    /** Maximum characters to extract per page (default: 3000) @minimum 1 */ maxCharacters?: number
  }): Promise<any>;
}
