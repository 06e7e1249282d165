// Load benchmark of `warpkit serve`: N concurrent clients, each with its own session,
// alternately stepping and reading registers on loopback for a while.
// Usage: node tools/bench/serve_load.mjs [WARPKIT_BINARY] [CLIENTS=50] [SECONDS=10]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const bin = process.argv[2] || 'target/release/warpkit';
const clients = +(process.argv[3] || 50);
const seconds = +(process.argv[4] || 10);

const server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((ok, fail) => {
  server.stdout.on('data', (d) => { const m = /(http:\/\/\S+?)\/?\s/.exec(String(d)); if (m) ok(m[1]); });
  server.on('exit', (c) => fail(new Error(`server exited ${c}`)));
});
const source = 'top:\n        add.vi v1, v1, 1\n        mul v2, v1, v1\n        jmp top\n';
const post = (p, b) => fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b ?? {}) });

const lat = { step: [], registers: [] };
let errors = 0;
// The server's own CPU time, user and system (clock ticks of 10 ms; Linux): per request it
// depends less on what else the machine runs than the latencies do.
function cpuTime() {
  try {
    const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [+f[11] / 100, +f[12] / 100];
  } catch (e) { return null; /* not Linux */ }
}
async function client(s, end) {
  while (Date.now() < end) {
    let t = performance.now();
    const r1 = await post(`/api/sessions/${s.id}/step`);
    await r1.arrayBuffer();
    lat.step.push(performance.now() - t);
    t = performance.now();
    const r2 = await fetch(`${base}/api/sessions/${s.id}/registers`);
    await r2.arrayBuffer();
    lat.registers.push(performance.now() - t);
    if (!r1.ok || !r2.ok) errors++;
  }
}
// Sessions first: their making (assembling, launching) is not part of the figures.
const sessions = await Promise.all(Array.from({ length: clients }, async () => (await post('/api/sessions', { source })).json()));
const cpu0 = cpuTime();
const t0 = performance.now();
const end = Date.now() + seconds * 1000;
await Promise.all(sessions.map((s) => client(s, end)));
const wall = (performance.now() - t0) / 1000;
const cpu1 = cpuTime();
const cpu = cpu0 && cpu1 ? [cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]] : null;
server.kill();
const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const total = lat.step.length + lat.registers.length;
// One line per figure (the comparison across machines reads them one by one).
console.log(`clients: ${clients}; wall: ${wall.toFixed(1)} s; requests: ${total}; errors: ${errors}`);
console.log(`requests/s: ${(total / wall).toFixed(0)}`);
console.log(cpu === null ? 'server CPU per request: unknown (no /proc)'
  : `server CPU per request: ${(1000 * (cpu[0] + cpu[1]) / total).toFixed(3)} ms (user ${(1000 * cpu[0] / total).toFixed(3)}, system ${(1000 * cpu[1] / total).toFixed(3)}; ${(cpu[0] + cpu[1]).toFixed(2)} s in all)`);
for (const [k, a] of Object.entries(lat)) {
  console.log(`${k}: p50 ${q(a, 0.5).toFixed(2)} ms, p99 ${q(a, 0.99).toFixed(2)} ms, max ${q(a, 1).toFixed(2)} ms (n=${a.length})`);
}
