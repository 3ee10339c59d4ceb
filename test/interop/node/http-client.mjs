// A real TypeScript SDK client against `switchboard serve --http`: with the
// bearer token it lists tools and runs one script; without it, it must be
// refused. Prints a JSON summary on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);
const text = (r) => (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

let refused = false;
try {
  const anon = new Client({ name: "ts-http-anon", version: "1.0.0" }, { capabilities: {} });
  await anon.connect(new StreamableHTTPClientTransport(new URL(url)));
  await anon.close();
} catch (e) {
  refused = /401|nauthorized/.test(String(e));
}

const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
const client = new Client({ name: "ts-http", version: "1.0.0" }, { capabilities: {} });
await client.connect(transport);
const tools = (await client.listTools()).tools.map((t) => t.name).sort();
const r = await client.callTool({ name: "execute", arguments: { script: "const r = await everything.get_sum({a: 20, b: 22}); return r" } });
console.log(JSON.stringify({ refused, tools, result: text(r), isError: !!r.isError, session: !!transport.sessionId }));
await transport.terminateSession();
await client.close();
