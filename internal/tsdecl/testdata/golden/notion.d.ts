declare namespace notion {
  type integer = number;
  type RichTextRequest = { text: { content: string; link?: Record<string, any> | null }; type?: "text" };
  type PageIdParentRequest = { /** @format uuid */ page_id: string; [key: string]: any };
  type DataSourceIdParentRequest = { type?: "database_id"; /** @format uuid */ database_id: string; [key: string]: any };
  type ParentRequest = { type: "workspace"; [key: string]: any };
  type MovePageParentRequest2 = { type: "page_id"; /** @format uuid */ page_id: string; [key: string]: any };
  type MovePageParentRequest = { type: "database_id"; /** @format uuid */ database_id: string; [key: string]: any };
  type SortObject = { property: string; direction: "ascending" | "descending"; [key: string]: any };
  /** API-get-user: Notion | Retrieve a user
  Error Responses:
  400: 400 */
  function API_get_user(args: { /** @format uuid */ user_id: string }): Promise<any>;
  /** API-get-users: Notion | List all users
  Error Responses:
  400: 400 */
  function API_get_users(args?: {
    /** If supplied, this endpoint will return a page of results starting after the cursor provided. If not supplied, this endpoint will return the first page of results. */ start_cursor?: string
    /** The number of items from the full list desired in the response. Maximum: 100 @default 100 */ page_size?: integer
  }): Promise<any>;
  /** API-get-self: Notion | Retrieve your token's bot user
  Error Responses:
  400: Bad request */
  function API_get_self(args?: {}): Promise<any>;
  /** API-post-search: Notion | Search by title
  Error Responses:
  400: Bad request */
  function API_post_search(args?: {
    /** The text that the API compares page and database titles against. */ query?: string
    sort?: /** A set of criteria, `direction` and `timestamp` keys, that orders the results. The **only** supported timestamp value is `"last_edited_time"`. Supported `direction` values are `"ascending"` and `"descending"`. If `sort` is not provided, then the most recently edited results are returned first. */ {
      /** The direction to sort. Possible values include `ascending` and `descending`. */ direction?: string
      /** The name of the timestamp to sort against. Possible values include `last_edited_time`. */ timestamp?: string
      [key: string]: any
    } | string
    filter?: /** A set of criteria, `value` and `property` keys, that limits the results to either only pages or only data sources. Possible `value` values are `"page"` or `"data_source"`. The only supported `property` value is `"object"`. */ {
      /** The value of the property to filter the results by.  Possible values for object type include `page` or `data_source`.  **Limitation**: Currently the only filter allowed is `object` which will filter by type of object (either `page` or `data_source`) */ value?: "page" | "data_source"
      /** The name of the property to filter by. Currently the only property you can filter by is the object type.  Possible values include `object`.   Limitation: Currently the only filter allowed is `object` which will filter by type of object (either `page` or `data_source`) */ property?: string
      [key: string]: any
    } | string
    /** A `cursor` value returned in a previous response that If supplied, limits the response to results starting after the `cursor`. If not supplied, then the first page of results is returned. Refer to [pagination](https://developers.notion.com/reference/intro#pagination) for more details. */ start_cursor?: string
    /** The number of items from the full list to include in the response. Maximum: `100`. @default 100 @format int32 */ page_size?: integer
  }): Promise<any>;
  /** API-get-block-children: Notion | Retrieve block children
  Error Responses:
  400: Bad request */
  function API_get_block_children(args: {
    /** Identifier for a [block](ref:block) */ block_id: string
    /** If supplied, this endpoint will return a page of results starting after the cursor provided. If not supplied, this endpoint will return the first page of results. */ start_cursor?: string
    /** The number of items from the full list desired in the response. Maximum: 100 @default 100 @format int32 */ page_size?: integer
  }): Promise<any>;
  /** API-patch-block-children: Notion | Append block children
  Error Responses:
  400: Bad request */
  function API_patch_block_children(args: {
    /** Identifier for a [block](ref:block). Also accepts a [page](ref:page) ID. */ block_id: string
    /** Child content to append to a container block as an array of [block objects](ref:block) */ children: ({ paragraph?: { rich_text: RichTextRequest[] }; type?: "paragraph" } | { bulleted_list_item?: { rich_text: RichTextRequest[] }; type?: "bulleted_list_item" } | string | Record<string, any>)[]
    /** The ID of the existing block that the new block should be appended after. */ after?: string
  }): Promise<any>;
  /** API-retrieve-a-block: Notion | Retrieve a block
  Error Responses:
  400: Bad request */
  function API_retrieve_a_block(args: { /** Identifier for a Notion block */ block_id: string }): Promise<any>;
  /** API-update-a-block: Notion | Update a block
  Error Responses:
  400: Bad request */
  function API_update_a_block(args: {
    /** Identifier for a Notion block */ block_id: string
    type?: /** The [block object `type`](ref:block#block-object-keys) value with the properties to be updated. Currently only `text` (for supported block types) and `checked` (for `to_do` blocks) fields can be updated. */ Record<string, any> | string
    /** Set to true to archive (delete) a block. Set to false to un-archive (restore) a block. @default true */ archived?: boolean
  }): Promise<any>;
  /** API-delete-a-block: Notion | Delete a block
  Error Responses:
  400: Bad request */
  function API_delete_a_block(args: { /** Identifier for a Notion block */ block_id: string }): Promise<any>;
  /** API-retrieve-a-page: Notion | Retrieve a page
  Error Responses:
  400: Bad request */
  function API_retrieve_a_page(args: {
    /** Identifier for a Notion page */ page_id: string
    /** A list of page property value IDs associated with the page. Use this param to limit the response to a specific page property value or values. To retrieve multiple properties, specify each page property ID. For example: `?filter_properties=iAk8&filter_properties=b7dh`. */ filter_properties?: string
  }): Promise<any>;
  /** API-patch-page: Notion | Update page properties
  Error Responses:
  400: Bad request */
  function API_patch_page(args: {
    /** The identifier for the Notion page to be updated. */ page_id: string
    properties?: /** The property values to update for the page. The keys are the names or IDs of the property and the values are property values. If a page property ID is not included, then it is not changed. */ Record<string, any> | string
    /** Set to true to delete a block. Set to false to restore a block. */ in_trash?: boolean
    archived?: boolean
    icon?: /** A page icon for the page. Supported types are [external file object](https://developers.notion.com/reference/file-object) or [emoji object](https://developers.notion.com/reference/emoji-object). */ { emoji: string } | string
    cover?: /** A cover image for the page. Only [external file objects](https://developers.notion.com/reference/file-object) are supported. */ { external: { url: string }; type?: "external" } | string
  }): Promise<any>;
  /** API-post-page: Notion | Create a page
  Error Responses:
  400: Bad request */
  function API_post_page(args: {
    parent: PageIdParentRequest | DataSourceIdParentRequest | ParentRequest | string
    properties: /** The property values for the new page. The keys are the names or IDs of the property and the values are property values. */ Record<string, any> | string
    /** The content to be rendered on the new page, represented as an array of [block objects](https://developers.notion.com/reference/block). */ children?: (string | Record<string, any>)[]
    /** The icon of the new page. Either an [emoji object](https://developers.notion.com/reference/emoji-object) or an [external file object](https://developers.notion.com/reference/file-object).. @format json */ icon?: string
    /** The cover image of the new page, represented as a [file object](https://developers.notion.com/reference/file-object). @format json */ cover?: string
  }): Promise<any>;
  /** API-retrieve-a-page-property: Notion | Retrieve a page property item
  Error Responses:
  400: Bad request */
  function API_retrieve_a_page_property(args: {
    /** Identifier for a Notion page */ page_id: string
    /** Identifier for a page [property](https://developers.notion.com/reference/page#all-property-values) */ property_id: string
    /** For paginated properties. The max number of property item objects on a page. The default size is 100 @format int32 */ page_size?: integer
    /** For paginated properties. */ start_cursor?: string
  }): Promise<any>;
  /** API-retrieve-a-comment: Notion | Retrieve comments
  Error Responses:
  400: Bad request */
  function API_retrieve_a_comment(args: {
    /** Identifier for a Notion block or page */ block_id: string
    /** If supplied, this endpoint will return a page of results starting after the cursor provided. If not supplied, this endpoint will return the first page of results. */ start_cursor?: string
    /** The number of items from the full list desired in the response. Maximum: 100 @format int32 */ page_size?: integer
  }): Promise<any>;
  /** API-create-a-comment: Notion | Create comment
  Error Responses:
  400: Bad request */
  function API_create_a_comment(args: {
    parent: /** The page that contains the comment */ { /** the page ID */ page_id: string; [key: string]: any } | string
    rich_text: ({
      text: { /** The content of the comment */ content: string; [key: string]: any }
      [key: string]: any
    } | string | Record<string, any>)[]
  }): Promise<any>;
  /** API-query-data-source: Notion | Query a data source
  Error Responses:
  400: Bad request */
  function API_query_data_source(args: {
    /** Identifier for a Notion data source (database) */ data_source_id: string
    /** A list of page property value IDs to limit the response */ filter_properties?: (string | Record<string, any>)[]
    filter?: /** Filter conditions for querying the data source */ Record<string, any> | string
    sorts?: (SortObject | string | Record<string, any>)[]
    start_cursor?: string
    /** @default 100 */ page_size?: integer
    archived?: boolean
    in_trash?: boolean
  }): Promise<any>;
  /** API-retrieve-a-data-source: Notion | Retrieve a data source
  Error Responses:
  400: Bad request */
  function API_retrieve_a_data_source(args: { /** Identifier for a Notion data source */ data_source_id: string }): Promise<any>;
  /** API-update-a-data-source: Notion | Update a data source
  Error Responses:
  400: Bad request */
  function API_update_a_data_source(args: {
    /** Identifier for a Notion data source */ data_source_id: string
    title?: (RichTextRequest | string | Record<string, any>)[]
    description?: (RichTextRequest | string | Record<string, any>)[]
    properties?: /** Property schema updates */ Record<string, any> | string
  }): Promise<any>;
  /** API-create-a-data-source: Notion | Create a data source
  Error Responses:
  400: Bad request */
  function API_create_a_data_source(args: {
    parent: PageIdParentRequest | string
    properties: /** Property schema of data source */ Record<string, any> | string
    title?: (RichTextRequest | string | Record<string, any>)[]
  }): Promise<any>;
  /** API-list-data-source-templates: Notion | List templates in a data source
  Error Responses:
  400: Bad request */
  function API_list_data_source_templates(args: {
    /** Identifier for a Notion data source */ data_source_id: string
    start_cursor?: string
    /** @default 100 */ page_size?: integer
  }): Promise<any>;
  /** API-retrieve-a-database: Notion | Retrieve a database
  Error Responses:
  400: Bad request */
  function API_retrieve_a_database(args: { /** Identifier for a Notion database */ database_id: string }): Promise<any>;
  /** API-move-page: Notion | Move a page
  Error Responses:
  400: Bad request */
  function API_move_page(args: {
    /** Identifier for a Notion page @format uuid */ page_id: string
    parent: MovePageParentRequest2 | MovePageParentRequest | ParentRequest | string
  }): Promise<any>;
  /** API-retrieve-page-markdown: Notion | Retrieve a page as Markdown
  Error Responses:
  400: Bad request
  403: The integration lacks the read/update content capability required for this page.
  404: Page not found or not shared with the integration.
  429: Rate limited. */
  function API_retrieve_page_markdown(args: {
    /** Identifier for a Notion page (or block) to read or update as markdown. @format uuid */ page_id: string
    /** Whether to include meeting note transcripts. When false (default), a placeholder with the meeting note URL is shown instead of the full transcript. */ include_transcript?: boolean
  }): Promise<any>;
  /** API-update-page-markdown: Notion | Update a page's content as Markdown
  Error Responses:
  400: Bad request
  403: The integration lacks the read/update content capability required for this page.
  404: Page not found or not shared with the integration.
  409: Conflict (e.g. row limit exceeded).
  429: Rate limited. */
  function API_update_page_markdown(args: {
    /** Identifier for a Notion page (or block) to read or update as markdown. @format uuid */ page_id: string
    /** The kind of edit to apply. Prefer `replace_content` (overwrite the whole page) or `update_content` (targeted find-and-replace). `insert_content` and `replace_content_range` are deprecated. */ type: "replace_content" | "update_content" | "insert_content" | "replace_content_range"
    replace_content?: /** Provide when type is `replace_content`. Replaces the entire page content. */ {
      /** The complete new page content as enhanced Markdown. */ new_str: string
      /** Permit deletion of existing child pages/databases that are no longer present in the new content. */ allow_deleting_content?: boolean
      [key: string]: any
    } | string
    update_content?: /** Provide when type is `update_content`. Applies targeted find-and-replace edits. */ {
      /** Up to 100 find-and-replace edits applied in order. */ content_updates: {
        /** Exact existing Markdown text to find. */ old_str: string
        /** Replacement Markdown text. */ new_str: string
        /** Replace every occurrence of old_str instead of just the first (default false). */ replace_all_matches?: boolean
        [key: string]: any
      }[]
      /** Permit deletion of existing child pages/databases removed by the edits. */ allow_deleting_content?: boolean
      [key: string]: any
    } | string
    insert_content?: /** Deprecated. Provide when type is `insert_content`. Inserts Markdown at a position. */ {
      /** Enhanced Markdown to insert. */ content: string
      /** Ellipsis-format selection ("start text...end text") to insert after. Cannot be combined with position. */ after?: string
      /** Insert at the start or end of the page. Cannot be combined with after. */ position?: { type?: "start" | "end"; [key: string]: any }
      [key: string]: any
    } | string
    replace_content_range?: /** Deprecated. Provide when type is `replace_content_range`. Replaces a selected range of Markdown. */ {
      /** New Markdown content for the range. */ content: string
      /** Ellipsis-format selection ("start text...end text") identifying the range to replace. */ content_range: string
      /** Permit deletion of child pages/databases within the replaced range. */ allow_deleting_content?: boolean
      [key: string]: any
    } | string
  }): Promise<any>;
}
