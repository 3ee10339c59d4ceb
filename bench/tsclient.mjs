// The TypeScript SDK client's view of one call through Switchboard, for
// bench/tsclient.go: most agents are Node programs on this SDK, and a
// peer comparison is made with it. argv: the SDK's directory, the
// everything server's entry point, the switchboard binary, its config,
// the number of interleaved rounds and of 100-call batches. Prints one
// JSON object of milliseconds.
const [sdk, everything, sb, cfg, rounds, batches] = process.argv.slice(2);
const { Client } = await import(sdk + "/dist/esm/client/index.js");
const { StdioClientTransport } = await import(sdk + "/dist/esm/client/stdio.js");

async function connect(command, args) {
  const c = new Client({ name: "bench-ts", version: "1" });
  await c.connect(new StdioClientTransport({ command, args, env: process.env, stderr: "ignore" }));
  return c;
}
const direct = await connect("node", [everything, "stdio"]);
const via = await connect(sb, ["serve", "--config", cfg]);

function exec(script) {
  return async () => {
    const r = await via.callTool({ name: "execute", arguments: { script } });
    if (r.isError) throw new Error("execute: " + JSON.stringify(r.content));
  };
}
const kinds = {
  direct: async () => {
    const r = await direct.callTool({ name: "echo", arguments: { message: "hi" } });
    if (r.isError) throw new Error("echo: " + JSON.stringify(r.content));
  },
  execute: exec('return await everything.echo({message: "hi"})'),
  vm: exec('const r = [await everything.echo({message: "hi"})]; return r[0]'),
  return1: exec("return 1"),
};
for (let i = 0; i < 20; i++) for (const f of Object.values(kinds)) await f();
const t = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (let i = 0; i < +rounds; i++) {
  for (const [k, f] of Object.entries(kinds)) {
    const s = performance.now();
    await f();
    t[k].push(performance.now() - s);
  }
}
const loop = exec('for (let i = 0; i < 100; i++) await everything.echo({message: "hi"}); return 1');
const b = { directBatch: [], scriptBatch: [] };
for (let i = 0; i < +batches; i++) {
  let s = performance.now();
  for (let j = 0; j < 100; j++) await kinds.direct();
  b.directBatch.push((performance.now() - s) / 100);
  s = performance.now();
  await loop();
  b.scriptBatch.push((performance.now() - s) / 100);
}
const p50 = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const out = {};
for (const [k, v] of Object.entries({ ...t, ...b })) out[k] = p50(v);
console.log(JSON.stringify(out));
await direct.close();
await via.close();
