/**
 * What `felicity status` does (status.ts defines the command): read the run's queue and print it,
 * as a table or as JSON.
 */
import { WorkQueue, type RunProgress, type WorkerProgress } from '../store/work-queue.ts';
import { openWorkerDatabase } from './worker-database.ts';

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  // Names left, numbers right, the last column (free text) as it is.
  const last = widths.length - 1;
  const cell = (text: string, i: number) => (i === last ? text : i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!));
  return cells.map((row) => row.map(cell).join('  ').trimEnd()).join('\n');
}

const STATUS_TEXT: Record<WorkerProgress['status'], string> = {
  running: 'running',
  stale: 'stale (no heartbeat: killed or hung; its claims return when their lease ends)',
  finished: 'finished',
  stopped: 'stopped',
  lost: 'lost its claims',
};

export function formatStatus(run: string, p: RunProgress): string {
  const t = p.totals;
  const percent = t.total === 0 ? 0 : (100 * t.done) / t.total;
  const lines = [
    `run "${run}": ${t.done}/${t.total} done (${percent.toFixed(1)}%), ${t.errors} errors, ${t.pending} pending, ` +
      `${t.claimed} claimed${t.expired > 0 ? ` (${t.expired} under an expired lease)` : ''}`,
  ];
  if (p.workers.length === 0) lines.push('no worker has joined this run');
  else {
    const header = ['worker', 'done', 'errors', 'claimed', 'heartbeat', 'status'];
    const rows = p.workers.map((w) => [w.worker, String(w.done), String(w.errors), String(w.claimed), `${seconds(w.heartbeatAgeMs)} ago`, STATUS_TEXT[w.status]]);
    lines.push(pad([header, ...rows]));
  }
  return `${lines.join('\n')}\n`;
}

export async function showStatus(run: string, options: { db: string; json?: true }): Promise<void> {
  const { store, pool } = await openWorkerDatabase(options.db, 'per-worker status', 2);
  try {
    const { id } = await store.runs.get(run);
    const progress = await new WorkQueue(pool).progress(id);
    process.stdout.write(options.json ? `${JSON.stringify({ run, ...progress }, null, 2)}\n` : formatStatus(run, progress));
  } finally {
    await store.close();
  }
}
