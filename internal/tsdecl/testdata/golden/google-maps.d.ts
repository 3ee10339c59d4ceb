/** google-maps */
declare namespace google_maps {
  /** Convert an address into geographic coordinates */
  function maps_geocode(args: { /** The address to geocode */ address: string }): Promise<any>;
  /** Convert coordinates into an address */
  function maps_reverse_geocode(args: { /** Latitude coordinate */ latitude: number; /** Longitude coordinate */ longitude: number }): Promise<any>;
  /** Search for places using Google Places API */
  function maps_search_places(args: {
    /** Search query */ query: string
    /** Optional center point for the search */ location?: { latitude?: number; longitude?: number }
    /** Search radius in meters (max 50000) */ radius?: number
  }): Promise<any>;
  /** Get detailed information about a specific place */
  function maps_place_details(args: { /** The place ID to get details for */ place_id: string }): Promise<any>;
  /** Calculate travel distance and time for multiple origins and destinations */
  function maps_distance_matrix(args: {
    /** Array of origin addresses or coordinates */ origins: string[]
    /** Array of destination addresses or coordinates */ destinations: string[]
    /** Travel mode (driving, walking, bicycling, transit) */ mode?: "driving" | "walking" | "bicycling" | "transit"
  }): Promise<any>;
  /** Get elevation data for locations on the earth */
  function maps_elevation(args: {
    /** Array of locations to get elevation for */ locations: { latitude: number; longitude: number }[]
  }): Promise<any>;
  /** Get directions between two points */
  function maps_directions(args: {
    /** Starting point address or coordinates */ origin: string
    /** Ending point address or coordinates */ destination: string
    /** Travel mode (driving, walking, bicycling, transit) */ mode?: "driving" | "walking" | "bicycling" | "transit"
  }): Promise<any>;
}
