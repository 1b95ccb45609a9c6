/**
 * `felicity prevalence LOGS --db URL --worker` and `felicity prevalence --db URL --name AUDIT
 * --collect`: a large audit shared by workers through PostgreSQL (src/audit/chunked-audit.ts).
 * Workers label with any engine (each with its own judge cache). The URL's password is never printed.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { AuditStoppedError, collectAudit, runAuditWorker, type AuditEvent, type AuditOutcome } from '../audit/chunked-audit.ts';
import { AuditFileChangedError, AuditNotFoundError, AuditOptionsError } from '../audit/chunked-errors.ts';
import { ChunkChangedError } from '../audit/chunked-passes.ts';
import { formatPrevalence } from '../audit/prevalence-format.ts';
import { DatabaseUnusableError, SchemaTooNewError, Store, isPostgresTarget, redactTarget } from '../store/index.ts';
import { judgingSummary, openEngine, type OpenedEngine } from './judge-engine.ts';
import { labellerOf, prevalenceOptions, writePrevalenceOutputs, type PrevalenceFlags } from './prevalence-action.ts';
import { EXIT } from './usage-exit.ts';

export interface WorkerFlags extends PrevalenceFlags {
  db?: string;
  worker?: true;
  name?: string;
  chunkBytes: number;
  lease: number;
  collect?: true;
}

/** The engine and its judge model as an audit records them: the spec only hashed (a URL in it may hold a password). */
export function labelledBy(engine: string, judgeModel: string | undefined): string {
  return engine === 'rules' || judgeModel === undefined ? engine : `${engine}, judge sha256:${createHash('sha256').update(judgeModel).digest('hex').slice(0, 16)}`;
}

function eventLine(event: AuditEvent): string | undefined {
  if (event.kind === 'created') return `audit "${event.audit}" created: ${event.chunks} ranges`;
  if (event.kind === 'joined') return `audit "${event.audit}" joined: ${event.chunks} ranges`;
  if (event.kind === 'designed') return `pass 1 done: ${event.judged} turns to judge in ${event.rows} ranges`;
  if (event.kind === 'claimed' && event.takenOver) return `pass ${event.pass} range ${event.chunk} taken over from a worker whose lease ran out`;
  if (event.kind === 'lost') return `pass ${event.pass} range ${event.chunk}: lease lost to another worker, result dropped`;
  return undefined;
}

export async function runPrevalenceWorkerCommand(logs: string | undefined, flags: WorkerFlags): Promise<void> {
  const fail = (message: string, code: number = EXIT.badInput): void => {
    process.stderr.write(`felicity prevalence: ${message}\n`);
    process.exitCode = code;
  };
  if (flags.db === undefined) return fail(`${flags.worker ? '--worker' : '--collect'} needs --db postgres://…`);
  if (!isPostgresTarget(flags.db)) return fail(`--db: expected a postgres:// URL, got ${redactTarget(flags.db)}`);
  if (flags.worker === flags.collect) return fail('with --db, give either --worker (to work on the audit of LOGS) or --collect (to print a finished audit)');
  if (flags.worker && logs === undefined) return fail('--worker needs LOGS, the file every worker reads at the same path');
  if (flags.collect && flags.name === undefined) return fail('--collect needs --name AUDIT');
  for (const [given, option] of [[flags.calibration, '--calibration'], [flags.dryRun, '--dry-run']] as const) if (given) return fail(`${option} is not available with --db`);
  const options = prevalenceOptions(flags);
  if (typeof options === 'string') return fail(options);

  let opened: OpenedEngine;
  try {
    opened = await openEngine({ engine: flags.engine, judgeModel: flags.judgeModel, cache: flags.cache });
  } catch (error) {
    return fail((error as Error).message.split('\n').join('; '));
  }
  const started = performance.now();
  let store: Store | undefined;
  // Ctrl-C gives the held range back at once; a second Ctrl-C ends the process as usual.
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  process.once('SIGINT', onSigint);
  try {
    // Opening migrates the database: the audit tables are felicity's own (migration 6).
    store = await Store.open(flags.db, { connections: 4 });
    const pool = store.postgresPool!;
    const label = labellerOf(opened.engine, flags.jobs);
    const outcome: AuditOutcome = flags.collect
      ? await collectAudit(pool, flags.name!)
      : await runAuditWorker({
          pool,
          file: logs!,
          name: flags.name,
          chunkBytes: flags.chunkBytes,
          options,
          label,
          labelledBy: labelledBy(opened.engine.kind, flags.judgeModel),
          worker: `${hostname()}:${process.pid}`,
          leaseSeconds: flags.lease,
          pollMs: 250,
          stop: stop.signal,
          onEvent: (event) => {
            const line = eventLine(event);
            if (line) process.stderr.write(`felicity prevalence: ${line}\n`);
          },
        });
    if (!outcome.finished) {
      const p = outcome.progress;
      return fail(`audit "${outcome.audit.name}" is not finished: pass 1 ${p.pass1.done}/${p.pass1.rows} ranges done, pass 2 ${p.designed ? `${p.pass2.done}/${p.pass2.rows}` : 'not started'}`, EXIT.failed);
    }
    for (const p of outcome.problems) process.stderr.write(`${p.file}:${p.line}: ${p.field}: ${p.message}\n`);
    if (outcome.problemCount > outcome.problems.length) process.stderr.write(`felicity prevalence: … and ${outcome.problemCount - outcome.problems.length} more bad lines\n`);
    if (outcome.failure !== undefined) return fail(outcome.failure);
    for (const u of outcome.unlabelled.slice(0, 20)) process.stderr.write(`felicity prevalence: ${u.id}: not labelled: ${u.error}\n`);
    const seconds = (performance.now() - started) / 1000;
    const report = outcome.report;
    process.stdout.write(`${formatPrevalence(report)}\ntime: ${seconds.toFixed(1)} s (${report.design.judged} turns judged, engine ${opened.engine.kind}, audit "${outcome.audit.name}" in ${outcome.audit.chunks} ranges)\n`);
    for (const line of judgingSummary('prevalence', opened)) process.stderr.write(`${line}\n`);
    if (!(await writePrevalenceOutputs(report, flags, seconds))) return;
    if (outcome.problemCount > 0) process.exitCode = EXIT.badInput;
  } catch (error) {
    if (error instanceof AuditStoppedError) {
      const back = error.gaveBack === undefined ? '' : `; pass ${error.gaveBack.pass} range ${error.gaveBack.chunk} is back for the other workers`;
      // The abandoned range's judge calls are not awaited: once the lines are out, the process ends.
      setTimeout(() => process.exit(EXIT.interrupted), 1000).unref();
      return fail(`interrupted${back} (run the same command to help again)`, EXIT.interrupted);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (AuditFileChangedError.isInstance(error) || AuditOptionsError.isInstance(error) || AuditNotFoundError.isInstance(error) || error instanceof ChunkChangedError) return fail(error.message);
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') return fail(`cannot read ${logs}`);
    // The store's own errors name the database without its password.
    if (error instanceof DatabaseUnusableError || error instanceof SchemaTooNewError) return fail(error.message, EXIT.failed);
    if (error instanceof Error && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')) return fail(`database ${redactTarget(flags.db)}: ${error.message}`, EXIT.failed);
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    await store?.close();
    await opened.close();
  }
}
