declare namespace memory {
  type Entity = {
    /** The name of the entity */ name: string
    /** The type of the entity */ entityType: string
    /** An array of observation contents associated with the entity */ observations: string[]
  };
  type Relation = {
    /** The name of the entity where the relation starts */ from: string
    /** The name of the entity where the relation ends */ to: string
    /** The type of the relation */ relationType: string
  };
  /** Create multiple new entities in the knowledge graph */
  function create_entities(args: { entities: Entity[] }): Promise<{ entities: Entity[] }>;
  /** Create multiple new relations between entities in the knowledge graph. Relations should be in active voice */
  function create_relations(args: { relations: Relation[] }): Promise<{ relations: Relation[] }>;
  /** Add new observations to existing entities in the knowledge graph */
  function add_observations(args: {
    observations: {
      /** The name of the entity to add the observations to */ entityName: string
      /** An array of observation contents to add */ contents: string[]
    }[]
  }): Promise<{ results: { entityName: string; addedObservations: string[] }[] }>;
  /** Delete multiple entities and their associated relations from the knowledge graph */
  function delete_entities(args: { /** An array of entity names to delete */ entityNames: string[] }): Promise<{ success: boolean; message: string }>;
  /** Delete specific observations from entities in the knowledge graph */
  function delete_observations(args: {
    deletions: {
      /** The name of the entity containing the observations */ entityName: string
      /** An array of observations to delete */ observations: string[]
    }[]
  }): Promise<{ success: boolean; message: string }>;
  /** Delete multiple relations from the knowledge graph */
  function delete_relations(args: { /** An array of relations to delete */ relations: Relation[] }): Promise<{ success: boolean; message: string }>;
  /** Read the entire knowledge graph */
  function read_graph(args?: {}): Promise<{ entities: Entity[]; relations: Relation[] }>;
  /** Search for nodes in the knowledge graph based on a query */
  function search_nodes(args: {
    /** The search query to match against entity names, types, and observation content */ query: string
  }): Promise<{ entities: Entity[]; relations: Relation[] }>;
  /** Open specific nodes in the knowledge graph by their names */
  function open_nodes(args: { /** An array of entity names to retrieve */ names: string[] }): Promise<{ entities: Entity[]; relations: Relation[] }>;
}
