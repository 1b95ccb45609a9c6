/**
 * The offline rules on every core: a pool of worker threads (tinypool: small, no dependencies of
 * its own, the pool vitest runs on), each running check-worker.ts. Callers hand it blocks of
 * lines or batches of records and get each result back as a promise; keeping results in input
 * order and bounding what is in flight is theirs (label-parallel.ts, check-many.ts).
 */
import Tinypool from 'tinypool';
import type { RecordOutcome, RecordsTask } from './check-many.ts';
import type { BlockResult, BlockTask } from './label-block.ts';

// The build's worker is check-worker.js; from the sources (tests), a module that loads tsx first.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './check-worker-tsx.mjs' : './check-worker.js', import.meta.url);

export class CheckPool {
  private readonly pool: Tinypool;

  constructor(readonly jobs: number) {
    // Idle workers never time out during a run; destroy() ends them.
    this.pool = new Tinypool({ filename: WORKER.href, minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000 });
  }

  /** Labels a block; its bytes are moved to the worker, not copied (the caller must not reuse them). */
  labelBlock(task: BlockTask): Promise<BlockResult> {
    // A view of part of a buffer is copied first: a Buffer's slice() is a view too, and Node's
    // shared pool of small Buffers cannot be transferred (DataCloneError).
    const whole = task.bytes.byteOffset === 0 && task.bytes.byteLength === task.bytes.buffer.byteLength;
    const bytes = whole ? task.bytes : new Uint8Array(task.bytes);
    return this.pool.run({ ...task, bytes }, { name: 'labelBlock', transferList: [bytes.buffer as ArrayBuffer] }) as Promise<BlockResult>;
  }

  labelRecords(task: RecordsTask): Promise<RecordOutcome[]> {
    return this.pool.run(task, { name: 'labelRecords' }) as Promise<RecordOutcome[]>;
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}
