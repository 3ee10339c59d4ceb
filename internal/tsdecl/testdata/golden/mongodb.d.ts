declare namespace mongodb {
  type integer = number;
  type Pipeline = {
    $vectorSearch: /** Classic vector search using 'queryVector'. Use this when the indexed field has a classic vector index (type: 'vector'). Note to LLM: Use the collection-indexes tool to verify the target field has a classic vector index before using 'queryVector'. */ {
      /** When true, uses an ENN algorithm, otherwise uses ANN. Using ENN is not compatible with numCandidates, in that case, numCandidates must be left empty. */ exact?: boolean
      /** Name of the index, as retrieved from the `collection-indexes` tool. */ index: string
      /** Field, in dot notation, where to search. There must be a vector search index for that field. */ path: string
      /** Number of candidates for the ANN algorithm. Mandatory when exact is false. @exclusiveMinimum 0 @maximum 9007199254740991 */ numCandidates?: integer
      /** @default 10 @exclusiveMinimum 0 @maximum 9007199254740991 */ limit?: integer
      /** MQL filter that can only use filter fields from the index definition. Note to LLM: If unsure, use the `collection-indexes` tool to learn which fields can be used for filtering. */ filter?: Record<string, any>
      /** The vector embeddings to search for when using classic vector search indexes (type: 'vector'). Provide embeddings as an array of numbers. Use this for classic vector indexes. For auto-embed indexes (type: 'autoEmbed'), use 'query' instead. */ queryVector: number[]
    } | /** Auto-embed vector search using 'query'. Use this when the indexed field has an auto-embed index (type: 'autoEmbed'). Note to LLM: Use the collection-indexes tool to verify the target field has an auto-embed index before using 'query'. */ {
      /** When true, uses an ENN algorithm, otherwise uses ANN. Using ENN is not compatible with numCandidates, in that case, numCandidates must be left empty. */ exact?: boolean
      /** Name of the index, as retrieved from the `collection-indexes` tool. */ index: string
      /** Field, in dot notation, where to search. There must be a vector search index for that field. */ path: string
      /** Number of candidates for the ANN algorithm. Mandatory when exact is false. @exclusiveMinimum 0 @maximum 9007199254740991 */ numCandidates?: integer
      /** @default 10 @exclusiveMinimum 0 @maximum 9007199254740991 */ limit?: integer
      /** MQL filter that can only use filter fields from the index definition. Note to LLM: If unsure, use the `collection-indexes` tool to learn which fields can be used for filtering. */ filter?: Record<string, any>
      /** The query to search for when using auto-embed indexes (type: 'autoEmbed'). MongoDB will automatically generate embeddings for the text at query time. Use this for auto-embed indexes, not 'queryVector'. */ query: { /** The text query to search for. */ text: string }
      /** The embedding model to use for generating embeddings from the query text. If not specified, defaults to the model configured in the auto-embed index definition. */ model?: "voyage-4" | "voyage-4-large" | "voyage-4-lite" | "voyage-code-3"
    }
  };
  type Arguments = {
    /** An array of aggregation stages to execute.

    If the user has asked for a vector search, `$vectorSearch` **MUST** be the first stage
    of the pipeline (or the first stage of a `$unionWith` sub-pipeline only when explicitly
    combining unrelated result sets — for hybrid full-text + vector search, use `$rankFusion`
    or `$scoreFusion` instead, see below).

    If the user has asked for lexical/Atlas search, use `$search` instead of `$text`.
    ### Usage Rules for `$vectorSearch`
    - **Index Type Detection:**
      Use the collection-indexes tool to determine if the target field has a classic vector index (type: 'vector') or an auto-embed index (type: 'autoEmbed').
    - **Classic Vector Search (type: 'vector'):**
      Use 'queryVector' with embeddings as an array of numbers.
    - **Auto-Embed Vector Search (type: 'autoEmbed'):**
      Use 'query' - MongoDB automatically generates embeddings at query time. Do NOT use 'queryVector' or 'embeddingParameters' for auto-embed indexes.
    - **Unset embeddings:**
      Unless the user explicitly requests the embeddings, add an `$unset` stage **at the end of the pipeline** to remove the embedding field and avoid context limits. **The $unset stage in this situation is mandatory**.
    - **Pre-filtering:**
      If the user requests additional filtering, include filters in `$vectorSearch.filter` only for pre-filter fields in the vector index.
      NEVER include fields in $vectorSearch.filter that are not part of the vector index.
    - **Post-filtering:**
      For all remaining filters, add a $match stage after $vectorSearch.
    - If unsure which fields are filterable, use the collection-indexes tool to determine valid prefilter fields.
    - If no requested filters are valid prefilters, omit the filter key from $vectorSearch.

    ### Usage Rules for `$search`
    - Include the index name, unless you know for a fact there's a default index. If unsure, use the collection-indexes tool to determine the index name.
    - The `$search` stage supports multiple operators, such as 'autocomplete', 'text', 'geoWithin', and others. Choose the appropriate operator based on the user's query. If unsure of the exact syntax, consult the MongoDB Atlas Search documentation, which can be found here: https://www.mongodb.com/docs/atlas/atlas-search/operators-and-collectors/

    ### Usage Rules for `$rankFusion` and `$scoreFusion` (Hybrid Search)
    Use these stages when the user wants to combine full-text (`$search`) and vector
    (`$vectorSearch`) retrieval into a single fused result set. **Prefer native
    fusion over a `$unionWith` + `$group` workaround** — the workaround averages
    incompatible score scales and produces wrong rankings.

    **Which stage to use:**
    - `$rankFusion` (MongoDB 8.0+) — Reciprocal Rank Fusion. The recommended default.
      Normalizes scores across incompatible scales automatically. No score tuning needed.
    - `$scoreFusion` (MongoDB 8.2+) — Score-based fusion. Use when the user needs explicit
      per-pipeline weights, score normalisation (sigmoid / minMaxScaler), or a custom
      combination expression.

    **Construction rules:**
    - `$rankFusion` / `$scoreFusion` MUST be the first stage of the top-level pipeline.
    - Sub-pipelines go inside `input.pipelines` as a named map (not an array). Each name
      must be non-empty, must not start with `$`, and must not contain `.` or null bytes.
    - Allowed stages inside sub-pipelines: `$search`, `$vectorSearch`, `$match`, `$sort`,
      `$geoNear`, `$skip`, `$limit`. `$project` and `$unset` are NOT allowed inside sub-pipelines.
    - Do field shaping (`$project` / `$unset`) only AFTER the fusion stage, at the root.
    - Both a vectorSearch (or autoEmbed) index AND a search (lexical) index must exist on
      the collection. Use the collection-indexes tool to confirm both before running a hybrid query.
    - Add a `$limit` stage after the fusion stage to cap the final result set.
    - Add `$unset` at the end to remove embedding fields and avoid context bloat.

    ### Usage Rules for `$rerank` (Native Reranking)
    Use this stage when the user wants to reorder a set of candidate documents using a cross-encoder reranker model.

    **Construction rules:**
    - `$rerank` can be any stage in the pipeline on an Atlas cluster running MongoDB 8.3 or higher.
    - It is recommended to use `$rerank` after a sorted pipeline, e.g. `$search`, `$vectorSearch`, `$rankFusion`, `$scoreFusion`, or [`$match`, `$sort`].
    - $rerank must be enabled via the Native Reranking Project Setting
    - Set `numDocsToRerank` as the number of documents passed into `$rerank`. This will also limit the number of documents returned by `$rerank`
    - Set `path` as a field name or an array of field names that exist in all documents. Use `$match` or `$set` before `$rerank` to validate no fields are missing.
    - Add `$addFields` after `$rerank` to retrieve the reranker score.

    **`$rerank` example (recommended default):**
    ```javascript
    [
      {
        $match: {
          description: { $exists: true },
          name: { $exists: true }
        }
      },
      {
        $sort: {
          lastUpdated: -1
        }
      },
      {
        $rerank: {
          query: {
            text: "query text including instructions"
          },
          model: "rerank-2.5",
          numDocsToRerank: 100,
          path: ["description", "name"]
        }
      },
      {
        $addFields: {
          rerankScore: { $meta: "score" }
        }
      }
    ]
    ``` */
    pipeline: (Pipeline | Record<string, any>)[]
  };
  /** aggregate-db: Run an aggregation against a MongoDB database */
  function aggregate_db(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** An array of aggregation stages to execute. The first stage must be a database-level aggregation stage (one of `$changeStream`, `$currentOp`, `$documents`, `$listLocalSessions`, `$queryStats`). https://www.mongodb.com/docs/manual/reference/mql/aggregation-stages/#db.aggregate---stages @minItems 1 */ pipeline: Record<string, any>[]
    /** The maximum number of bytes to return in the response. This value is capped by the server's configured maximum and cannot be exceeded. @default 1048576 */ responseBytesLimit?: number
  }): Promise<{
    /** The documents returned by the aggregation pipeline */ documents: any[]
    /** The total number of documents returned by the aggregation pipeline */ aggResultsCount?: number
    /** The limits applied to the aggregation pipeline */ appliedLimits: ("config.maxDocumentsPerQuery" | "config.maxBytesPerQuery" | "tool.responseBytesLimit")[]
  }>;
  /** Run an aggregation against a MongoDB collection */
  function aggregate(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** An array of aggregation stages to execute.

    If the user has asked for a vector search, `$vectorSearch` **MUST** be the first stage
    of the pipeline (or the first stage of a `$unionWith` sub-pipeline only when explicitly
    combining unrelated result sets — for hybrid full-text + vector search, use `$rankFusion`
    or `$scoreFusion` instead, see below).

    If the user has asked for lexical/Atlas search, use `$search` instead of `$text`.
    ### Usage Rules for `$vectorSearch`
    - **Index Type Detection:**
      Use the collection-indexes tool to determine if the target field has a classic vector index (type: 'vector') or an auto-embed index (type: 'autoEmbed').
    - **Classic Vector Search (type: 'vector'):**
      Use 'queryVector' with embeddings as an array of numbers.
    - **Auto-Embed Vector Search (type: 'autoEmbed'):**
      Use 'query' - MongoDB automatically generates embeddings at query time. Do NOT use 'queryVector' or 'embeddingParameters' for auto-embed indexes.
    - **Unset embeddings:**
      Unless the user explicitly requests the embeddings, add an `$unset` stage **at the end of the pipeline** to remove the embedding field and avoid context limits. **The $unset stage in this situation is mandatory**.
    - **Pre-filtering:**
      If the user requests additional filtering, include filters in `$vectorSearch.filter` only for pre-filter fields in the vector index.
      NEVER include fields in $vectorSearch.filter that are not part of the vector index.
    - **Post-filtering:**
      For all remaining filters, add a $match stage after $vectorSearch.
    - If unsure which fields are filterable, use the collection-indexes tool to determine valid prefilter fields.
    - If no requested filters are valid prefilters, omit the filter key from $vectorSearch.

    ### Usage Rules for `$search`
    - Include the index name, unless you know for a fact there's a default index. If unsure, use the collection-indexes tool to determine the index name.
    - The `$search` stage supports multiple operators, such as 'autocomplete', 'text', 'geoWithin', and others. Choose the appropriate operator based on the user's query. If unsure of the exact syntax, consult the MongoDB Atlas Search documentation, which can be found here: https://www.mongodb.com/docs/atlas/atlas-search/operators-and-collectors/

    ### Usage Rules for `$rankFusion` and `$scoreFusion` (Hybrid Search)
    Use these stages when the user wants to combine full-text (`$search`) and vector
    (`$vectorSearch`) retrieval into a single fused result set. **Prefer native
    fusion over a `$unionWith` + `$group` workaround** — the workaround averages
    incompatible score scales and produces wrong rankings.

    **Which stage to use:**
    - `$rankFusion` (MongoDB 8.0+) — Reciprocal Rank Fusion. The recommended default.
      Normalizes scores across incompatible scales automatically. No score tuning needed.
    - `$scoreFusion` (MongoDB 8.2+) — Score-based fusion. Use when the user needs explicit
      per-pipeline weights, score normalisation (sigmoid / minMaxScaler), or a custom
      combination expression.

    **Construction rules:**
    - `$rankFusion` / `$scoreFusion` MUST be the first stage of the top-level pipeline.
    - Sub-pipelines go inside `input.pipelines` as a named map (not an array). Each name
      must be non-empty, must not start with `$`, and must not contain `.` or null bytes.
    - Allowed stages inside sub-pipelines: `$search`, `$vectorSearch`, `$match`, `$sort`,
      `$geoNear`, `$skip`, `$limit`. `$project` and `$unset` are NOT allowed inside sub-pipelines.
    - Do field shaping (`$project` / `$unset`) only AFTER the fusion stage, at the root.
    - Both a vectorSearch (or autoEmbed) index AND a search (lexical) index must exist on
      the collection. Use the collection-indexes tool to confirm both before running a hybrid query.
    - Add a `$limit` stage after the fusion stage to cap the final result set.
    - Add `$unset` at the end to remove embedding fields and avoid context bloat.

    ### Usage Rules for `$rerank` (Native Reranking)
    Use this stage when the user wants to reorder a set of candidate documents using a cross-encoder reranker model.

    **Construction rules:**
    - `$rerank` can be any stage in the pipeline on an Atlas cluster running MongoDB 8.3 or higher.
    - It is recommended to use `$rerank` after a sorted pipeline, e.g. `$search`, `$vectorSearch`, `$rankFusion`, `$scoreFusion`, or [`$match`, `$sort`].
    - $rerank must be enabled via the Native Reranking Project Setting
    - Set `numDocsToRerank` as the number of documents passed into `$rerank`. This will also limit the number of documents returned by `$rerank`
    - Set `path` as a field name or an array of field names that exist in all documents. Use `$match` or `$set` before `$rerank` to validate no fields are missing.
    - Add `$addFields` after `$rerank` to retrieve the reranker score.

    **`$rerank` example (recommended default):**
    ```javascript
    [
      {
        $match: {
          description: { $exists: true },
          name: { $exists: true }
        }
      },
      {
        $sort: {
          lastUpdated: -1
        }
      },
      {
        $rerank: {
          query: {
            text: "query text including instructions"
          },
          model: "rerank-2.5",
          numDocsToRerank: 100,
          path: ["description", "name"]
        }
      },
      {
        $addFields: {
          rerankScore: { $meta: "score" }
        }
      }
    ]
    ``` */
    pipeline: (Pipeline | Record<string, any>)[]
    /** The maximum number of bytes to return in the response. This value is capped by the server's configured maximum and cannot be exceeded. @default 1048576 */ responseBytesLimit?: number
  }): Promise<{
    /** The documents returned by the aggregation pipeline */ documents: any[]
    /** The total number of documents returned by the aggregation pipeline */ count: number | "indeterminate"
    /** The limits applied to the aggregation pipeline */ appliedLimits: ("config.maxDocumentsPerQuery" | "config.maxBytesPerQuery" | "tool.responseBytesLimit")[]
  }>;
  /** collection-indexes: Describe the indexes for a collection */
  function collection_indexes(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
  }): Promise<{
    classicIndexes: { name: string; key: Record<string, any> }[]
    searchIndexes: {
      name: string
      type: string
      status: string
      queryable: boolean
      latestDefinition: Record<string, any>
    }[]
    classicIndexesCount: number
    searchIndexesCount: number
  }>;
  /** collection-schema: Describe the schema for a collection */
  function collection_schema(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** Number of documents to sample for schema inference @default 50 */ sampleSize?: number
    /** The maximum number of bytes to return in the response. This value is capped by the server's configured maximum and cannot be exceeded. @default 1048576 */ responseBytesLimit?: number
  }): Promise<{ schema: Record<string, any>; fieldsCount: number }>;
  /** collection-storage-size: Gets the size of the collection */
  function collection_storage_size(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
  }): Promise<{ size: number; units: string }>;
  /** Connect to a MongoDB instance and get back a connectionId to pass to the other MongoDB tools. Each call establishes a new, independent connection — multiple connections can be active at the same time. */
  function connect(args: {
    /** MongoDB connection string (in the mongodb:// or mongodb+srv:// format) */ connectionString: string
    /** Optional short label for the connection (stored slugified with a short suffix, e.g. "staging" becomes staging-<suffix>). Shown in connection listings; helpful for telling multiple connections apart. */ connectionName?: string
  }): Promise<{ connectionId: string }>;
  /** Gets the number of documents in a MongoDB collection using db.collection.count() and query as an optional filter parameter */
  function count(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** A filter/query parameter. Allows users to filter the documents to count. Matches the syntax of the filter argument of db.collection.count(). */ query?: Record<string, any>
  }): Promise<{ /** The number of documents in the collection */ count: number }>;
  /** create-collection: Creates a new collection in a database. If the database doesn't exist, it will be created automatically. */
  function create_collection(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
  }): Promise<{ database: string; collection: string; created: boolean }>;
  /** create-index: Create an index for a collection */
  function create_index(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The name of the index */ name?: string
    /** The index definition. Use 'classic' for standard indexes, 'vectorSearch' for vector search indexes, and 'search' for Atlas Search (lexical) indexes. */ definition: (/** Definition for a MongoDB index (e.g. ascending/descending/geospatial/text). */ {
      type: "classic"
      /** The index definition */ keys: Record<string, 1 | -1 | "2d" | "2dsphere" | "text" | "geoHaystack" | "hashed">
    } | /** Definition for a Vector Search index. */ {
      type: "vectorSearch"
      /** Definitions for the vector, autoEmbed and filter fields to index, one definition per document. Use 'vector' when user specifies a dedicated field that could contain vector embeddings. Use 'autoEmbed' when user wants MongoDB to automatically generate and manage embeddings internally from a text field (no separate embeddings field). Use 'filter' for additional fields to filter on. At least one 'vector' or 'autoEmbed' type field definition is required. @minItems 1 */ fields: (/** Definition for a field that will be used for pre-filtering results. */ {
        type: "filter"
        /** Name of the field to index. For nested fields, use dot notation to specify path to embedded fields */ path: string
      } | /** Definition for a field that contains vector embeddings. Use this type when the field you're indexing is supposed to store vector embeddings or when the user have specified one of the relevant parameters. */ {
        type: "vector"
        /** Name of the field containing vector embeddings as arrays of numbers. This must be a dedicated embeddings field, separate from any source text field, if any. For nested fields, use dot notation to specify path to embedded fields. */ path: string
        /** Number of vector dimensions that MongoDB Vector Search enforces at index-time and query-time @default 1024 @minimum 1 @maximum 8192 */ numDimensions?: number
        /** Vector similarity function to use to search for top K-nearest neighbors. You can set this field only for vector-type fields. @default "euclidean" */ similarity?: "cosine" | "euclidean" | "dotProduct"
        /** Type of automatic vector quantization for your vectors. Use this setting only if your embeddings are float or double vectors. @default "none" */ quantization?: "none" | "scalar" | "binary"
      } | /** Definition for a field containing source text from which embeddings will be automatically generated and managed by MongoDB at indexing time. Use this type when you want MongoDB to handle all embedding generation and storage internally. If the user specifies a dedicated field name for storing embeddings, use 'vector' type instead. */ {
        type: "autoEmbed"
        /** Name of the field containing the source text from which embeddings will be automatically generated by MongoDB. This should be the text field itself, NOT a separate embeddings field containing the vector embeddings. For nested fields, use dot notation to specify the path to embedded fields. */ path: string
        /** Voyage embedding model to use for automatically generating embeddings from the source text in the indexed field. */ model: "voyage-4" | "voyage-4-large" | "voyage-4-lite" | "voyage-code-3"
        /** The data type / modality of the source content in the indexed field. Currently only 'text' is supported. */ modality: "text"
      })[]
    } | /** Definition for an Atlas Search (lexical) index. Use this only if user explicitly asked for creating an Atlas search index or simply a search index. This definition also accepts the following top-level fields, which are forwarded as-is and are not exhaustively typed here: - `analyzers`: array of custom analyzer definitions, e.g. `{ name: 'myAnalyzer', tokenizer: { type: 'standard' }, tokenFilters: [{ type: 'lowercase' }], charFilters: [{ type: 'htmlStrip' }] }`. Reference a custom analyzer by its `name` from a field's `analyzer`/`searchAnalyzer` option, instead of a built-in `lucene.*` analyzer. Tokenizer types include `standard`, `keyword`, `whitespace`, `nGram`, `edgeGram`, `regexSplit`, `regexCaptureGroup`, `uaxUrlEmail`. Token filter types include `lowercase`, `stopword`, `snowballStemming`, `asciiFolding`, `nGram`, `shingle`, `trim`, among others. - `synonyms`: array of synonym mappings, e.g. `{ name: 'mySynonyms', source: { collection: 'synonymsCollectionName' }, analyzer: 'lucene.standard' }`. The `analyzer` should match the analyzer used on the field(s) being searched. - `storedSource`: controls which fields are stored on search nodes for fast retrieval without a round trip to the database. `true` stores all fields, `false` (default) stores none, `{ include: ['fieldA', 'fieldB'] }` stores only the listed fields, `{ exclude: ['fieldC'] }` stores all except the listed fields. - `typeSets`: array of named field-type sets for use with `mappings.dynamic`, e.g. `{ name: 'myTypeSet', types: [{ type: 'string' }, { type: 'number' }] }`, to restrict dynamic mapping to only the listed types instead of every dynamically indexable type. */ {
      type: "search"
      /** The analyzer to use for the index. Can be one of the built-in lucene analyzers (`lucene.standard`, `lucene.simple`, `lucene.whitespace`, `lucene.keyword`), a language-specific analyzer, such as `lucene.cjk` or `lucene.czech`, or a custom analyzer defined by name in `analyzers`. @default "lucene.standard" */ analyzer?: string
      /** Document describing the index to create. `fields` is required and must define at least one field when `dynamic` is `false` (the default). When `dynamic` is `true` or a typeSet object, `fields` may still be provided to index additional fields explicitly. */ mappings: {
        /** Enables or disables dynamic mapping of fields for this index. If set to true, Atlas Search recursively indexes all dynamically indexable fields. If set to false, you must specify individual fields to index using mappings.fields. Can also be set to `{ typeSet: '<name>' }` to reference a named entry in this index's `typeSets`, restricting dynamic mapping to only the field types listed in that type set. */ dynamic?: boolean | { /** Name of a type set defined in this index's `typeSets`. */ typeSet: string }
        /** The field mapping definitions. If `dynamic` is set to `false`, this is required. */ fields?: Record<string, any>
        [key: string]: any
      }
      /** Specifies the number of sub-indexes to create if the document count exceeds two billion. If omitted, defaults to 1. */ numPartitions?: "1" | "2" | "4"
      [key: string]: any
    })[]
  }): Promise<{
    database: string
    collection: string
    indexName: string
    indexType: "classic" | "vectorSearch" | "search"
  }>;
  /** db-stats: Returns statistics that reflect the use state of a single database */
  function db_stats(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
  }): Promise<{ stats: Record<string, any> }>;
  /** delete-many: Removes all documents that match the filter from a MongoDB collection */
  function delete_many(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The query filter, specifying the deletion criteria. Matches the syntax of the filter argument of db.collection.deleteMany() */ filter?: Record<string, any>
  }): Promise<{ database: string; collection: string; deletedCount: number }>;
  /** Close a MongoDB connection and revoke its connectionId. */
  function disconnect(args: { /** The connectionId to disconnect. */ connectionId: string }): Promise<{ outcome: "removed" | "disconnected" }>;
  /** drop-collection: Removes a collection or view from the database. The method also removes any indexes associated with the dropped collection. */
  function drop_collection(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
  }): Promise<{ database: string; collection: string; dropped: boolean }>;
  /** drop-database: Removes the specified database, deleting the associated data files */
  function drop_database(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
  }): Promise<{ database: string; dropped: boolean }>;
  /** drop-index: Drop an index for the provided database and collection. */
  function drop_index(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The name of the index to be dropped. @minLength 1 */ indexName: string
    /** The type of index to be deleted. Use 'classic' for standard indexes and 'search' for atlas search and vector search indexes. */ type: "classic" | "search"
  }): Promise<{ database: string; collection: string; indexName: string; dropped: boolean }>;
  /** Returns statistics describing the execution of the winning plan chosen by the query optimizer for the evaluated method */
  function explain(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The method and its arguments to run */ method: ({ name: "aggregate"; arguments: Arguments } | {
      name: "find"
      arguments: {
        /** The query filter, matching the syntax of the query argument of db.collection.find() */ filter?: Record<string, any>
        /** The projection, matching the syntax of the projection argument of db.collection.find() */ projection?: Record<string, any>
        /** The maximum number of documents to return @default 10 */ limit?: number
        /** A document, describing the sort order, matching the syntax of the sort argument of cursor.sort(). The keys of the object are the fields to sort on, while the values are the sort directions (1 for ascending, -1 for descending). */ sort?: Record<string, 1 | -1 | "asc" | "desc" | "ascending" | "descending" | { $meta: string }>
      }
    } | {
      name: "count"
      arguments: {
        /** A filter/query parameter. Allows users to filter the documents to count. Matches the syntax of the filter argument of db.collection.count(). */ query?: Record<string, any>
      }
    })[]
    /** The verbosity of the explain plan, defaults to queryPlanner. If the user wants to know how fast is a query in execution time, use executionStats. It supports all verbosities as defined in the MongoDB Driver. */ verbosity?: "queryPlanner" | "queryPlannerExtended" | "executionStats" | "allPlansExecution"
  }): Promise<{
    explainResult: Record<string, any>
    method: "aggregate" | "find" | "count"
    verbosity: "queryPlanner" | "queryPlannerExtended" | "executionStats" | "allPlansExecution"
  }>;
  /** export: Export a query or aggregation results in the specified EJSON format. */
  function export_(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** A short description to uniquely identify the export. */ exportTitle: string
    /** The export target along with its arguments. */ exportTarget: ({
      /** The literal name 'find' to represent a find cursor as target. */ name: "find"
      /** The arguments for 'find' operation. */ arguments: {
        /** The query filter, matching the syntax of the query argument of db.collection.find() */ filter?: Record<string, any>
        /** The projection, matching the syntax of the projection argument of db.collection.find() */ projection?: Record<string, any>
        limit?: number
        /** A document, describing the sort order, matching the syntax of the sort argument of cursor.sort(). The keys of the object are the fields to sort on, while the values are the sort directions (1 for ascending, -1 for descending). */ sort?: Record<string, 1 | -1 | "asc" | "desc" | "ascending" | "descending" | { $meta: string }>
      }
    } | {
      /** The literal name 'aggregate' to represent an aggregation cursor as target. */ name: "aggregate"
      /** The arguments for 'aggregate' operation. */ arguments: Arguments
    })[]
    /** The format to be used when exporting collection data as EJSON with default being relaxed.
    relaxed: A string format that emphasizes readability and interoperability at the expense of type preservation. That is, conversion from relaxed format to BSON can lose type information.
    canonical: A string format that emphasizes type preservation at the expense of readability and interoperability. That is, conversion from canonical to BSON will generally preserve type information except in certain specific cases. */
    jsonExportFormat?: "relaxed" | "canonical"
  }): Promise<any>;
  /** Run a find query against a MongoDB collection */
  function find(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The query filter, matching the syntax of the query argument of db.collection.find() */ filter?: Record<string, any>
    /** The projection, matching the syntax of the projection argument of db.collection.find() */ projection?: Record<string, any>
    /** The maximum number of documents to return @default 10 */ limit?: number
    /** A document, describing the sort order, matching the syntax of the sort argument of cursor.sort(). The keys of the object are the fields to sort on, while the values are the sort directions (1 for ascending, -1 for descending). */ sort?: Record<string, 1 | -1 | "asc" | "desc" | "ascending" | "descending" | { $meta: string }>
    /** The maximum number of bytes to return in the response. This value is capped by the server's configured maximum and cannot be exceeded. @default 1048576 */ responseBytesLimit?: number
  }): Promise<{
    /** The documents returned by the find query */ documents: any[]
    /** The total number of documents returned by the find query */ queryResultsCount?: number
    /** The limits applied to the find query */ appliedLimits: ("config.maxDocumentsPerQuery" | "config.maxBytesPerQuery" | "tool.responseBytesLimit")[]
  }>;
  /** insert-many: Insert an array of documents into a MongoDB collection. If the list of documents is above com.mongodb/maxRequestPayloadBytes, consider inserting them in batches. */
  function insert_many(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The array of documents to insert, matching the syntax of the document argument of db.collection.insertMany(). */ documents: Record<string, any>[]
  }): Promise<{ database: string; collection: string; insertedCount: number; insertedIds: any[] }>;
  /** list-collections: List all collections for a given database */
  function list_collections(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
  }): Promise<{ collections: { name: string }[]; totalCount: number }>;
  /** list-connections: List the active MongoDB connections and their connectionIds. Use this to find a connectionId established earlier. */
  function list_connections(): Promise<{
    connections: {
      connectionId: string
      name: string
      source: "explicit" | "preconfigured"
      state?: "connected" | "connecting" | "disconnected" | "errored"
      description: string
      lastError?: string
      createdAt: string
      lastUsedAt: string
    }[]
  }>;
  /** list-databases: List all databases for a MongoDB connection */
  function list_databases(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
  }): Promise<{ databases: { name: string; size: number }[]; totalCount: number }>;
  /** mongodb-logs: Returns the most recent logged mongod events */
  function mongodb_logs(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** The type of logs to return. Global returns all recent log entries, while startupWarnings returns only warnings and errors from when the process started. @default "global" */ type?: "global" | "startupWarnings"
    /** The maximum number of log entries to return. @default 50 @minimum 1 @maximum 1024 */ limit?: integer
  }): Promise<{ logs: string[]; totalLinesWritten: number; shownCount: number }>;
  /** rename-collection: Renames a collection in a MongoDB database */
  function rename_collection(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The new name for the collection */ newName: string
    /** If true, drops the target collection if it exists */ dropTarget?: boolean
  }): Promise<{ database: string; oldCollection: string; newCollection: string; renamed: boolean }>;
  /** update-many: Updates all documents that match the specified filter for a collection. If the list of documents is above com.mongodb/maxRequestPayloadBytes, consider updating them in batches. */
  function update_many(args: {
    /** The connection to run the operation against. Use the id returned by one of the connect tools. */ connectionId: string
    /** Database name */ database: string
    /** Collection name */ collection: string
    /** The selection criteria for the update, matching the syntax of the filter argument of db.collection.updateOne() */ filter?: Record<string, any>
    /** An update document describing the modifications to apply using update operator expressions */ update: Record<string, any>
    /** Controls whether to insert a new document if no documents match the filter */ upsert?: boolean
  }): Promise<{
    database: string
    collection: string
    matchedCount: number
    modifiedCount: number
    upsertedCount: number
    upsertedId?: string
  }>;
  /** search-knowledge: Search for information in the MongoDB Assistant knowledge base. This includes official documentation, curated expert guidance, and other resources provided by MongoDB. Supports filtering by data source and version. */
  function search_knowledge(args: {
    /** A natural language query to search for in the MongoDB Assistant knowledge base. This should be a single question or a topic that is relevant to the user's MongoDB use case. */ query: string
    /** The maximum number of results to return @default 5 @minimum 1 @maximum 100 */ limit?: number
    /** A list of one or more data sources to limit the search to. You can specify a specific version of a data source by providing the version label. If not provided, the latest version of all data sources will be searched. Available data sources and their versions can be listed by calling the list-knowledge-sources tool. */ dataSources?: {
      /** The name of the data source */ name: string
      /** The version label of the data source */ versionLabel?: string
    }[]
  }): Promise<any>;
  /** list-knowledge-sources: List available data sources in the MongoDB Assistant knowledge base. Use this to explore available data sources or to find search filter parameters to use in search-knowledge. */
  function list_knowledge_sources(): Promise<any>;
}
