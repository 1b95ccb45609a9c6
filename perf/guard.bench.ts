/**
 * `npm run bench:guard`: what the guard costs a clean reply, on loopback.
 *
 * 1. The proxy. A scripted upstream (its own process) answers every request with the same clean
 *    reply to a realistic turn (C2's tool schemas, a reminder call and its result, then "Done…").
 *    autocannon sends the same request straight to the upstream and through `felicity guard`
 *    (`node bin/felicity.js guard`: the compiled command a user runs; rules engine, --on-fail
 *    rewrite: a clean reply costs no model call), in alternating rounds of the same run. Latency
 *    at one connection (added p50 and p99: proxied minus direct, from every response time),
 *    throughput at 32 connections (the ratio). Targets: added p99 ≤ 2 ms, throughput ratio ≥ 0.9.
 *    The guard's own time per request (its work, without the upstream's: the histogram its
 *    /metrics serves, read before and after the latency rounds) is printed beside it: the
 *    client-side figure also holds a second loopback hop, which a forwarding-only Node proxy
 *    (perf/forwarding-proxy.ts) measures in the same run.
 *    The throughput comparison is repeated with an upstream whose replies take BENCH_MODEL_MS
 *    (default 100 ms, still faster than any hosted model), where the upstream, not the proxy, sets the pace.
 *    Per API: the same turn as a Chat Completions, a Responses (`/v1/responses`) and an Anthropic
 *    Messages (`/v1/messages`) request, each timed at one connection straight to the upstream,
 *    through the guard and through the forwarding-only proxy, in alternating rounds of the same
 *    run: the added p50 and p99, and the guard's own p50 and p99 from its /metrics histogram.
 * 2. The AI SDK middleware in-process: generateText on an instant mock model, with and without
 *    felicityMiddleware, alternating; the added time per call.
 *
 * Cores. A proxy in production has its own core and the model runs elsewhere. Here the upstream,
 * the proxy and autocannon share the machine, so where `taskset` exists and there are 2+ cores the
 * proxy is pinned to the last core and the upstream and autocannon to the others (BENCH_PIN=0: no
 * pinning, everything competes). Either way the bench also prints the CPU time each process spent
 * per request (from /proc): the proxy's own cost, whatever else runs on the machine.
 * With an instant upstream the ratio is CPU-bound by construction: the proxy parses, checks and
 * makes a second HTTP exchange for each request that the echoing upstream answers with one, so the
 * ratio is the upstream's CPU per request over the proxy's, never near 1; the model-like run is the
 * one a deployment sees.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { startScriptedUpstream, say } from '../src/guard-proxy/testing/scripted-upstream.ts';
import { felicityMiddleware } from '../src/integrations/ai-sdk.ts';
import { startForwardingProxy } from './forwarding-proxy.ts';
import { getBuiltinSetup, openAITools } from '../src/setups/index.ts';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (options: Record<string, unknown>) => AutocannonInstance;
interface AutocannonInstance extends PromiseLike<{ requests: { average: number }; non2xx: number; errors: number; timeouts: number }> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const ROUNDS = 2;
const MODEL_MS = Number(process.env['BENCH_MODEL_MS'] ?? 100);
const REPLY = "Done: I've set a reminder for 9:00 tomorrow morning to pay rent.";
const TOOLS = openAITools(getBuiltinSetup('C2')!, 'generic');
const USER = "I'm sorting bills tonight. Remind me to pay rent tomorrow morning.";
const CALL_ARGS = { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' };
const RESULT = '{"status":"created","reminder_id":"rem-001"}';
const BODY = JSON.stringify({
  model: 'bench',
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: "I'm sorting bills tonight. Remind me to pay rent tomorrow morning." },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: '{"status":"created","reminder_id":"rem-001"}' },
  ],
  tools: TOOLS,
});

/** The same turn in each agent API's own request shape. */
const APIS = [
  { name: 'chat completions', path: '/chat/completions', body: BODY },
  {
    name: 'responses',
    path: '/responses',
    body: JSON.stringify({
      model: 'bench',
      instructions: 'You are a helpful assistant.',
      input: [
        { role: 'user', content: USER },
        { type: 'function_call', call_id: 'call_1', name: 'create_reminder', arguments: JSON.stringify(CALL_ARGS) },
        { type: 'function_call_output', call_id: 'call_1', output: RESULT },
      ],
      tools: TOOLS.map((tool) => ({ type: 'function', name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters })),
    }),
  },
  {
    name: 'anthropic messages',
    path: '/messages',
    body: JSON.stringify({
      model: 'bench',
      max_tokens: 512,
      system: 'You are a helpful assistant.',
      messages: [
        { role: 'user', content: USER },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'create_reminder', input: CALL_ARGS }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: RESULT }] },
      ],
      tools: TOOLS.map((tool) => ({ name: tool.function.name, description: tool.function.description, input_schema: tool.function.parameters })),
    }),
  },
] as const;
const API_SECONDS = Number(process.env['BENCH_API_SECONDS'] ?? 5);

