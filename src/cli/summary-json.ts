/**
 * `--summary-json FILE` of `check`, `run` and `judge`: what the command's closing lines on stderr
 * say, as one small JSON object a CI job can read (README, "Summary JSON"). Schema version 1:
 *
 *   felicity_summary  1 (bumped only for a change that is not an addition)
 *   command           "check" | "run" | "judge"
 *   run               the run name (run, judge), absent for check
 *   engine            the full id of the engine whose labels are counted, or null when nothing was labelled
 *   outcomes          { outcome: count } over labelled turns, every outcome present (0 when none)
 *   labelled          turns with a label; the denominator of failure_rate
 *   failures          labelled turns with a failing outcome (false_claim, empty, unanchored)
 *   failure_rate      failures / labelled, or null when nothing was labelled
 *   not_labelled      { reason: count } for turns left out of the rates, absent when none
 *   errored           responses whose model call failed (never labelled)
 *   bad_lines         input lines that could not be read (check only; 0 elsewhere)
 *   fail_on           { threshold, kind, exceeded } when --fail-on was given (check)
 *   seconds           wall-clock time of the command
 */
import fs from 'node:fs';
import path from 'node:path';
import { FAILURE_OUTCOMES, OUTCOMES, type Outcome } from '../core/types.ts';
import type { FailOn } from './fail-on.ts';
import { UsageError } from './usage-exit.ts';

export const SUMMARY_VERSION = 1;

export interface SummaryFacts {
  command: 'check' | 'run' | 'judge';
  run?: string;
  engine: string | null;
  outcomes: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  errored: number;
  badLines?: number;
  notLabelled?: Readonly<Record<string, number>>;
  failOn?: { gate: FailOn; exceeded: boolean };
  seconds: number;
}

export interface Summary {
  felicity_summary: number;
  command: SummaryFacts['command'];
  run?: string;
  engine: string | null;
  outcomes: Record<Outcome, number>;
  labelled: number;
  failures: number;
  failure_rate: number | null;
  not_labelled?: Record<string, number>;
  errored: number;
  bad_lines: number;
  fail_on?: { threshold: number; kind: FailOn['kind']; exceeded: boolean };
  seconds: number;
}

export function buildSummary(facts: SummaryFacts): Summary {
  const given = facts.outcomes instanceof Map ? Object.fromEntries(facts.outcomes) : (facts.outcomes as Record<string, number>);
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, given[o] ?? 0])) as Record<Outcome, number>;
  const labelled = OUTCOMES.reduce((sum, o) => sum + outcomes[o], 0);
  const failures = OUTCOMES.filter((o) => FAILURE_OUTCOMES.has(o)).reduce((sum, o) => sum + outcomes[o], 0);
  const notLabelled = Object.entries(facts.notLabelled ?? {}).filter(([, n]) => n > 0);
  return {
    felicity_summary: SUMMARY_VERSION,
    command: facts.command,
    ...(facts.run === undefined ? {} : { run: facts.run }),
    engine: facts.engine,
    outcomes,
    labelled,
    failures,
    failure_rate: labelled === 0 ? null : Number((failures / labelled).toFixed(6)),
    ...(notLabelled.length === 0 ? {} : { not_labelled: Object.fromEntries(notLabelled) }),
    errored: facts.errored,
    bad_lines: facts.badLines ?? 0,
    ...(facts.failOn === undefined ? {} : { fail_on: { threshold: facts.failOn.gate.max, kind: facts.failOn.gate.kind, exceeded: facts.failOn.exceeded } }),
    seconds: Number(facts.seconds.toFixed(3)),
  };
}

/** Outcome counts per setup (as the store gives them) summed per outcome. */
export function totalsByOutcome(counts: readonly { outcome: string; n: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of counts) out.set(c.outcome, (out.get(c.outcome) ?? 0) + c.n);
  return out;
}

/** Writes the summary whole or not at all (a temporary file renamed into place). */
export function writeSummary(file: string, summary: Summary): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, `${JSON.stringify(summary, null, 2)}\n`);
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--summary-json ${file}: cannot write: ${code === 'ENOENT' ? 'no such folder' : (code ?? (error as Error).message)}`);
  }
}
