declare namespace slack {
  /** List public or pre-defined channels in the workspace with pagination */
  function slack_list_channels(args?: {
    /** Maximum number of channels to return (default 100, max 200) */ limit?: number
    /** Pagination cursor for next page of results */ cursor?: string
  }): Promise<any>;
  /** Post a new message to a Slack channel */
  function slack_post_message(args: {
    /** The ID of the channel to post to */ channel_id: string
    /** The message text to post */ text: string
  }): Promise<any>;
  /** Reply to a specific message thread in Slack */
  function slack_reply_to_thread(args: {
    /** The ID of the channel containing the thread */ channel_id: string
    /** The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it. */ thread_ts: string
    /** The reply text */ text: string
  }): Promise<any>;
  /** Add a reaction emoji to a message */
  function slack_add_reaction(args: {
    /** The ID of the channel containing the message */ channel_id: string
    /** The timestamp of the message to react to */ timestamp: string
    /** The name of the emoji reaction (without ::) */ reaction: string
  }): Promise<any>;
  /** Get recent messages from a channel */
  function slack_get_channel_history(args: {
    /** The ID of the channel */ channel_id: string
    /** Number of messages to retrieve (default 10) */ limit?: number
  }): Promise<any>;
  /** Get all replies in a message thread */
  function slack_get_thread_replies(args: {
    /** The ID of the channel containing the thread */ channel_id: string
    /** The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it. */ thread_ts: string
  }): Promise<any>;
  /** Get a list of all users in the workspace with their basic profile information */
  function slack_get_users(args?: {
    /** Pagination cursor for next page of results */ cursor?: string
    /** Maximum number of users to return (default 100, max 200) */ limit?: number
  }): Promise<any>;
  /** Get detailed profile information for a specific user */
  function slack_get_user_profile(args: { /** The ID of the user */ user_id: string }): Promise<any>;
}
