declare namespace hubspot {
  type integer = number;
  type Type = {
    associationCategory: "HUBSPOT_DEFINED" | "USER_DEFINED" | "INTEGRATOR_DEFINED"
    /** @exclusiveMinimum 0 */ associationTypeId: integer
  };
  type Option = {
    /** The human-readable label for the option */ label: string
    /** The internal value for the option, which must be used when setting the property value */ value: string
    /** A description of what the option represents */ description?: string
    /** The order for displaying the option (lower numbers displayed first) */ displayOrder?: integer
    /** Whether the option should be hidden in HubSpot */ hidden?: boolean
  };
  type Associations = {
    contactIds?: integer[]
    companyIds?: integer[]
    dealIds?: integer[]
    ownerIds?: integer[]
    ticketIds?: integer[]
  };
  /** hubspot-get-user-details:     🎯 Purpose
        1. Authenticates and analyzes the current HubSpot access token, providing context about the user's permissions and account details.

      🧭 Usage Guidance:
        1. This tool must be used before performing any operations with Hubspot tools to determine the identity of the user, and permissions they have on their Hubspot account.

      📦 Returns:
        1. User ID, Hub ID, App ID, token type, a comprehensive list of authorized API scopes, and detailed owner information, and account information.
        2. The uiDomain and hubId can be used to construct URLs to the HubSpot UI for the user.
        3. If the user is an owner, the ownerId will help identify objects that are owned by the user. */
  function hubspot_get_user_details(): Promise<any>;
  /** hubspot-list-objects:     🎯 Purpose:
        1. Retrieves a paginated list of objects of a specified type from HubSpot.

      📦 Returns:
        1. Collection of objects with their properties and metadata, plus pagination information.

      🧭 Usage Guidance:
        1. Use for initial data exploration to understand the data structure of a HubSpot object type.
        2. Helps list objects when the search criteria or filter criteria is not clear.
        3. Use hubspot-search-objects for targeted queries when the data structure is known.
        4. Use hubspot-batch-read-objects to retrieve specific objects by their IDs.
        5. Use hubspot-list-associations to list associations between objects. */
  function hubspot_list_objects(args: {
    /** The type of HubSpot object to list. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** The maximum number of results to display per page (max: 500). @default 100 @minimum 1 @maximum 500 */ limit?: integer
    /** The paging cursor token of the last successfully read resource. */ after?: string
    /** A list of the properties to be returned in the response. */ properties?: string[]
    /** A list of object types to retrieve associated IDs for (e.g., appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users). */ associations?: string[]
    /** Whether to return only results that have been archived. */ archived?: boolean
  }): Promise<any>;
  /** hubspot-search-objects:     🎯 Purpose:
        1. Performs advanced filtered searches across HubSpot object types using complex criteria.

      📋 Prerequisites:
        1. Use the hubspot-list-objects tool to sample existing objects for the object type.
        2. If hubspot-list-objects tool's response isn't helpful, use hubspot-list-properties tool.

      📦 Returns:
        1. Filtered collection matching specific criteria with pagination information.

      🧭 Usage Guidance:
        1. Preferred for targeted data retrieval when exact filtering criteria are known. Supports complex boolean logic through filter groups.
        2. Use hubspot-list-objects when filter criteria is not specified or clear or when a search fails.
        3. Use hubspot-batch-read-objects to retrieve specific objects by their IDs.
        4. Use hubspot-list-associations to get the associations between objects.

      🔍 Filtering Capabilities:
        1. Think of "filterGroups" as separate search conditions that you want to combine with OR logic (meaning ANY of them can match).
        2. If you want to find things that match ALL of several conditions (AND logic), put those conditions together in the same filters list.
        3. If you want to find things that match AT LEAST ONE of several conditions (OR logic), put each condition in a separate filterGroup.
        4. You can include a maximum of five filterGroups with up to 6 filters in each group, with a maximum of 18 filters in total. */
  function hubspot_search_objects(args: {
    /** The type of HubSpot object to search. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** Text to search across default searchable properties of the specified object type. Each object type has different searchable properties. For example: contacts (firstname, lastname, email, phone, company), companies (name, website, domain, phone), deals (dealname, pipeline, dealstage, description, dealtype), etc */ query?: string
    /** The maximum number of results to display per page (max: 100). @default 10 @minimum 1 @maximum 100 */ limit?: integer
    /** The paging cursor token of the last successfully read resource. */ after?: string
    /** A list of the properties to be returned in the response. */ properties?: string[]
    /** A list of sort criteria to apply to the results. */ sorts?: {
      /** The name of the property to sort by */ propertyName: string
      /** The sort direction */ direction: "ASCENDING" | "DESCENDING"
    }[]
    /** Groups of filters to apply (combined with OR). */ filterGroups?: {
      /** Array of filters to apply (combined with AND). */ filters: {
        /** The name of the property to filter by */ propertyName: string
        /** The operator to use for comparison */ operator: "EQ" | "NEQ" | "LT" | "LTE" | "GT" | "GTE" | "BETWEEN" | "IN" | "NOT_IN" | "HAS_PROPERTY" | "NOT_HAS_PROPERTY" | "CONTAINS_TOKEN" | "NOT_CONTAINS_TOKEN"
        /** The value to compare against. Must be a string */ value?: any
        /** Set of string values for multi-value operators like IN and NOT_IN. */ values?: any[]
        /** The upper bound value for range operators like BETWEEN. The lower bound is specified by the value attribute */ highValue?: any
      }[]
    }[]
  }): Promise<any>;
  /** hubspot-batch-create-associations:     🛡 Guardrails:
        1.  Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Establishes relationships between HubSpot objects, linking records across different object types, by creating associations between objects in batch.
        2. Uses a single set of association types for all associations in the batch.

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the OwnerId and UserId if you don't have that already.
        2. Use the hubspot-get-association-definitions tool to identify valid association types before creating associations. */
  function hubspot_batch_create_associations(args: {
    /** The type of HubSpot object to create association from. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ fromObjectType: string
    /** The type of HubSpot object to create association to. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ toObjectType: string
    /** The types of associations to create @minItems 1 */ types: Type[]
    /** List of association inputs defining the relationships to create. (max 100 associations per batch) @minItems 1 */ inputs: {
      from: { /** The ID of the object to create association from */ id: string }
      to: { /** The ID of the object to create association to */ id: string }
    }[]
  }): Promise<any>;
  /** hubspot-get-association-definitions:     🎯 Purpose:
        1. Retrieves valid association types between specific HubSpot object types.

      📦 Returns:
        1. Array of valid association definitions with type IDs, labels, and categories.

      🧭 Usage Guidance:
        1. Always use before creating associations to ensure valid relationship types or to help troubleshoot association creation errors. */
  function hubspot_get_association_definitions(args: {
    /** The type of HubSpot object to get association from. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ fromObjectType: string
    /** The type of HubSpot object to get association to. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ toObjectType: string
  }): Promise<any>;
  /** hubspot-list-associations:     🎯 Purpose:
        1. Retrieves existing relationships between a specific object and other objects of a particular type.
        2. For example, you can find all companies that a contact is associated with, all deals related to a company, or discover which customers have an open ticket.

      📦 Returns:
        1. Collection of associated object IDs and relationship metadata.
        2. Use hubspot-batch-read-objects to get more information about the associated objects.

      🧭 Usage Guidance:
        1. Use this tool when mapping relationships between different HubSpot objects to understand your data's connections.
        2. This tool is ideal when you already know a specific record's ID and need to discover its relationships with other object types.
        3. Prefer this over hubspot-search-objects tool when exploring established connections rather than filtering by properties or criteria. */
  function hubspot_list_associations(args: {
    /** The type of HubSpot object to get associations from. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** The ID of the HubSpot object to get associations from */ objectId: string
    /** The type of HubSpot object to get associations to. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ toObjectType: string
    /** Paging cursor token for retrieving the next page of results */ after?: string
  }): Promise<any>;
  /** hubspot-batch-create-objects:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Creates multiple HubSpot objects of the same objectType in a single API call, optimizing for bulk operations.

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the OwnerId and UserId if you don't have that already.
        2. Use the hubspot-list-objects tool to sample existing objects for the object type.
        3. Use the hubspot-get-association-definitions tool to identify valid association types before creating associations. */
  function hubspot_batch_create_objects(args: {
    /** The type of HubSpot object to create. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** Array of objects to create (maximum 100 per batch) @minItems 1 @maxItems 100 */ inputs: {
      /** Object properties as key-value pairs */ properties: Record<string, string>
      /** Optional list of associations to create with this object */ associations?: { /** @minItems 1 */ types: Type[]; to: { /** ID of the object to associate with */ id: string } }[]
      /** Optional trace ID for debugging purposes */ objectWriteTraceId?: string
    }[]
  }): Promise<any>;
  /** hubspot-batch-update-objects:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Updates multiple existing HubSpot objects of the same objectType in a single API call.
        2. Use this tool when the user wants to update one or more existing CRM objects.
        3. If you are unsure about the property type to update, identify existing properties of the object and ask the user.

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the OwnerId and UserId if you don't have that already.
        2. Use the hubspot-list-objects tool to sample existing objects for the object type.
        3. If hubspot-list-objects tool's response isn't helpful, use hubspot-list-properties tool. */
  function hubspot_batch_update_objects(args: {
    /** The type of HubSpot object to update. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** Array of objects to update (maximum 100 per batch) @minItems 1 @maxItems 100 */ inputs: {
      /** ID of the object to update */ id: string
      /** Object properties as key-value pairs */ properties: Record<string, string>
      /** Optional unique property name to use as the ID */ idProperty?: string
      /** Optional trace ID for debugging purposes */ objectWriteTraceId?: string
    }[]
  }): Promise<any>;
  /** hubspot-batch-read-objects:     🎯 Purpose:
        1. Retrieves multiple HubSpot objects of the same object type by their IDs in a single batch operation.

      🧭 Usage Guidance:
        1. Use this tool to retrieve objects when the object IDs are known. */
  function hubspot_batch_read_objects(args: {
    /** The type of HubSpot object to read. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** Array of object IDs to read (maximum 100 per batch) @minItems 1 @maxItems 100 */ inputs: { /** ID of the object to read */ id: string }[]
    /** Optional list of property names to include in the results */ properties?: string[]
    /** Optional list of property names to include with history */ propertiesWithHistory?: string[]
  }): Promise<any>;
  /** hubspot-list-properties:     🎯 Purpose:
        1. This tool retrieves a complete catalog of properties for any HubSpot object type.

      🧭 Usage Guidance:
        1. This API has a large response that can consume a lot of tokens. Use the hubspot-list-objects tool to sample existing objects for the object type first.
        2. Try to use the hubspot-get-property tool to get a specific property.
        3. Use at the beginning of workflows to understand available data structures. */
  function hubspot_list_properties(args: {
    /** The type of HubSpot object to get properties for. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** Whether to return only properties that have been archived. */ archived?: boolean
    /** Whether to include hidden properties in the response. */ includeHidden?: boolean
  }): Promise<any>;
  /** hubspot-get-property:     🎯 Purpose:
        1. This tool retrieves detailed information about a specific property for a HubSpot object type.
        2. You can use this to get all metadata related to a property, including its type, options,
           and other configuration details. */
  function hubspot_get_property(args: {
    /** The type of HubSpot object the property belongs to. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** The name of the property to retrieve */ propertyName: string
  }): Promise<any>;
  /** hubspot-create-property:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Creates new custom properties for HubSpot object types, enabling data structure customization.

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the OwnerId and UserId if you don't have that already.
        2. Use the hubspot-list-objects tool to sample existing objects for the object type.
        3. If hubspot-list-objects tool's response isn't helpful, use hubspot-list-properties tool.

      🧭 Usage Guidance:
        1. Use this tool when you need to create a new custom property for a HubSpot object type.
        2. Makes sure that the user is looking to create a new property, and not create an object of a specific object type.
        3. Use list-properties to get a list of all properties for a given object type to be sure that the property does not already exist.
        4. Use list-properties to to understand the data structure of object properties first. */
  function hubspot_create_property(args: {
    /** The type of HubSpot object to create the property for. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** The internal property name, which must be used when referencing the property via the API */ name: string
    /** A human-readable property label that will be shown in HubSpot */ label: string
    /** A description of the property that will be shown as help text */ description?: string
    /** The name of the property group the property belongs to */ groupName: string
    /** The data type of the property @default "string" */ type?: "string" | "number" | "date" | "datetime" | "enumeration" | "bool"
    /** Controls how the property appears in HubSpot @default "text" */ fieldType?: "text" | "textarea" | "date" | "file" | "number" | "select" | "radio" | "checkbox" | "booleancheckbox" | "calculation"
    /** A list of valid options for enumeration properties */ options?: Option[]
    /** Whether the property can be used in forms */ formField?: boolean
    /** Whether the property should be hidden in HubSpot */ hidden?: boolean
    /** The order for displaying the property (lower numbers displayed first) */ displayOrder?: integer
    /** Whether the property's value must be unique */ hasUniqueValue?: boolean
    /** A formula that is used to compute a calculated property */ calculationFormula?: string
    /** Only for enumeration type properties. Should be set to true in conjunction with a referencedObjectType */ externalOptions?: boolean
  }): Promise<any>;
  /** hubspot-update-property:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Updates existing custom properties for HubSpot object types, enabling data structure customization.

      🧭 Usage Guidance:
        1. Use hubspot-list-objects tool to sample existing objects for the object type.
        2. If hubspot-list-objects tool's response isn't helpful, use hubspot-list-properties tool. */
  function hubspot_update_property(args: {
    /** The type of HubSpot object the property belongs to. Valid values include: appointments, companies, contacts, courses, deals, leads, line_items, listings, marketing_events, meetings, orders, postal_mail, products, quotes, services, subscriptions, tickets, users. For custom objects, use the hubspot-get-schemas tool to get the objectType. */ objectType: string
    /** The name of the property to update */ propertyName: string
    /** A human-readable property label that will be shown in HubSpot */ label?: string
    /** A description of the property that will be shown as help text */ description?: string
    /** The name of the property group the property belongs to */ groupName?: string
    /** The data type of the property */ type?: "string" | "number" | "date" | "datetime" | "enumeration" | "bool"
    /** Controls how the property appears in HubSpot */ fieldType?: "text" | "textarea" | "date" | "file" | "number" | "select" | "radio" | "checkbox" | "booleancheckbox" | "calculation"
    /** A list of valid options for enumeration properties */ options?: Option[]
    /** Whether the property can be used in forms */ formField?: boolean
    /** Whether the property should be hidden in HubSpot */ hidden?: boolean
    /** The order for displaying the property (lower numbers displayed first) */ displayOrder?: integer
    /** A formula that is used to compute a calculated property */ calculationFormula?: string
  }): Promise<any>;
  /** hubspot-create-engagement:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Creates a HubSpot engagement (Note or Task) associated with contacts, companies, deals, or tickets.
        2. This endpoint is useful for keeping your CRM records up-to-date on any interactions that take place outside of HubSpot.
        3. Activity reporting in the CRM also feeds off of this data.

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the OwnerId and UserId.

      🧭 Usage Guidance:
        1. Use NOTE type for adding notes to records
        2. Use TASK type for creating tasks with subject, status, and assignment
        3. Both require relevant associations to connect them to CRM records
        4. Other types of engagements (EMAIL, CALL, MEETING) are NOT supported yet.
        5. HubSpot notes and task descriptions support HTML formatting. However headings (<h1>, <h2>, etc.) look ugly in the CRM. So use them sparingly. */
  function hubspot_create_engagement(args: {
    /** The type of engagement to create (NOTE or TASK) */ type: "NOTE" | "TASK"
    /** The ID of the owner of this engagement @exclusiveMinimum 0 */ ownerId: integer
    /** Timestamp for the engagement (milliseconds since epoch). Defaults to current time if not provided. */ timestamp?: integer
    /** Associated records for this engagement */ associations: Associations
    /** Metadata specific to the engagement type */ metadata: Record<string, any>
  }): Promise<any>;
  /** hubspot-get-engagement:     🎯 Purpose:
        1. Retrieves a HubSpot engagement by ID. */
  function hubspot_get_engagement(args: { /** The ID of the engagement to retrieve @exclusiveMinimum 0 */ engagementId: integer }): Promise<any>;
  /** hubspot-update-engagement:     🛡 Guardrails:
        1. Data Modification Warning: This tool modifies HubSpot data. Only use when the user has explicitly requested to update their CRM.

      🎯 Purpose:
        1. Updates an existing HubSpot engagement (Note or Task).
        2. Allows modification of engagement attributes, content, and metadata.

      📋 Prerequisites:
        1. You need the engagement ID to update an existing engagement.
        2. Use the hubspot-get-engagement tool to get the current engagement details if needed.
        3. Use the hubspot-get-user-details tool to get the owner ID.

      🧭 Usage Guidance:
        1. Use for updating NOTE content or TASK details (subject, description, status).
        2. Only include the fields you want to update - other fields will remain unchanged.
        3. HubSpot notes and task descriptions support HTML formatting. However headings (<h1>, <h2>, etc.) look ugly in the CRM. So use them sparingly. */
  function hubspot_update_engagement(args: {
    /** The ID of the engagement to update @exclusiveMinimum 0 */ engagementId: integer
    /** The ID of the owner of this engagement @exclusiveMinimum 0 */ ownerId?: integer
    /** Timestamp for the engagement (milliseconds since epoch). */ timestamp?: integer
    /** Metadata specific to the engagement type (Note or Task) */ metadata: Record<string, any>
    /** Associated records for this engagement */ associations: Associations
  }): Promise<any>;
  /** hubspot-generate-feedback-link:     🎯 Purpose:
        1. Use this tool when the user wants to submit feedback about HubSpot MCP tool.
        2. Use this tool proactively when the other HubSpot MCP tools are unable to solve the user's tasks effectively.
        3. Use this tool when you sense dissatisfaction from the user using HubSpot MCP tools.
        4. Feedback will help us improve the HubSpot MCP tools in future iterations. */
  function hubspot_generate_feedback_link(): Promise<any>;
  /** hubspot-get-schemas:     🎯 Purpose:
        1. Retrieves all custom object schemas defined in the HubSpot account.

      🧭 Usage Guidance:
        1. Before working with custom objects to understand available object types,
           their properties, and associations.

      📦 Returns:
        1. Provides the objectTypeId and objectType for each schema.
        2. These attributes should be used for this object type instead of "custom" in subsequent requests. */
  function hubspot_get_schemas(): Promise<any>;
  /** hubspot-get-link:     🎯 Purpose:
        1. Generates HubSpot UI links for different pages based on object types and IDs.
        2. Supports both index pages (lists of objects) and record pages (specific object details).

      📋 Prerequisites:
        1. Use the hubspot-get-user-details tool to get the PortalId and UiDomain.

      🧭 Usage Guidance:
        1. Use to generate links to HubSpot UI pages when users need to reference specific HubSpot records.
        2. Validates that object type IDs exist in the HubSpot system. */
  function hubspot_get_link(args: {
    /** The HubSpot portal/account ID */ portalId: string
    /** The HubSpot UI domain(e.g., 'app.hubspot.com') */ uiDomain: string
    /** Array of page link requests to generate */ pageRequests: {
      /** The type of page to link to: 'record' for a specific object's page, 'index' for a list page */ pagetype: "record" | "index"
      /** The HubSpot object type ID to link to (e.g., '0-1', '0-2' for contacts, companies, or '2-x' for custom objects) */ objectTypeId: string
      /** The specific object ID to link to (required for 'record' page types) */ objectId?: string
    }[]
  }): Promise<any>;
  /** hubspot-list-workflows:     🎯 Purpose:
        1. This tool retrieves a paginated list of workflows from the HubSpot account.

      🧭 Usage Guidance:
        1. Use the "limit" parameter to control the number of results returned per page.
        2. For pagination, use the "after" parameter with the value from the previous response's paging.next.after.
        3. This endpoint returns essential workflow information including ID, name, type, and status. */
  function hubspot_list_workflows(args?: {
    /** The maximum number of workflows to return per page (1-100). @default 20 @minimum 1 @maximum 100 */ limit?: number
    /** Cursor token to fetch the next page of results. Use the paging.next.after value from the previous response. */ after?: string
  }): Promise<any>;
  /** hubspot-get-workflow:     🎯 Purpose:
        1. This tool retrieves detailed information about a specific workflow from the HubSpot account.

      🧭 Usage Guidance:
        1. Use the "flowId" parameter to specify which workflow to retrieve.
        2. This endpoint returns complete workflow information including actions, enrollment criteria, and scheduling.
        3. Use the hubspot-list-workflows tool first to identify the workflow ID you need. */
  function hubspot_get_workflow(args: { /** The ID of the workflow to retrieve */ flowId: string }): Promise<any>;
}
