/**
 * A chunked-audit worker in a child process, for the test that kills one: it works normally until
 * it claims its first pass-2 row, then says "holding" on stdout and waits, holding the claim,
 * until it is killed. Arguments: database URL, log file, audit name, bytes per range.
 */
import pg from 'pg';
import { checkMany } from '../../check/check-many.ts';
import { runAuditWorker } from '../chunked-audit.ts';
import { DEFAULT_CUE } from '../cue.ts';

const [url, file, name, chunkBytes] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 3 });
await runAuditWorker({
  pool,
  file: file!,
  name: name!,
  chunkBytes: Number(chunkBytes),
  options: { sample: 300, seed: 11, strata: 'model', only: {}, cue: DEFAULT_CUE, reps: 200, level: 0.95, setup: 'C0' },
  labelledBy: 'rules',
  label: async (records) => (await checkMany(records, { jobs: 1, setup: 'C0' })).map((r) => ('label' in r ? r.label : { error: r.error.message })),
  worker: `child:${process.pid}`,
  leaseSeconds: 1,
  pollMs: 50,
  onEvent: async (event) => {
    if (event.kind === 'claimed' && event.pass === 2) {
      process.stdout.write(`holding ${event.chunk}\n`);
      // Keeps the process alive, claim held, until the test kills it.
      setInterval(() => {}, 60_000);
      await new Promise(() => {});
    }
  },
});
