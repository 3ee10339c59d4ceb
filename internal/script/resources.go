package script

// HostNamespace is the server name under which the prelude's resources
// and prompts globals call the ToolCaller: tool is "resources.list",
// "resources.read", "prompts.list" or "prompts.get" and the arguments are
// {"args": [the function's arguments]}. No configured server can have
// this name (it holds a NUL character).
const HostNamespace = "\x00switchboard"
