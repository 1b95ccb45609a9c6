/**
 * Reading stored runs for the report. Several runs pool when they share a request-set hash (a
 * model run later joins the report); different hashes are refused with both named. A run the
 * engine has not labelled names the command that labels it; one whose every model call failed
 * (nothing to label) says how to redo them instead.
 */
import { allFailed, noSuccessfulResponses, retryErrorsHint } from '../benchmark/failed-run.ts';
import { userDeployment } from '../benchmark/grid-setups.ts';
import type { RunConfig } from '../benchmark/run-config.ts';
import type { RunRow, Store } from '../store/index.ts';
import { resolveEngineName } from '../benchmark/engine-names.ts';
import { judgedEngines, labelledResponses } from '../store/report-queries.ts';
import type { DamagedRecordError } from '../store/stored-json.ts';
import { guardDraftOf } from './guard-draft.ts';
import { ReportInputError } from './report-input-error.ts';
import { doabilityCache, type ReportResponse, type RequestInfo } from './report-response.ts';

export interface LoadedRuns {
  responses: ReportResponse[];
  /** The stored engine name the labels come from, per run. */
  engines: Map<string, string>;
  requestSetHash: string;
}

/** The stored engine a CLI engine name means in this run: the exact id, or the one id of that family (`rules`, `llm`, `hybrid`). */
export async function resolveEngine(store: Store, run: string, runId: number, name: string, db: string): Promise<string> {
  const engines = await judgedEngines(store.db, runId);
  const resolved = resolveEngineName(name, engines.map((e) => e.engine));
  if (resolved.kind === 'found') return resolved.id;
  if (resolved.kind === 'ambiguous') {
    throw new ReportInputError(
      'AMBIGUOUS_ENGINE',
      `run "${run}" has labels from several ${name} engines: ${resolved.candidates.join(', ')}; pass one of these ids with --engine`,
      { run, candidates: resolved.candidates },
    );
  }
  const failed = engines.length === 0 ? allFailed(await store.responses.counts(runId)) : undefined;
  if (failed !== undefined) {
    // `felicity judge` would label nothing: send the user to what helps.
    throw new ReportInputError('NO_RESPONSES', `${noSuccessfulResponses(run, failed)}; ${retryErrorsHint(run, db)}`, { run, failed });
  }
  const known = engines.length === 0 ? 'it has no labels yet' : `it has labels from ${engines.map((e) => e.engine).join(', ')}`;
  throw new ReportInputError('NO_JUDGMENTS', `run "${run}" has no judgments from engine "${name}" (${known}); label it with: felicity judge ${run} --engine ${name} --db ${db}`, { run, engine: name });
}

/** @param onDamaged told of each damaged stored response (by run): it is left out and the others still load; without it, loading stops there. */
export async function loadRuns(store: Store, runs: readonly string[], engine: string, requests: ReadonlyMap<string, RequestInfo>, onDamaged?: (run: string, error: DamagedRecordError) => void): Promise<LoadedRuns> {
  const rows: RunRow[] = [];
  for (const name of runs) rows.push(await store.runs.get(name));
  const first = rows[0]!;
  for (const row of rows.slice(1)) {
    if (row.request_set_hash !== first.request_set_hash) {
      throw new ReportInputError(
        'MIXED_REQUEST_SETS',
        `runs "${first.name}" and "${row.name}" used different request sets (hash ${first.request_set_hash} vs ${row.request_set_hash}); report them separately`,
        { runs: [first.name, row.name] },
      );
    }
  }
  const responses: ReportResponse[] = [];
  const engines = new Map<string, string>();
  for (const run of rows) {
    // Each run judges its own deployments (RunConfig.deployments), which may share an id with another run's.
    const { deployments } = JSON.parse(run.config) as RunConfig;
    const doability = doabilityCache(requests, (setup) => userDeployment(setup, deployments));
    const stored = await resolveEngine(store, run.name, run.id, engine, store.location);
    engines.set(run.name, stored);
    for await (const r of labelledResponses(store.db, run.id, stored, onDamaged && ((error) => onDamaged(run.name, error)))) {
      // A guarded arm's draft lives in its fix steps, not in the turn (the turn holds what the user saw).
      const guard = r.fix === 'none' || r.fixSteps === null ? undefined : guardDraftOf(r.fixSteps.action, r.fixSteps.steps);
      responses.push({
        id: runs.length > 1 ? `${run.name}:${r.response_id}` : r.response_id,
        run: run.name,
        request: r.request_id,
        model: r.model,
        setup: r.setup,
        variant: r.variant,
        persona: r.persona,
        fix: r.fix,
        sample: r.sample,
        category: r.category,
        source: requests.get(r.request_id)?.source ?? 'unknown',
        doability: doability(r.setup, r.persona, r.category, r.request_id),
        messages: r.messages,
        error: r.error,
        label: r.error === null ? r.label : null,
        ...(guard === undefined ? {} : { guard }),
      });
    }
  }
  return { responses, engines, requestSetHash: first.request_set_hash };
}