/** The cores the proxy and the rest run on, when pinning is possible. */
const PIN = pinning();

const role = process.argv[2];
if (role === '--upstream') {
  const delay = Number(process.argv[3] ?? 0);
  const upstream = await startScriptedUpstream(() => (delay > 0 ? { kind: 'delay', ms: delay, then: say.text(REPLY) } : say.text(REPLY)), { record: false });
  process.stdout.write(`${upstream.url}\n`);
} else if (role === '--forwarding-proxy') {
  const proxy = await startForwardingProxy(process.argv[3]!);
  process.stdout.write(`${proxy.url}\n`);
} else {
  await main();
}

function pinning(): { proxy: string; rest: string } | undefined {
  const cores = os.availableParallelism();
  if (process.env['BENCH_PIN'] === '0' || cores < 2) return undefined;
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
  } catch {
    return undefined;
  }
  return { proxy: String(cores - 1), rest: cores === 2 ? '0' : `0-${cores - 2}` };
}

async function child(...args: string[]): Promise<{ url: string; process: ChildProcess }> {
  const node = [process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), ...args];
  const cores = PIN === undefined ? undefined : args[0] === '--forwarding-proxy' ? PIN.proxy : PIN.rest;
  const [command, ...rest] = cores === undefined ? node : ['taskset', '-c', cores, ...node];
  const proc = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(proc.stdout!, 'data')) as [Buffer];
  return { url: chunk.toString().trim(), process: proc };
}

/** `felicity guard` as a user runs it: the compiled command line, no TypeScript loader. */
async function guardProcess(upstream: string): Promise<{ url: string; process: ChildProcess }> {
  const bin = fileURLToPath(new URL('../bin/felicity.js', import.meta.url));
  const node = [process.execPath, bin, 'guard', '--upstream', upstream, '--port', '0', '--on-fail', 'rewrite'];
  const [command, ...rest] = PIN === undefined ? node : ['taskset', '-c', PIN.proxy, ...node];
  const proc = spawn(command!, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += String(chunk);
      const match = /listening on (http:\/\/\S+\/v1)/.exec(seen);
      if (match) resolve({ url: match[1]!, process: proc });
    };
    proc.stderr!.on('data', onData);
    proc.once('exit', () => reject(new Error(`felicity guard did not start: ${seen}`)));
  });
}

/** The guard's own added time, as its /metrics histogram counts it (cumulative counts by bound). */
async function ownTime(base: string): Promise<{ bounds: number[]; counts: number[] }> {
  const text = await (await fetch(`${base.replace(/\/v1$/, '')}/metrics`)).text();
  const rows = [...text.matchAll(/^felicity_guard_added_latency_ms_bucket\{le="([^"]+)"\} (\d+)$/gm)];
  return { bounds: rows.map((r) => (r[1] === '+Inf' ? Infinity : Number(r[1]))), counts: rows.map((r) => Number(r[2])) };
}

/** A quantile from histogram counts, linear within the bucket it falls in (as Prometheus does). */
function histogramQuantile(q: number, bounds: number[], counts: number[]): number {
  const total = counts[counts.length - 1]!;
  const rank = q * total;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! >= rank) {
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      const below = i === 0 ? 0 : counts[i - 1]!;
      const upper = Number.isFinite(bounds[i]!) ? bounds[i]! : lower;
      return lower + ((upper - lower) * (rank - below)) / Math.max(1, counts[i]! - below);
    }
  }
  return NaN;
}

/** CPU time (user + system) a process has used, in ms; undefined where /proc is absent. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The CPU each process spent per request over one load, in µs. */
async function cpuPerRequest(processes: ChildProcess[], run: () => Promise<{ times: number[] }>): Promise<(number | undefined)[]> {
  const before = processes.map((p) => cpuMs(p.pid));
  const { times } = await run();
  return processes.map((p, i) => {
    const after = cpuMs(p.pid);
    return after === undefined || before[i] === undefined ? undefined : ((after - before[i]!) * 1000) / times.length;
  });
}

async function load(base: string, connections: number, seconds: number, api: { path: string; body: string } = APIS[0]): Promise<{ rate: number; times: number[] }> {
  const times: number[] = [];
  const instance = autocannon({ url: `${base}${api.path}`, method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench', 'x-api-key': 'sk-bench', 'anthropic-version': '2023-06-01' }, body: api.body, connections, duration: seconds });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) times.push(ms);
  });
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rate: result.requests.average, times };
}

