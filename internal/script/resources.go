package script

// HostNamespace is the server name under which the prelude's resources
// and prompts globals call the ToolCaller: tool is "resources.list",
// "resources.read", "prompts.list" or "prompts.get" and the arguments are
// {"args": [the function's arguments]}. No configured server can have
// this name (it holds a NUL character).
const HostNamespace = "\x00switchboard"

// CallName is how messages name a call of server's tool: "server.tool",
// or the tool alone ("resources.read", "skills.save") for a call under
// HostNamespace, whose NUL character would cut an exception's message
// short in the VM and show as \u0000 in a result.
func CallName(server, tool string) string {
	if server == HostNamespace {
		return tool
	}
	return server + "." + tool
}
