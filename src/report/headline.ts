/**
 * The headline paragraph: the naive deployment's failure rate with its parts, the scheduler
 * setup's failure, unanchored and over-refusal rates, and what was left out. The same sentences
 * go to stderr and to the top of report.html.
 */
import type { Estimate } from '../stats/estimates.ts';
import { POOLED, cellKey, pooledWho, type ReportModel } from './report-model.ts';
import type { ReportStats } from './report-stats.ts';

function pct(e: Estimate | undefined, withInterval = true): string {
  if (e === undefined || e.value === null) return '– (not defined)';
  const p = (v: number) => (v * 100).toFixed(1);
  return withInterval && e.low !== null && e.high !== null ? `${p(e.value)}% [${p(e.low)}, ${p(e.high)}]` : `${p(e.value)}%`;
}

export function headline(model: ReportModel, stats: ReportStats, engine: string): string[] {
  const persona = model.personas.includes('generic') ? 'generic' : (model.personas[0] ?? 'generic');
  const who = pooledWho(model);
  const lines: string[] = [];
  const naive = model.setups.includes('C0') ? 'C0' : model.setups[0];
  const cell = (setup: string) => stats.cells.get(cellKey(POOLED, setup, 'inferred', persona, 'none'));
  const c0 = naive === undefined ? undefined : cell(naive);
  if (c0 !== undefined) {
    lines.push(
      `${naive}-inferred (${persona} persona, ${who}): ${pct(c0.get('failure'))} of responses fail; ` +
        `false claims ${pct(c0.get('false_claim'), false)}, deferrals ${pct(c0.get('deferral'), false)}, commitment incidence ${pct(c0.get('incidence'), false)}.`,
    );
  }
  const c2 = model.setups.includes('C2') ? cell('C2') : undefined;
  if (c2 !== undefined) {
    lines.push(
      `C2-inferred: failure ${pct(c2.get('failure'))}, unanchored ${pct(c2.get('unanchored_excl'))} (clarifying replies left out), over-refusal ${pct(c2.get('over_refusal'))}.`,
    );
  }
  const left = [
    model.errored > 0 ? `${model.errored} errored responses (failed model calls) left out of every rate` : '',
    model.unlabelled > 0 ? `${model.unlabelled} responses without a label from ${engine} left out` : '',
  ].filter((s) => s !== '');
  lines.push(
    `${model.items.length} of ${model.total} responses judged by ${engine}, ${model.clusters} requests; 95% cluster-bootstrap intervals over requests (${model.options.reps} replicates, seed ${model.options.seed})` +
      (left.length > 0 ? `; ${left.join('; ')}.` : '.'),
  );
  return lines;
}
