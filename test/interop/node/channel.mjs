// The return channel through `switchboard serve` with the TypeScript SDK:
// a client that declares sampling, elicitation and roots and answers them,
// first against server-everything directly (the baseline), then through
// Switchboard, plus a second session sharing the backend and a session
// without elicitation. Prints a JSON summary on stdout.
//   node channel.mjs SWITCHBOARD CONFIG EVERYTHING
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [bin, config, everything] = process.argv.slice(2);
const ALL = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } };

async function open(command, args, caps, name) {
  const n = { sampling: 0, elicit: 0, roots: 0, logs: [] };
  const client = new Client({ name, version: "1.0.0" }, { capabilities: caps });
  if (caps.sampling) client.setRequestHandler(CreateMessageRequestSchema, async () => { n.sampling++; return { role: "assistant", model: "m", content: { type: "text", text: `sampled-by-${name}` } }; });
  if (caps.elicitation) client.setRequestHandler(ElicitRequestSchema, async () => { n.elicit++; return { action: "accept", content: { name: `elicited-by-${name}` } }; });
  if (caps.roots) client.setRequestHandler(ListRootsRequestSchema, async () => { n.roots++; return { roots: [{ uri: "file:///tmp", name: "tmp" }] }; });
  client.setNotificationHandler(LoggingMessageNotificationSchema, async (m) => { n.logs.push(m.params); });
  await client.connect(new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" }));
  return { client, n };
}
const text = (r) => (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const exec = (c, script, opts) => c.callTool({ name: "execute", arguments: { script } }, undefined, { timeout: 30000, ...opts });

const out = {};
const d = await open("node", [everything], ALL, "direct");
await sleep(300);
out.directTools = (await d.client.listTools()).tools.length;
const complete = (c, name, arg, value, context) => c.complete({ ref: { type: "ref/prompt", name }, argument: { name: arg, value }, ...(context ? { context: { arguments: context } } : {}) }).then((r) => r.completion.values);
out.completeDirect = await complete(d.client, "completable-prompt", "name", "", { department: "Sales" });
await d.client.close();

const a = await open(bin, ["serve", "--config", config], ALL, "a");
const b = await open(bin, ["serve", "--config", config], ALL, "b");
await a.client.setLoggingLevel("debug");
const lt = text(await a.client.callTool({ name: "list_tools", arguments: { servers: ["everything"], detail: "names" } }));
out.declared = (await exec(a.client, "return Object.keys(everything).length")).content?.[0]?.text;
out.listing = lt.slice(0, 200);
out.completeDept = await complete(a.client, "everything__completable-prompt", "department", "E");
out.completeName = await complete(a.client, "everything__completable-prompt", "name", "", { department: "Sales" });
out.sampling = text(await exec(a.client, "return await everything.trigger_sampling_request({prompt: 'hi', maxTokens: 5})"));
out.elicitB = text(await exec(b.client, "return await everything.trigger_elicitation_request({})"));
let progress = 0;
out.long = text(await exec(a.client, "return await everything.trigger_long_running_operation({duration: 1, steps: 2})", { onprogress: () => progress++ }));
out.progress = progress;
await exec(a.client, "return await everything.toggle_simulated_logging({})");
for (let i = 0; i < 60 && !a.n.logs.some((m) => m.logger === "everything"); i++) await sleep(100);
await exec(a.client, "return await everything.toggle_simulated_logging({})");
out.backendLogs = a.n.logs.filter((m) => m.logger === "everything").length;
out.confirmed = text(await exec(a.client, "return await everything.get_sum({a: 1, b: 2})"));
const c = await open(bin, ["serve", "--config", config], { sampling: {} }, "c");
out.refused = text(await exec(c.client, "try { await everything.get_sum({a: 1, b: 2}); return 'ran' } catch (e) { return 'caught: ' + e.message }"));
out.counts = { a: { ...a.n, logs: a.n.logs.length }, b: { ...b.n, logs: b.n.logs.length }, c: { ...c.n, logs: c.n.logs.length } };
console.log(JSON.stringify(out));
await Promise.all([a.client.close(), b.client.close(), c.client.close()]);
