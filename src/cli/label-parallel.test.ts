import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckPool } from '../check/check-pool.ts';
import type { BlockResult, BlockTask } from '../check/label-block.ts';
import { labelBlocksInOrder } from './label-parallel.ts';

const META = { source: 'in.jsonl', setup: undefined, conversations: false, explain: false, toTerminal: false };
const TALLY = { counts: [], labelled: 0, problems: 0, errored: 0, truncated: 0, judgmentsFailed: 0 };
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** A pool whose blocks finish in reverse order of submission (the latest first), recording what it held at once. */
function reversingPool(jobs: number) {
  const pending: { task: BlockTask; resolve: (r: BlockResult) => void }[] = [];
  const seen: BlockTask[] = [];
  let mostInFlight = 0;
  let destroyed = false;
  const pool = {
    jobs,
    labelBlock(task: BlockTask): Promise<BlockResult> {
      seen.push({ ...task, bytes: task.bytes.slice() });
      return new Promise((resolve) => {
        pending.push({ task, resolve });
        mostInFlight = Math.max(mostInFlight, pending.length);
        // Settle everything once the caller stops submitting (it awaits the oldest).
        setImmediate(() => {
          while (pending.length > 0) {
            const { task: t, resolve: r } = pending.pop()!;
            r({ labels: `${t.firstLine}:${text(t.bytes).split('\n').filter(Boolean).join('|')}\n`, messages: '', tally: TALLY });
          }
        });
      });
    },
    async destroy() {
      destroyed = true;
    },
  };
  return { pool: pool as unknown as CheckPool, seen, mostInFlight: () => mostInFlight, destroyed: () => destroyed };
}

async function* chunks(parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

describe('labelBlocksInOrder', () => {
  test('blocks are cut at line ends, numbered from their first line, and written in input order however they finish', async () => {
    const fake = reversingPool(2);
    const written: string[] = [];
    const parts = ['a\nb\n', 'c', '\nd\ne', 'f\n', 'g\n', 'h\n', 'i\n', 'j'];
    await labelBlocksInOrder(chunks(parts), META, {
      pool: async () => fake.pool,
      inThisThread: () => assert.fail('more than one block: the pool labels'),
      write: (r) => void written.push(r.labels),
    });
    assert.deepEqual(written, ['1:a|b\n', '3:c|d\n', '5:ef\n', '6:g\n', '7:h\n', '8:i\n', '9:j\n']);
    assert.deepEqual(fake.seen.map((t) => t.last), [false, false, false, false, false, false, true]);
    assert.ok(fake.mostInFlight() <= 4, `at most two blocks per worker in flight, saw ${fake.mostInFlight()}`);
    assert.ok(fake.destroyed());
  });

  test('an input of one block is labelled in this thread, and no pool is started', async () => {
    const written: string[] = [];
    await labelBlocksInOrder(chunks(['x\ny']), META, {
      pool: () => assert.fail('one block needs no pool'),
      inThisThread: async (task) => ({ labels: `${task.firstLine}${task.last ? '.' : ''}:${text(task.bytes)}`, messages: '', tally: TALLY }),
      write: (r) => void written.push(r.labels),
    });
    assert.deepEqual(written, ['1:x\n', '2.:y']);
  });

  test('a failed block fails the whole labelling, after the blocks before it were written, and the pool is ended', async () => {
    let calls = 0;
    let destroyed = false;
    const pool = {
      jobs: 2,
      labelBlock: (task: BlockTask) => (++calls === 3 ? Promise.reject(new Error('worker died')) : Promise.resolve({ labels: `${task.firstLine}\n`, messages: '', tally: TALLY })),
      destroy: async () => void (destroyed = true),
    } as unknown as CheckPool;
    const written: string[] = [];
    await assert.rejects(
      labelBlocksInOrder(chunks(['a\n', 'b\n', 'c\n', 'd\n']), META, { pool: async () => pool, inThisThread: () => assert.fail(), write: (r) => void written.push(r.labels) }),
      /worker died/,
    );
    assert.deepEqual(written, ['1\n', '2\n']);
    assert.ok(destroyed);
  });

  test('a stream is labelled in this thread up to startAfterBytes, then by the pool, all in input order', async () => {
    const fake = reversingPool(2);
    const written: string[] = [];
    const here: number[] = [];
    // Blocks of 4 bytes: the first two start before byte 6 and stay here; the pool takes the rest.
    await labelBlocksInOrder(chunks(['a1\n', 'b22\n', 'c3\n', 'd4\n', 'e5\n']), META, {
      startAfterBytes: 6,
      pool: async () => fake.pool,
      inThisThread: async (task) => {
        here.push(task.firstLine);
        return { labels: `here ${task.firstLine}:${text(task.bytes).trim()}\n`, messages: '', tally: TALLY };
      },
      write: (r) => void written.push(r.labels),
    });
    assert.deepEqual(here, [1, 2]);
    assert.deepEqual(written, ['here 1:a1\n', 'here 2:b22\n', '3:c3\n', '4:d4\n', '5:e5\n']);
    assert.ok(fake.destroyed());
  });

  test('a stream that ends before startAfterBytes never starts the pool', async () => {
    const written: string[] = [];
    await labelBlocksInOrder(chunks(['a\n', 'b\n', 'c\n', 'd']), META, {
      startAfterBytes: 1000,
      pool: () => assert.fail('the stream ended before the workers would pay'),
      inThisThread: async (task) => ({ labels: `${task.firstLine}${task.last ? '.' : ''}:${text(task.bytes)}`, messages: '', tally: TALLY }),
      write: (r) => void written.push(r.labels),
    });
    assert.deepEqual(written, ['1:a\n', '2:b\n', '3:c\n', '4.:d']);
  });
});
