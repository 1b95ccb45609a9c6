/**
 * A mutation worker: reads one job per line on stdin, `{"gen": 3, "cut": "src/…/lexicon.ts:120:131",
 * "files": ["src/…/detector.test.ts", …], "ignore": ["regex source", …]}` (no `cut`: the rules as
 * they are), loads a fresh copy of those test files and the rules they import with that row
 * removed, runs the tests file by file, in order, until the first failure (tests matching `ignore`
 * are skipped), and writes one line per job: `{"gen": 3, "failure": {"test", "message"} | null}`.
 */
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(import.meta.dirname, '../..');
const harnessUrl = new URL('./harness.ts', import.meta.url).href;

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const job = JSON.parse(line) as { gen: number; cut?: string; files: string[]; ignore?: string[] };
  const query = new URLSearchParams({ gen: String(job.gen) });
  if (job.cut) query.set('cut', job.cut);
  const ignore = (job.ignore ?? []).map((source) => new RegExp(source));
  let failure: { test: string; message: string } | null = null;
  try {
    const harness = (await import(`${harnessUrl}?${query}`)) as typeof import('./harness.ts');
    for (const file of job.files) {
      const first = harness.registered();
      await import(`${pathToFileURL(resolve(repo, file)).href}?${query}`);
      failure = await harness.runRegistered(first, ignore);
      if (failure) {
        failure.test = `${file}: ${failure.test}`;
        break;
      }
    }
  } catch (error) {
    failure = { test: '(loading the rules or a test file)', message: String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200) };
  }
  process.stdout.write(`${JSON.stringify({ gen: job.gen, failure })}\n`);
}
