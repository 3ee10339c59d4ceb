declare namespace figma {
  /** Get comprehensive Figma file data including layout, content, visuals, and component information */
  function get_figma_data(args: {
    /** The key of the Figma file to fetch, often found in a provided URL like figma.com/(file|design)/<fileKey>/... @pattern ^[a-zA-Z0-9]+$ */ fileKey: string
    /** The ID of the node to fetch, often found as URL parameter node-id=<nodeId>, always use if provided. Use format '1234:5678' for a standard node, or 'I5666:180910;1:10515;1:10336' for a deeply nested instance node (the semicolon-joined path represents the instance override chain — it's still a single node ID, not multiple nodes). @pattern ^I?\d+[:|-]\d+(?:;\d+[:|-]\d+)*$ */ nodeId?: string
    /** OPTIONAL. Do NOT use unless explicitly requested by the user. Controls how many levels deep to traverse the node tree. */ depth?: number
  }): Promise<any>;
  /** Download SVG and PNG images used in a Figma file based on the IDs of image or icon nodes. Images will be saved relative to the server's image directory: /tmp/ceo/corpus/pkgs/figma */
  function download_figma_images(args: {
    /** The key of the Figma file containing the images @pattern ^[a-zA-Z0-9]+$ */ fileKey: string
    /** The nodes to fetch as images */ nodes: {
      /** The ID of the Figma image node to fetch, formatted as 1234:5678 @pattern ^I?\d+[:|-]\d+(?:;\d+[:|-]\d+)*$ */ nodeId: string
      /** If a node has an imageRef fill, you must include this variable. Leave blank when downloading Vector SVG images or animated GIFs (use gifRef instead), or when an IMAGE fill is present without an imageRef — in that case the node is rendered as PNG via nodeId. */ imageRef?: string
      /** If a node has a gifRef fill (animated GIF), you must include this variable to download the animated GIF. When gifRef is present in the Figma data, use it instead of imageRef to get the animated file rather than a static snapshot. */ gifRef?: string
      /** The local name for saving the fetched file, including extension. png, svg, or gif. @pattern ^[a-zA-Z0-9_.-]+\.(png|svg|gif)$ */ fileName: string
      /** Whether this image needs cropping based on its transform matrix */ needsCropping?: boolean
      /** Figma transform matrix for image cropping */ cropTransform?: number[][]
      /** Whether this image requires dimension information for CSS variables */ requiresImageDimensions?: boolean
      /** Suffix to add to filename for unique cropped images, provided in the Figma data (e.g., 'abc123') @pattern ^[a-zA-Z0-9_-]+$ */ filenameSuffix?: string
    }[]
    /** Export scale for PNG images. Optional, defaults to 2 if not specified. Affects PNG images only. @exclusiveMinimum 0 */ pngScale?: number
    /** The directory to save images in. Provide a path relative to the server's image directory (e.g., 'public/images' or 'assets/icons'). Either separator works. Absolute paths are accepted only if they point inside the image directory. The directory is created if missing. */ localPath: string
  }): Promise<any>;
}
