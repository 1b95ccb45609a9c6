/**
 * The committed v1.jsonl is the product; this keeps it and the curated tables in
 * scripts/requests-v1 from drifting apart. Runs without ../shared/data (the build then skips only
 * the corpus re-check).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

test('the committed v1.jsonl is exactly what scripts/build-requests.ts builds', async () => {
  const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-requests.ts', '--check'], { cwd: ROOT });
  assert.match(stderr, /is up to date/);
});

test('--check fails when the file differs from the build', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-build-'));
  const copy = join(dir, 'v1.jsonl');
  const original = await readFile(join(ROOT, 'data/requests/v1.jsonl'), 'utf8');
  await writeFile(copy, original.replace('Remind me next Saturday', 'Remind me next Sunday'));
  await assert.rejects(
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-requests.ts', '--check', '--out', copy], { cwd: ROOT }),
    (err: { code?: number; stderr?: string }) => err.code === 1 && /differs from the build/.test(err.stderr ?? ''),
  );
});