/** `values` added to `into` one by one: a spread of a long run's response times (100k+) overflows the call stack. */
function append(into: number[], values: readonly number[]): void {
  for (const value of values) into.push(value);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const upstream = await child('--upstream');
  const proxy = await guardProcess(upstream.url);
  const forwarding = await child('--forwarding-proxy', upstream.url);
  if (PIN !== undefined) execFileSync('taskset', ['-pc', PIN.rest, String(process.pid)], { stdio: 'ignore' });
  console.log(PIN === undefined ? 'cores: not pinned (the proxy, the upstream and autocannon share every core)' : `cores: the proxy on core ${PIN.proxy}; the upstream and autocannon on ${PIN.rest}`);
  try {
    // A clean reply: the proxy sends it as it came.
    const check = await fetch(`${proxy.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    const verdict = check.headers.get('x-felicity-verdict');
    if (!verdict?.includes('action=none')) throw new Error(`the bench reply is not clean: ${verdict}`);
    await load(upstream.url, 8, 2);
    await load(proxy.url, 8, 2);
    await load(forwarding.url, 8, 2);

    const latency = { direct: [] as number[], proxied: [] as number[], forwarded: [] as number[] };
    const rate = { direct: [] as number[], proxied: [] as number[], forwarded: [] as number[] };
    const cpu = { upstream: [] as number[], proxy: [] as number[] };
    const own = { bounds: [] as number[], counts: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      append(latency.direct, (await load(upstream.url, 1, SECONDS)).times);
      const before = await ownTime(proxy.url);
      append(latency.proxied, (await load(proxy.url, 1, SECONDS)).times);
      const after = await ownTime(proxy.url);
      own.bounds = after.bounds;
      own.counts = after.counts.map((count, i) => count - before.counts[i]! + (own.counts[i] ?? 0));
      append(latency.forwarded, (await load(forwarding.url, 1, SECONDS)).times);
      rate.direct.push((await load(upstream.url, 32, SECONDS)).rate);
      rate.forwarded.push((await load(forwarding.url, 32, SECONDS)).rate);
      const [upstreamCpu, proxyCpu] = await cpuPerRequest([upstream.process, proxy.process], async () => {
        const result = await load(proxy.url, 32, SECONDS);
        rate.proxied.push(result.rate);
        return result;
      });
      if (upstreamCpu !== undefined && proxyCpu !== undefined) {
        cpu.upstream.push(upstreamCpu);
        cpu.proxy.push(proxyCpu);
      }
    }
    const row = (p: number) => {
      const d = percentile(latency.direct, p);
      const x = percentile(latency.proxied, p);
      const f = percentile(latency.forwarded, p);
      return `p${p}: direct ${d.toFixed(3)} ms, through the guard ${x.toFixed(3)} ms, added ${(x - d).toFixed(3)} ms (a forwarding-only proxy adds ${(f - d).toFixed(3)} ms)`;
    };
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`guard proxy, clean replies, 1 connection (${latency.direct.length} direct and ${latency.proxied.length} proxied responses):`);
    console.log(`  ${row(50)}`);
    console.log(`  ${row(99)}   (target: added ≤ 2 ms)`);
    const within = (ms: number) => (100 * own.counts[own.bounds.indexOf(ms)]!) / own.counts[own.counts.length - 1]!;
    console.log(`  the guard's own time (its /metrics histogram, the same requests): p50 ${histogramQuantile(0.5, own.bounds, own.counts).toFixed(3)} ms, p99 ${histogramQuantile(0.99, own.bounds, own.counts).toFixed(3)} ms; ${within(1).toFixed(1)}% within 1 ms, ${within(2).toFixed(1)}% within 2 ms`);
    console.log(`guard proxy, 32 connections, instant upstream (CPU-bound): direct ${mean(rate.direct).toFixed(0)} req/s, through the guard ${mean(rate.proxied).toFixed(0)} req/s, ratio ${(mean(rate.proxied) / mean(rate.direct)).toFixed(3)}`);
    console.log(`  reference: a forwarding-only Node proxy (perf/forwarding-proxy.ts) ${mean(rate.forwarded).toFixed(0)} req/s, ratio ${(mean(rate.forwarded) / mean(rate.direct)).toFixed(3)}; the guard against it ${(mean(rate.proxied) / mean(rate.forwarded)).toFixed(3)}`);
    if (cpu.proxy.length > 0) console.log(`  CPU per proxied request: the proxy ${mean(cpu.proxy).toFixed(0)} µs, the upstream ${mean(cpu.upstream).toFixed(0)} µs`);
    await perApi(upstream.url, proxy.url, forwarding.url);
  } finally {
    proxy.process.kill();
    forwarding.process.kill();
    upstream.process.kill();
  }
  await modelLike();
  await middleware();
}

/** Each agent API at one connection: direct, through the guard, through the forwarding-only proxy, alternating; the guard's own time from /metrics. */
async function perApi(upstream: string, proxy: string, forwarding: string): Promise<void> {
  console.log(`per API, clean replies, 1 connection (${ROUNDS} rounds of ${API_SECONDS} s each, alternating):`);
  for (const api of APIS) {
    const check = await fetch(`${proxy}${api.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'sk-bench', 'anthropic-version': '2023-06-01' }, body: api.body });
    const verdict = check.headers.get('x-felicity-verdict');
    if (!verdict?.includes('action=none')) throw new Error(`${api.name}: the bench reply is not clean: ${verdict}`);
    await load(proxy, 4, 1, api);
    await load(forwarding, 4, 1, api);
    const times = { direct: [] as number[], proxied: [] as number[], forwarded: [] as number[] };
    const own = { bounds: [] as number[], counts: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      append(times.direct, (await load(upstream, 1, API_SECONDS, api)).times);
      const before = await ownTime(proxy);
      append(times.proxied, (await load(proxy, 1, API_SECONDS, api)).times);
      const after = await ownTime(proxy);
      own.bounds = after.bounds;
      own.counts = after.counts.map((count, i) => count - before.counts[i]! + (own.counts[i] ?? 0));
      append(times.forwarded, (await load(forwarding, 1, API_SECONDS, api)).times);
    }
    const added = (p: number, of: number[]) => percentile(of, p) - percentile(times.direct, p);
    console.log(
      `  ${api.name.padEnd(18)} added p50 ${added(50, times.proxied).toFixed(3)} ms, p99 ${added(99, times.proxied).toFixed(3)} ms` +
        ` (forwarding-only: p50 ${added(50, times.forwarded).toFixed(3)} ms, p99 ${added(99, times.forwarded).toFixed(3)} ms);` +
        ` the guard's own p50 ${histogramQuantile(0.5, own.bounds, own.counts).toFixed(3)} ms, p99 ${histogramQuantile(0.99, own.bounds, own.counts).toFixed(3)} ms (${times.proxied.length} responses)`,
    );
  }
}

/** The same throughput comparison with an upstream that takes MODEL_MS per reply, as a model does. */
async function modelLike(): Promise<void> {
  const upstream = await child('--upstream', String(MODEL_MS));
  const proxy = await guardProcess(upstream.url);
  try {
    await load(upstream.url, 32, 2);
    await load(proxy.url, 32, 2);
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      direct.push((await load(upstream.url, 32, SECONDS)).rate);
      proxied.push((await load(proxy.url, 32, SECONDS)).rate);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`guard proxy, 32 connections, upstream replies taking ${MODEL_MS} ms: direct ${mean(direct).toFixed(0)} req/s, through the guard ${mean(proxied).toFixed(0)} req/s, ratio ${(mean(proxied) / mean(direct)).toFixed(3)}   (target ≥ 0.9)`);
  } finally {
    proxy.process.kill();
    upstream.process.kill();
  }
}

