// Scaling of `mapcheck fuzz --workers N` on two pinned cores of the device host (lead, session 9).
import { spawnSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
const RUNS = process.env.RUNS ?? '24000';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const base = ['bin/mapcheck.mjs', 'fuzz', '--profile', 'spec', '--against', 'impl', '--compare', 'state', '--seed', '20251203', '--runs', RUNS, '--json', '--no-coverage'];
const log = (s) => console.log(s);
function parse(out) { const j = JSON.parse(out); return j.runs ?? j.result?.runs ?? j.summary?.runs; }
function one(cpus, workers, extra = []) {
  const args = cpus ? ['taskset', '-c', cpus, process.execPath] : [process.execPath];
  const t0 = performance.now();
  const r = spawnSync(args[0], [...args.slice(1), ...base, '--workers', String(workers), ...extra], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const dt = (performance.now() - t0) / 1000;
  if (r.status !== 0) { log(`FAILED ${cpus} w${workers}: ${r.status} ${r.stderr.slice(-500)}`); return null; }
  const runs = parse(r.stdout);
  return { runs, dt, rate: runs / dt };
}
function proc(cpus, extra) {
  return new Promise((res) => {
    const t0 = performance.now();
    const p = spawn('taskset', ['-c', cpus, process.execPath, ...base, '--workers', '1', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('close', (code) => res({ code, runs: code === 0 || code === 1 ? parse(out) : 0, dt: (performance.now() - t0) / 1000 }));
  });
}
async function pair(a, b) {
  const t0 = performance.now();
  const [x, y] = await Promise.all([proc(a, ['--shard', '0/2']), proc(b, ['--shard', '1/2'])]);
  const dt = (performance.now() - t0) / 1000;
  return { runs: x.runs + y.runs, dt, rate: (x.runs + y.runs) / dt };
}
log(`node ${process.version}, runs ${RUNS}, rounds ${ROUNDS}`);
const A = process.env.CPU_A ?? '2', B = process.env.CPU_B ?? '3';
const rows = [];
for (let i = 0; i < ROUNDS; i++) {
  const w1 = one(A, 1), w2 = one(`${A},${B}`, 2), sh = await pair(A, B);
  rows.push({ w1, w2, sh });
  log(`round ${i}: w1 ${w1.rate.toFixed(0)}/s (${w1.runs} in ${w1.dt.toFixed(1)} s), w2 ${w2.rate.toFixed(0)}/s (${w2.runs} in ${w2.dt.toFixed(1)} s), two shard processes ${sh.rate.toFixed(0)}/s; w2/w1 ${(w2.rate / w1.rate).toFixed(2)}, pair/w1 ${(sh.rate / w1.rate).toFixed(2)}`);
}
const best = (k) => Math.max(...rows.map((r) => r[k].rate));
log(`BEST pinned cpus ${A},${B}: w2/w1 ${(best('w2') / best('w1')).toFixed(2)}x, two shard processes / w1 ${(best('sh') / best('w1')).toFixed(2)}x`);
for (const w of [1, 2, 4, 8]) { const r = one(null, w); log(`unpinned w${w}: ${r.rate.toFixed(0)}/s (${r.runs} in ${r.dt.toFixed(1)} s)`); }
