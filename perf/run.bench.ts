/**
 * `npm run bench:run`: the paper's full grid — 293 requests × 20 conditions × 4 models = 23,440
 * responses — through `runBenchmark` into a fresh SQLite database, against a zero-latency
 * loopback model in a child process (its CPU is not charged to the runner). Reports wall time,
 * responses/s, peak RSS and database size, next to a baseline in the same process: the same
 * turns through the same worker pool with nothing stored. Then labels the stored run with the
 * rules engine (`felicity judge`), and samples RSS along the way to show memory stays flat.
 * `FELICITY_BENCH_DB=postgres://…` runs the same into that PostgreSQL database instead (an empty
 * one: the bench's run is named "bench").
 */
import { spawn } from 'node:child_process';
import { once, setMaxListeners } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tupleCount, tuples, type Grid } from '../src/benchmark/conditions.ts';
import { createEngine } from '../src/benchmark/engines.ts';
import { judgeRun } from '../src/benchmark/judge.ts';
import { loadRequests } from '../src/benchmark/requests/validate-requests.ts';
import { requestSetHash } from '../src/benchmark/requests/request-set-hash.ts';
import type { RunConfig } from '../src/benchmark/run-config.ts';
import { runBenchmark } from '../src/benchmark/runner.ts';
import { turnExecutor, type ExecutableRequest } from '../src/benchmark/turn-executor.ts';
import type { ChatModel } from '../src/llm/chat-model.ts';
import { createChatModel } from '../src/llm/create-chat-model.ts';
import { startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { Store } from '../src/store/index.ts';
import { benchRequests } from '../test/helpers/bench-requests.ts';
import { gridModel } from '../test/helpers/grid-model.ts';

const CONCURRENCY = 32;
const MODELS = ['gemma', 'llama', 'qwen', 'ministral'];

/** The frozen set when it validates, else a generated one of the same size and proportions. */
async function requestSet(): Promise<{ requests: ExecutableRequest[]; source: string }> {
  const file = fileURLToPath(new URL('../data/requests/v1.jsonl', import.meta.url));
  if (fs.existsSync(file)) {
    const { records, problems } = await loadRequests(file);
    if (problems.length === 0 && records.length === 293) return { requests: records, source: 'data/requests/v1.jsonl' };
  }
  return { requests: benchRequests(293) as unknown as ExecutableRequest[], source: 'generated (v1 not ready)' };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rss = (): number => process.memoryUsage.rss();

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-bench-run-'));
  const models = new Map<string, ChatModel>();
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    const url = chunk.toString().trim();
    const { requests, source } = await requestSet();
    const grid: Grid = {
      models: MODELS.map((m) => `openai-compatible:${url}#${m}`),
      setups: ['C0', 'C1', 'C2', 'C3', 'C4'],
      variants: ['inferred', 'stated'],
      personas: ['generic', 'support'],
      fixes: ['none'],
      samples: 1,
    };
    const config: RunConfig = {
      grid,
      requests: { hash: requestSetHash(requests), count: requests.length, limit: null },
      sampling: { temperature: 0.7, max_tokens: null, seed: null, thinking: false },
    };
    for (const spec of grid.models) models.set(spec, await createChatModel(spec, { env: {}, concurrency: { max: 64, increaseAfter: 10 } }));
    const execute = turnExecutor<ExecutableRequest>(models, config.sampling);
    const total = tupleCount(grid, requests.length);
    const startRss = rss();

    // Baseline: the same turns, same pool, nothing stored.
    const all = tuples(requests, grid);
    const abandon = new AbortController().signal;
    setMaxListeners(8 * CONCURRENCY, abandon); // one listener per in-flight call, as in the runner
    let t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let s = all.next(); !s.done; s = all.next()) await execute(s.value, abandon);
      }),
    );
    const baseSeconds = (performance.now() - t0) / 1000;
    const basePeak = process.resourceUsage().maxRSS * 1024;

    // The run: store every response as it lands.
    const dbPath = process.env['FELICITY_BENCH_DB'] || path.join(dir, 'bench.db');
    const store = await Store.open(dbPath);
    const backend = store.kind === 'sqlite' ? 'SQLite' : `PostgreSQL at ${store.location}`;
    const samples: number[] = [];
    t0 = performance.now();
    const summary = await runBenchmark({
      store,
      name: 'bench',
      config,
      codeVersion: 'bench',
      requests,
      execute,
      concurrency: CONCURRENCY,
      onProgress: (p) => {
        if (p.done % Math.floor(total / 8) === 0) samples.push(rss());
      },
    });
    const runSeconds = (performance.now() - t0) / 1000;
    const runPeak = process.resourceUsage().maxRSS * 1024;
    if (summary.done !== total || summary.errors > 0) throw new Error(`bench run incomplete: ${JSON.stringify(summary)}`);

    // Labelling the stored run with the rules engine.
    t0 = performance.now();
    const judged = await judgeRun(store, 'bench', await createEngine('rules'));
    const judgeSeconds = (performance.now() - t0) / 1000;
    const judgePeak = process.resourceUsage().maxRSS * 1024;
    await store.close(); // checkpoints the WAL into the main file
    const dbBytes = ['', '-wal', '-shm'].map((s) => dbPath + s).filter(fs.existsSync).reduce((n, f) => n + fs.statSync(f).size, 0);

    const rate = (n: number, s: number): string => `${(n / s).toFixed(0)}/s`;
    process.stdout.write(
      [
        `bench:run — ${requests.length} requests (${source}) × ${total / requests.length / MODELS.length} conditions × ${MODELS.length} models = ${total} responses`,
        `  zero-latency loopback model in a child process; worker pool ${CONCURRENCY}; C2–C4 turns make 2 model calls`,
        `  baseline (turns, no store)   ${baseSeconds.toFixed(1)} s   ${rate(total, baseSeconds)}   peak RSS ${mb(basePeak)}`,
        `  run (turns + ${backend}, 1 tx/response)  ${runSeconds.toFixed(1)} s   ${rate(total, runSeconds)}   peak RSS ${mb(runPeak)}   (${((100 * baseSeconds) / runSeconds).toFixed(0)}% of baseline rate)`,
        `  judge rules (${judged.judged} labels, 500/tx)  ${judgeSeconds.toFixed(1)} s   ${rate(judged.judged, judgeSeconds)}   peak RSS ${mb(judgePeak)}`,
        `  RSS before: ${mb(startRss)}; during the run, every 1/8: ${samples.map(mb).join(', ')}`,
        ...(store.kind === 'sqlite' ? [`  database: ${mb(dbBytes)} (${(dbBytes / total / 1024).toFixed(1)} KB/response, labels included)`] : []),
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all([...models.values()].map((m) => m.close()));
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Last, so every constant above is initialised before main() runs.
if (process.argv.includes('--serve')) {
  const server = await startScriptedServer(gridModel(), { record: false });
  process.stdout.write(`${server.url}\n`);
} else {
  await main();
}