async function middleware(): Promise<void> {
  const calls = Number(process.env['BENCH_CALLS'] ?? 3_000);
  const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
  const base = new MockLanguageModelV4({ doGenerate: async () => ({ content: [{ type: 'text', text: REPLY }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) });
  const plain = base;
  const guarded = wrapLanguageModel({ model: base, middleware: felicityMiddleware({ deployment: 'C2', policy: 'rewrite' }) });
  const messages = [
    { role: 'user' as const, content: "I'm sorting bills tonight. Remind me to pay rent tomorrow morning." },
    { role: 'assistant' as const, content: [{ type: 'tool-call' as const, toolCallId: 'call_1', toolName: 'create_reminder', input: { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' } }] },
    { role: 'tool' as const, content: [{ type: 'tool-result' as const, toolCallId: 'call_1', toolName: 'create_reminder', output: { type: 'json' as const, value: { status: 'created' } } }] },
  ];
  const time = async (model: typeof plain | typeof guarded): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < calls; i++) await generateText({ model, messages });
    return (performance.now() - started) / calls;
  };
  await time(plain);
  await time(guarded);
  const plainMs: number[] = [];
  const guardedMs: number[] = [];
  for (let round = 0; round < 3; round++) {
    plainMs.push(await time(plain));
    guardedMs.push(await time(guarded));
  }
  const best = (values: number[]) => Math.min(...values);
  console.log(`AI SDK middleware, generateText on an instant mock model (${calls} calls × 3 rounds, best round): plain ${(best(plainMs) * 1000).toFixed(0)} µs/call, with felicityMiddleware ${(best(guardedMs) * 1000).toFixed(0)} µs/call, added ${((best(guardedMs) - best(plainMs)) * 1000).toFixed(0)} µs/call`);
}
