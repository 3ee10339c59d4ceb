/** antv-chart */
declare namespace antv_chart {
  type Style2 = {
    /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
    /** Color palette for the chart, it is a collection of colors. */ palette?: string[]
    /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
    /** Line width for the lines of chart, such as 4. */ lineWidth?: number
  };
  type Data3 = { category: string; value: number; group?: string };
  type Style3 = {
    /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
    /** Color palette for the chart, it is a collection of colors. */ palette?: string[]
    /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
  };
  type Style = {
    /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
    /** Color palette for the chart, it is a collection of colors. */ palette?: string[]
    /** Whether to start the axis at zero, optional, default is false. */ startAtZero?: boolean
    /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
  };
  type Style5 = { /** Fill color, rgb or rgba format. */ fillColor?: string };
  type Data = {
    name: string
    children?: { name: string; children?: { name: string; children?: { name: string }[] }[] }[]
  };
  type Style4 = {
    /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
  };
  type Data2 = {
    /** @minItems 1 */ nodes: { name: string }[]
    edges: { source: string; target: string; name?: string }[]
  };
  /** Generate a area chart to show data trends under continuous independent variables and observe the overall data trend, such as, displacement = velocity (average or instantaneous) × time: s = v × t. If the x-axis is time (t) and the y-axis is velocity (v) at each moment, an area chart allows you to observe the trend of velocity over time and infer the distance traveled by the area's size. */
  function generate_area_chart(args: {
    /** Data for area chart, it should be an array of objects, each object contains a `time` field and a `value` field, such as, [{ time: '2015', value: 23 }, { time: '2016', value: 32 }], when stacking is needed for area, the data should contain a `group` field, such as, [{ time: '2015', value: 23, group: 'A' }, { time: '2015', value: 32, group: 'B' }]. @minItems 1 */ data: { time: string; value: number; group?: string }[]
    /** Whether stacking is enabled. When enabled, area charts require a 'group' field in the data. */ stack?: boolean
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style2
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a horizontal bar chart to show data for numerical comparisons among different categories, such as, comparing categorical data and for horizontal comparisons. */
  function generate_bar_chart(args: {
    /** Data for bar chart, such as, [{ category: '分类一', value: 10 }, { category: '分类二', value: 20 }], when grouping or stacking is needed for bar, the data should contain a `group` field, such as, when [{ category: '北京', value: 825, group: '油车' }, { category: '北京', value: 1000, group: '电车' }]. @minItems 1 */ data: Data3[]
    /** Whether grouping is enabled. When enabled, bar charts require a 'group' field in the data. When `group` is true, `stack` should be false. */ group?: boolean
    /** Whether stacking is enabled. When enabled, bar charts require a 'group' field in the data. When `stack` is true, `group` should be false. @default true */ stack?: boolean
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a boxplot chart to show data for statistical summaries among different categories, such as, comparing the distribution of data points across categories. */
  function generate_boxplot_chart(args: {
    /** Data for boxplot chart, such as, [{ category: '分类一', value: 10 }] or [{ category: '分类二', value: 20, group: '组别一' }]. @minItems 1 */ data: {
      /** Category of the data point, such as '分类一'. */ category: string
      /** Value of the data point, such as 10. */ value: number
      /** Optional group for the data point, used for grouping in the boxplot. */ group?: string
    }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a column chart, which are best for comparing categorical data, such as, when values are close, column charts are preferable because our eyes are better at judging height than other visual elements like area or angles. */
  function generate_column_chart(args: {
    /** Data for column chart, such as, [{ category: 'Category A', value: 10 }, { category: 'Category B', value: 20 }], when grouping or stacking is needed for column, the data should contain a 'group' field, such as, [{ category: 'Beijing', value: 825, group: 'Gas Car' }, { category: 'Beijing', value: 1000, group: 'Electric Car' }]. @minItems 1 */ data: Data3[]
    /** Whether grouping is enabled. When enabled, column charts require a 'group' field in the data. When `group` is true, `stack` should be false. @default true */ group?: boolean
    /** Whether stacking is enabled. When enabled, column charts require a 'group' field in the data. When `stack` is true, `group` should be false. */ stack?: boolean
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generates regional distribution maps, which are usually used to show the administrative divisions and coverage of a dataset. It is not suitable for showing the distribution of specific locations, such as urban administrative divisions, GDP distribution maps of provinces and cities across the country, etc. This tool is limited to generating data maps within China. */
  function generate_district_map(args: {
    /** The map title should not exceed 16 characters. The content should be consistent with the information the map wants to convey and should be accurate, rich, creative, and attractive. */ title: string
    /** Administrative division data, lower-level administrative divisions are optional. There are usually two scenarios: one is to simply display the regional composition, only `fillColor` needs to be configured, and all administrative divisions are consistent, representing that all blocks are connected as one; the other is the regional data distribution scenario, first determine the `dataType`, `dataValueUnit` and `dataLabel` configurations, `dataValue` should be a meaningful value and consistent with the meaning of dataType, and then determine the style configuration. The `fillColor` configuration represents the default fill color for areas without data. Lower-level administrative divisions do not need `fillColor` configuration, and their fill colors are determined by the `colors` configuration (If `dataType` is "number", only one base color (warm color) is needed in the list to calculate the continuous data mapping color band; if `dataType` is "enum", the number of color values in the list is equal to the number of enumeration values (contrast colors)). If `subdistricts` has a value, `showAllSubdistricts` must be set to true. For example, {"title": "陕西省地级市分布图", "data": {"name": "陕西省", "showAllSubdistricts": true, "dataLabel": "城市", "dataType": "enum", "colors": ["#4ECDC4", "#A5D8FF"], "subdistricts": [{"name": "西安市", "dataValue": "省会"}, {"name": "宝鸡市", "dataValue": "地级市"}, {"name": "咸阳市", "dataValue": "地级市"}, {"name": "铜川市", "dataValue": "地级市"}, {"name": "渭南市", "dataValue": "地级市"}, {"name": "延安市", "dataValue": "地级市"}, {"name": "榆林市", "dataValue": "地级市"}, {"name": "汉中市", "dataValue": "地级市"}, {"name": "安康市", "dataValue": "地级市"}, {"name": "商洛市", "dataValue": "地级市"}]}, "width": 1000, "height": 1000}. */ data: {
      /** Keywords for the Chinese name of an administrative region (must be within China), and must be one of China, province, city, district, or county. The name should be more specific and add attributive descriptions, for example, "西安市" is better than "西安", "杭州西湖区" is better than "西湖区". It cannot be a specific place name or a vague name, such as "其它". */ name: string
      /** Style settings. */ style?: Style5
      /** Data color list, in rgb or rgba format. */ colors?: string[]
      /** The type of the data value, numeric or enumeration type */ dataType?: "number" | "enum"
      /** Data label, such as "GDP" */ dataLabel?: string
      /** Data value, numeric string or enumeration string. */ dataValue?: string
      /** Data unit, such as "万亿" */ dataValueUnit?: string
      /** Whether to display all subdistricts. */ showAllSubdistricts?: boolean
      /** Sub-administrative regions are used to display the regional composition or regional distribution of related data. */ subdistricts?: {
        /** Keywords for the Chinese name of an administrative region (must be within China), and must be one of China, province, city, district, or county. The name should be more specific and add attributive descriptions, for example, "西安市" is better than "西安", "杭州西湖区" is better than "西湖区". It cannot be a specific place name or a vague name, such as "其它". */ name: string
        /** Data value, numeric string or enumeration string. */ dataValue?: string
        /** Style settings. */ style?: Style5
      }[]
    }
    /** Set the width of map, default is 1600. */ width?: number
    /** Set the height of map, default is 1000. */ height?: number
  }): Promise<any>;
  /** Generate a dual axes chart which is a combination chart that integrates two different chart types, typically combining a bar chart with a line chart to display both the trend and comparison of data, such as, the trend of sales and profit over time. */
  function generate_dual_axes_chart(args: {
    /** Categories for dual axes chart, such as, ['2015', '2016', '2017']. @minItems 1 */ categories: string[]
    /** Series for dual axes chart, such as, [{ type: 'column', data: [91.9, 99.1, 101.6, 114.4, 121], axisYTitle: '销售额' }, { type: 'line', data: [0.055, 0.06, 0.062, 0.07, 0.075], 'axisYTitle': '利润率' }]. @minItems 1 */ series: {
      /** The optional value can be 'column' or 'line'. */ type: "column" | "line"
      /** When type is column, the data represents quantities, such as [91.9, 99.1, 101.6, 114.4, 121]. When type is line, the data represents ratios and its values are recommended to be less than 1, such as [0.055, 0.06, 0.062, 0.07, 0.075]. */ data: number[]
      /** Set the y-axis title of the chart series, such as, axisYTitle: '销售额'. */ axisYTitle?: string
    }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
  }): Promise<any>;
  /** Generate a fishbone diagram chart to uses a fish skeleton, like structure to display the causes or effects of a core problem, with the problem as the fish head and the causes/effects as the fish bones. It suits problems that can be split into multiple related factors. */
  function generate_fishbone_diagram(args: {
    /** Data for fishbone diagram chart which is a hierarchical structure, such as, { name: 'main topic', children: [{ name: 'topic 1', children: [{ name: 'subtopic 1-1' }] }] }, and the maximum depth is 3. */ data: Data
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style4
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
  /** Generate a flow diagram chart to show the steps and decision points of a process or system, such as, scenarios requiring linear process presentation. */
  function generate_flow_diagram(args: {
    /** Data for flow diagram chart, such as, { nodes: [{ name: 'node1' }, { name: 'node2' }], edges: [{ source: 'node1', target: 'node2', name: 'edge1' }] }. */ data: Data2
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style4
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
  /** Generate a funnel chart to visualize the progressive reduction of data as it passes through stages, such as, the conversion rates of users from visiting a website to completing a purchase. */
  function generate_funnel_chart(args: {
    /** Data for funnel chart, such as, [{ category: '浏览网站', value: 50000 }, { category: '放入购物车', value: 35000 }, { category: '生成订单', value: 25000 }, { category: '支付订单', value: 15000 }, { category: '完成交易', value: 8000 }]. @minItems 1 */ data: { category: string; value: number }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a histogram chart to show the frequency of data points within a certain range. It can observe data distribution, such as, normal and skewed distributions, and identify data concentration areas and extreme points. */
  function generate_histogram_chart(args: {
    /** Data for histogram chart, it should be an array of numbers, such as, [78, 88, 60, 100, 95]. @minItems 1 */ data: number[]
    /** Number of intervals to define the number of intervals in a histogram, when not specified, a built-in value will be used. */ binNumber?: number
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a line chart to show trends over time, such as, the ratio of Apple computer sales to Apple's profits changed from 2000 to 2016. */
  function generate_line_chart(args: {
    /** Data for line chart, it should be an array of objects, each object contains a `time` field and a `value` field, such as, [{ time: '2015', value: 23 }, { time: '2016', value: 32 }], when the data is grouped by time, the `group` field should be used to specify the group, such as, [{ time: '2015', value: 23, group: 'A' }, { time: '2015', value: 32, group: 'B' }]. @minItems 1 */ data: { time: string; value: number; group?: string }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: {
      /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
      /** Color palette for the chart, it is a collection of colors. */ palette?: string[]
      /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
      /** Whether to start the axis at zero, optional, default is false. */ startAtZero?: boolean
      /** Line width for the lines of chart, such as 4. */ lineWidth?: number
    }
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a liquid chart to visualize a single value as a percentage, such as, the current occupancy rate of a reservoir or the completion percentage of a project. */
  function generate_liquid_chart(args: {
    /** The percentage value to display in the liquid chart, should be a number between 0 and 1, where 1 represents 100%. For example, 0.75 represents 75%. @minimum 0 @maximum 1 */ percent: number
    /** The shape of the liquid chart, can be 'circle', 'rect', 'pin', or 'triangle'. Default is 'circle'. */ shape?: "circle" | "rect" | "pin" | "triangle"
    /** Style configuration for the chart with a JSON object, optional. */ style?: {
      /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
      /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
      /** Custom color for the liquid chart, if not specified, defaults to the theme color. */ color?: string
    }
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a mind map chart to organizes and presents information in a hierarchical structure with branches radiating from a central topic, such as, a diagram showing the relationship between a main topic and its subtopics. */
  function generate_mind_map(args: {
    /** Data for mind map chart which is a hierarchical structure, such as, { name: 'main topic', children: [{ name: 'topic 1', children: [{ name:'subtopic 1-1' }] }, and the maximum depth is 3. */ data: Data
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style4
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
  /** Generate a network graph chart to show relationships (edges) between entities (nodes), such as, relationships between people in social networks. */
  function generate_network_graph(args: {
    /** Data for network graph chart, such as, { nodes: [{ name: 'node1' }, { name: 'node2' }], edges: [{ source: 'node1', target: 'node2', name: 'edge1' }] } */ data: Data2
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style4
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
  /** Generate an organization chart to visualize the hierarchical structure of an organization, such as, a diagram showing the relationship between a CEO and their direct reports. */
  function generate_organization_chart(args: {
    /** Data for organization chart which is a hierarchical structure, such as, { name: 'CEO', description: 'Chief Executive Officer', children: [{ name: 'CTO', description: 'Chief Technology Officer', children: [{ name: 'Dev Manager', description: 'Development Manager' }] }] }, and the maximum depth is 3. */ data: {
      name: string
      description?: string
      children?: {
        name: string
        description?: string
        children?: { name: string; description?: string; children?: { name: string; description?: string }[] }[]
      }[]
    }
    /** Orientation of the organization chart, either horizontal or vertical. Default is vertical, when the level of the chart is more than 3, it is recommended to use horizontal orientation. */ orient?: "horizontal" | "vertical"
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style4
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
  /** Generate a route map to display the user's planned route, such as travel guide routes. */
  function generate_path_map(args: {
    /** The map title should not exceed 16 characters. The content should be consistent with the information the map wants to convey and should be accurate, rich, creative, and attractive. */ title: string
    /** Routes, each group represents all POIs along a route. For example, [{ "data": ["西安钟楼", "西安大唐不夜城", "西安大雁塔"] }, { "data": ["西安曲江池公园", "西安回民街"] }] @minItems 1 */ data: {
      /** A list of keywords for the names of points of interest (POIs) in Chinese. These POIs usually contain a group of places with similar locations, so the names should be more descriptive, must adding attributives to indicate that they are different places in the same area, such as "北京市" is better than "北京", "杭州西湖" is better than "西湖"; in addition, if you can determine that a location may appear in multiple areas, you can be more specific, such as "杭州西湖的苏堤春晓" is better than "苏堤春晓". The tool will use these keywords to search for specific POIs and query their detailed data, such as latitude and longitude, location photos, etc. For example, ["西安钟楼", "西安大唐不夜城", "西安大雁塔"]. @minItems 1 */ data: string[]
    }[]
    /** Set the width of map, default is 1600. */ width?: number
    /** Set the height of map, default is 1000. */ height?: number
  }): Promise<any>;
  /** Generate a pie chart to show the proportion of parts, such as, market share and budget allocation. */
  function generate_pie_chart(args: {
    /** Data for pie chart, it should be an array of objects, each object contains a `category` field and a `value` field, such as, [{ category: '分类一', value: 27 }]. @minItems 1 */ data: { category: string; value: number }[]
    /** Set the innerRadius of pie chart, the value between 0 and 1. Set the pie chart as a donut chart. Set the value to 0.6 or number in [0 ,1] to enable it. @default 0 */ innerRadius?: number
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a point map to display the location and distribution of point data on the map, such as the location distribution of attractions, hospitals, supermarkets, etc. */
  function generate_pin_map(args: {
    /** The map title should not exceed 16 characters. The content should be consistent with the information the map wants to convey and should be accurate, rich, creative, and attractive. */ title: string
    /** A list of keywords for the names of points of interest (POIs) in Chinese. These POIs usually contain a group of places with similar locations, so the names should be more descriptive, must adding attributives to indicate that they are different places in the same area, such as "北京市" is better than "北京", "杭州西湖" is better than "西湖"; in addition, if you can determine that a location may appear in multiple areas, you can be more specific, such as "杭州西湖的苏堤春晓" is better than "苏堤春晓". The tool will use these keywords to search for specific POIs and query their detailed data, such as latitude and longitude, location photos, etc. For example, ["西安钟楼", "西安大唐不夜城", "西安大雁塔"]. @minItems 1 */ data: string[]
    /** Marker type, one is simple mode, which is just an icon and does not require `markerPopup` configuration; the other is image mode, which displays location photos and requires `markerPopup` configuration. Among them, `width`/`height`/`borderRadius` can be combined to realize rectangular photos and square photos. In addition, when `borderRadius` is half of the width and height, it can also be a circular photo. */ markerPopup?: {
      /** Must be "image". @default "image" */ type?: string
      /** Width of the photo. @default 40 */ width?: number
      /** Height of the photo. @default 40 */ height?: number
      /** Border radius of the photo. @default 8 */ borderRadius?: number
    }
    /** Set the width of map, default is 1600. */ width?: number
    /** Set the height of map, default is 1000. */ height?: number
  }): Promise<any>;
  /** Generate a radar chart to display multidimensional data (four dimensions or more), such as, evaluate Huawei and Apple phones in terms of five dimensions: ease of use, functionality, camera, benchmark scores, and battery life. */
  function generate_radar_chart(args: {
    /** Data for radar chart, it should be an array of objects, each object contains a `name` field and a `value` field, such as, [{ name: 'Design', value: 70 }], when the data is grouped by `group`, the `group` field is required, such as, [{ name: 'Design', value: 70, group: 'Huawei' }]. @minItems 1 */ data: { name: string; value: number; group?: string }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style2
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a sankey chart to visualize the flow of data between different stages or categories, such as, the user journey from landing on a page to completing a purchase. */
  function generate_sankey_chart(args: {
    /** Date for sankey chart, such as, [{ source: 'Landing Page', target: 'Product Page', value: 50000 }, { source: 'Product Page', target: 'Add to Cart', value: 35000 }, { source: 'Add to Cart', target: 'Checkout', value: 25000 }, { source: 'Checkout', target: 'Payment', value: 15000 }, { source: 'Payment', target: 'Purchase Completed', value: 8000 }]. @minItems 1 */ data: { source: string; target: string; value: number }[]
    /** Alignment of nodes in the sankey chart, such as, 'left', 'right', 'justify', or 'center'. @default "center" */ nodeAlign?: "left" | "right" | "justify" | "center"
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a scatter chart to show the relationship between two variables, helps discover their relationship or trends, such as, the strength of correlation, data distribution patterns. */
  function generate_scatter_chart(args: {
    /** Data for scatter chart, such as, [{ x: 10, y: 15 }], when the data is grouped, the group name can be specified in the `group` field, such as, [{ x: 10, y: 15, group: 'Group A' }]. @minItems 1 */ data: { x: number; y: number; /** Group name for the data point. */ group?: string }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a treemap chart to display hierarchical data and can intuitively show comparisons between items at the same level, such as, show disk space usage with treemap. */
  function generate_treemap_chart(args: {
    /** Data for treemap chart which is a hierarchical structure, such as, [{ name: 'Design', value: 70, children: [{ name: 'Tech', value: 20 }] }], and the maximum depth is 3. @minItems 1 */ data: {
      name: string
      value: number
      children?: { name: string; value: number; children?: { name: string; value: number }[] }[]
    }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a Venn diagram to visualize the relationships between different sets, showing how they intersect and overlap, such as the commonalities and differences between various groups. */
  function generate_venn_chart(args: {
    /** Data for venn chart, such as, [{ label: 'A', value: 10, sets: ['A'] }, { label: 'B', value: 20, sets: ['B'] }, { label: 'C', value: 30, sets: ['C'] }, { label: 'AB', value: 5, sets: ['A', 'B'] }]. @minItems 1 */ data: {
      /** Label for the venn chart segment, such as 'A', 'B', or 'C'. */ label?: string
      /** Value for the venn chart segment, such as 10, 20, or 30. */ value: number
      /** Array of set names that this segment belongs to, such as ['A', 'B'] for an intersection between sets A and B. */ sets: string[]
    }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a violin chart to show data for statistical summaries among different categories, such as, comparing the distribution of data points across categories. */
  function generate_violin_chart(args: {
    /** Data for violin chart, such as, [{ category: 'Category A', value: 10 }], when the data is grouped, the 'group' field is required, such as, [{ category: 'Category B', value: 20, group: 'Group A' }]. @minItems 1 */ data: {
      /** Category of the data point, such as '分类一'. */ category: string
      /** Value of the data point, such as 10. */ value: number
      /** Optional group for the data point, used for grouping in the violin chart. */ group?: string
    }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a waterfall chart to visualize the cumulative effect of sequentially introduced positive or negative values, such as showing how an initial value is affected by a series of intermediate positive or negative values leading to a final result. Waterfall charts are ideal for financial analysis, budget tracking, profit and loss statements, and understanding the composition of changes over time or categories. */
  function generate_waterfall_chart(args: {
    /** Data for waterfall chart, it should be an array of objects. Each object must contain a `category` field. For regular items, a `value` field is also required. The `isIntermediateTotal` field marks intermediate subtotals, and the `isTotal` field marks the final total. For example, [{ category: 'Initial', value: 100 }, { category: 'Increase', value: 50 }, { category: 'Subtotal', isIntermediateTotal: true }, { category: 'Decrease', value: -30 }, { category: 'Total', isTotal: true }]. @minItems 1 */ data: { category: string; value?: number; isIntermediateTotal?: boolean; isTotal?: boolean }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: {
      /** Background color of the chart, such as, '#fff'. */ backgroundColor?: string
      /** Set the texture for the chart, optional, default is 'default'. 'rough' refers to hand-drawn style. */ texture?: "default" | "rough"
      palette?: {
        /** Color for positive values (increases). Default is '#FF4D4F'. */ positiveColor?: string
        /** Color for negative values (decreases). Default is '#2EBB59'. */ negativeColor?: string
        /** Color for total and intermediate total bars. Default is '#1783FF'. */ totalColor?: string
      }
    }
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
    /** Set the x-axis title of chart. */ axisXTitle?: string
    /** Set the y-axis title of chart. */ axisYTitle?: string
  }): Promise<any>;
  /** Generate a word cloud chart to show word frequency or weight through text size variation, such as, analyzing common words in social media, reviews, or feedback. */
  function generate_word_cloud_chart(args: {
    /** Data for word cloud chart, it should be an array of objects, each object contains a `text` field and a `value` field, such as, [{ value: 4.272, text: '形成' }]. @minItems 1 */ data: { text: string; value: number }[]
    /** Style configuration for the chart with a JSON object, optional. */ style?: Style3
    /** Set the theme for the chart, optional, default is 'default'. */ theme?: "default" | "academy" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
    /** Set the title of chart. */ title?: string
  }): Promise<any>;
  /** Generate a spreadsheet or pivot table for displaying tabular data. When 'rows' or 'values' fields are provided, it renders as a pivot table (cross-tabulation); otherwise, it renders as a regular table. Useful for displaying structured data, comparing values across categories, and creating data summaries. */
  function generate_spreadsheet(args: {
    /** Data for spreadsheet, an array of objects where each object represents a row. Keys are column names and values can be string, number, or null. Such as, [{ name: 'John', age: 30 }, { name: 'Jane', age: 25 }]. @minItems 1 */ data: Record<string, string | number | null>[]
    /** Row header fields for pivot table. When 'rows' or 'values' is provided, the spreadsheet will be rendered as a pivot table. */ rows?: string[]
    /** Column header fields, used to specify the order of columns. For regular tables, this determines column order; for pivot tables, this is used for column grouping. */ columns?: string[]
    /** Value fields for pivot table. When 'rows' or 'values' is provided, the spreadsheet will be rendered as a pivot table. */ values?: string[]
    /** Set the theme for the spreadsheet, optional, default is 'default'. */ theme?: "default" | "dark"
    /** Set the width of chart, default is 600. */ width?: number
    /** Set the height of chart, default is 400. */ height?: number
  }): Promise<any>;
}
