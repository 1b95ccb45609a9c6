/**
 * Labelling a stored run with a judging engine: pages through the responses the engine has not
 * judged yet (all of them with `force`), labels each (a model engine `concurrency` at a time), and
 * commits each page's labels in one transaction. Memory holds one page; a crash loses at most the
 * page being labelled.
 */
import { EndpointUnreachableError } from './endpoint-check.ts';
import type { LabelRecord } from '../core/types.ts';
import type { Deployment } from '../setups/deployment.ts';
import type { JudgmentRow, OutcomeCount, ResponseRow, Store } from '../store/index.ts';
import type { DamageSink } from '../store/stored-json.ts';
import { userDeployment, type GridDeployments } from './grid-setups.ts';
import type { RunConfig } from './run-config.ts';
import { mapOrdered } from '../check/engines/map-ordered.ts';
import type { Labeller } from './runner.ts';

export interface JudgeEngine {
  /** Name and version, the key judgments are stored under ("rules@1"). */
  name: string;
  /** Hashes of the prompts an LLM engine uses; empty for rules. */
  promptHashes: Record<string, string>;
  /** @param deployment the user's deployment the response ran in; absent for a built-in setup (the row's id). */
  label(response: ResponseRow, deployment?: Deployment): LabelRecord | Promise<LabelRecord>;
  /** Responses labelled at once (model engines); one when absent. */
  concurrency?: number;
  /**
   * Labels a page of responses at once, in order (the rules on worker threads); `label` one by
   * one when absent. An entry is the label, or the error `label` would have thrown.
   */
  labelPage?(responses: readonly ResponseRow[], deployments: GridDeployments | undefined): Promise<({ label: LabelRecord } | { error: Error })[]>;
  /** Ends what the engine started (worker threads). */
  close?(): Promise<void>;
}

/** An engine that labels synchronously (the rules), as `run --judge` needs to label each response as it lands. */
export interface SyncJudgeEngine extends JudgeEngine {
  label(response: ResponseRow, deployment?: Deployment): LabelRecord;
}

export interface JudgeOptions {
  /** Relabel responses the engine already judged. */
  force?: boolean;
  /** Responses per page and per commit. */
  pageSize?: number;
  onProgress?: (judged: number) => void;
  /** Told of each response whose stored record is damaged: it is skipped and the pass goes on (without it, the pass stops there). */
  onDamaged?: DamageSink;
}

export interface JudgeSummary {
  judged: number;
  /** Responses the engine could not label, with why (the first few in full). */
  failures: number;
  firstFailures: { responseId: string; message: string }[];
  /** Responses whose model call failed: never labelled, in no count or rate (as `check` treats them). */
  errored: number;
  /** Outcome counts per setup over every label the engine holds for the run. */
  counts: OutcomeCount[];
}

/** @param deployments the run's own deployments (RunConfig.deployments), for responses of those setups. */
export function labellerFor(engine: SyncJudgeEngine, deployments?: GridDeployments): Labeller {
  return (response) => ({
    response_id: response.response_id,
    engine: engine.name,
    prompt_hashes: engine.promptHashes,
    label: engine.label(response, userDeployment(response.setup, deployments)),
  });
}

const SHOWN_FAILURES = 5;

export async function judgeRun(store: Store, run: string, engine: JudgeEngine, options: JudgeOptions = {}): Promise<JudgeSummary> {
  const { id, config } = await store.runs.get(run);
  // The deployments the run was started with, whatever has happened to their files since.
  const deployments = (JSON.parse(config) as RunConfig).deployments;
  const label = async (response: ResponseRow): Promise<JudgmentRow> => ({
    response_id: response.response_id,
    engine: engine.name,
    prompt_hashes: engine.promptHashes,
    label: await engine.label(response, userDeployment(response.setup, deployments)),
  });
  const pageSize = options.pageSize ?? 500;
  const summary: JudgeSummary = { judged: 0, failures: 0, firstFailures: [], errored: (await store.responses.counts(id)).errors, counts: [] };
  // Keyset paging: response ids are the primary key, so "after the last id" is an index seek,
  // and labels written between pages never shift what the next page returns.
  for (let after = ''; ; ) {
    const { rows: page, next } = await store.responses.unjudgedPage(id, engine.name, after, pageSize, options.force ?? false, options.onDamaged);
    if (next === undefined) break;
    after = next;
    // Every row of the page damaged (each reported): nothing to label here.
    if (page.length === 0) continue;
    const labels: JudgmentRow[] = [];
    const settled = engine.labelPage
      ? labelledPage(engine, page, deployments)
      : mapOrdered(page, engine.concurrency ?? 1, (response) =>
          label(response).then(
            (row) => ({ row }),
            (err: unknown) => ({ response, err }),
          ),
        );
    for await (const result of settled) {
      if ('row' in result) {
        labels.push(result.row);
        continue;
      }
      // A judge that cannot be reached fails the whole pass, not each response in turn.
      if (EndpointUnreachableError.isInstance(result.err)) throw result.err;
      summary.failures++;
      if (summary.firstFailures.length < SHOWN_FAILURES) {
        summary.firstFailures.push({ responseId: result.response.response_id, message: result.err instanceof Error ? result.err.message : String(result.err) });
      }
    }
    await store.saveJudgments(id, labels);
    summary.judged += labels.length;
    options.onProgress?.(summary.judged);
  }
  summary.counts = await store.judgments.outcomeCounts(id, engine.name);
  return summary;
}

/** A page labelled by `engine.labelPage`, as the per-response path settles it. */
async function* labelledPage(engine: JudgeEngine, page: readonly ResponseRow[], deployments: GridDeployments | undefined) {
  const results = await engine.labelPage!(page, deployments);
  for (const [i, result] of results.entries()) {
    const response = page[i]!;
    if ('label' in result) yield { row: { response_id: response.response_id, engine: engine.name, prompt_hashes: engine.promptHashes, label: result.label } };
    else yield { response, err: result.error as unknown };
  }
}

/** Outcome counts as a small table: one line per setup, `outcome n` pairs. */
export function formatOutcomeCounts(counts: readonly OutcomeCount[]): string {
  const bySetup = new Map<string, string[]>();
  for (const c of counts) bySetup.set(c.setup, [...(bySetup.get(c.setup) ?? []), `${c.outcome} ${c.n}`]);
  return [...bySetup].map(([setup, parts]) => `${setup}: ${parts.join(', ')}`).join('\n');
}
