// A real TypeScript SDK client against `switchboard serve`: lists tools,
// runs one script, cancels another (AbortSignal: the SDK sends
// notifications/cancelled), prints a JSON summary on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, config] = process.argv.slice(2);
// The test's private XDG directories must reach serve (and so the daemon
// it starts): the SDK passes only HOME, PATH, SHELL and TERM by default.
const transport = new StdioClientTransport({ command: bin, args: ["serve", "--config", config], env: process.env, stderr: "inherit" });
const client = new Client({ name: "ts-interop", version: "1.0.0" }, { capabilities: {} });
const clientErrors = [];
client.onerror = (e) => clientErrors.push(String(e?.message ?? e));
await client.connect(transport);
const text = (r) => (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
const tools = (await client.listTools()).tools.map((t) => t.name).sort();
const decl = text(await client.callTool({ name: "list_tools", arguments: { servers: ["everything"] } }));
const r = await client.callTool({ name: "execute", arguments: { script: "const r = await everything.get_sum({a: 20, b: 22}); return r" } });
// Cancel a running script; an answer to it after that would reach
// onerror ("Received a response for an unknown message ID").
const abort = new AbortController();
const slow = client.callTool({ name: "execute", arguments: { script: "await new Promise(r => setTimeout(r, 5000)); return 1" } }, undefined, { signal: abort.signal });
setTimeout(() => abort.abort("user pressed escape"), 300);
let cancelled = false;
try { await slow; } catch { cancelled = true; }
await new Promise((res) => setTimeout(res, 700));
const after = text(await client.callTool({ name: "execute", arguments: { script: "return 2" } }));
console.log(JSON.stringify({ tools, hasNamespace: decl.includes("declare namespace everything"), result: text(r), isError: !!r.isError, protocol: client.getServerVersion()?.name, cancelled, after, clientErrors }));
await client.close();
