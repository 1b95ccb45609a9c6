/**
 * The report's input from files: response records (SPEC §4, e.g. from `felicity export`, or
 * hand-made turn records) joined by `id` with label records (e.g. from `felicity check`). Bad
 * lines are reported with file, line and field and skipped; every good record is kept.
 */
import fs from 'node:fs';
import { DOABILITIES, OUTCOMES, type ChatMessage, type Doability, type LabelRecord } from '../core/types.ts';
import { DeploymentError, parseDeployment, type Deployment } from '../setups/index.ts';
import type { LineProblem } from './request-info.ts';
import { doabilityCache, type ReportResponse, type RequestInfo } from './report-response.ts';

function* jsonLines(file: string, problems: LineProblem[]): Generator<{ line: number; record: Record<string, unknown> }> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') continue;
    try {
      const record: unknown = JSON.parse(text);
      if (record === null || typeof record !== 'object' || Array.isArray(record)) throw new Error('not an object');
      yield { line: i + 1, record: record as Record<string, unknown> };
    } catch {
      problems.push({ file, line: i + 1, message: 'not a JSON object' });
    }
  }
}

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);

function validLabel(r: Record<string, unknown>): string | null {
  if (typeof r.id !== 'string') return 'field id: expected a string';
  if (!(OUTCOMES as readonly unknown[]).includes(r.outcome)) return `field outcome: expected one of ${OUTCOMES.join(', ')}`;
  if (!Array.isArray(r.commitments)) return 'field commitments: expected an array';
  if (r.booleans === null || typeof r.booleans !== 'object') return 'field booleans: expected an object';
  return null;
}

export function loadFiles(responsesFile: string, labelsFile: string, requests: ReadonlyMap<string, RequestInfo>, problems: LineProblem[]): ReportResponse[] {
  const labels = new Map<string, LabelRecord>();
  const labelLines = new Map<string, number>();
  for (const { line, record } of jsonLines(labelsFile, problems)) {
    const problem = validLabel(record);
    const first = labelLines.get(record.id as string);
    if (problem !== null) problems.push({ file: labelsFile, line, message: problem });
    else if (first !== undefined) problems.push({ file: labelsFile, line, message: `id ${JSON.stringify(record.id)} repeats line ${first}; the first label is used` });
    else {
      labels.set(record.id as string, record as unknown as LabelRecord);
      labelLines.set(record.id as string, line);
    }
  }
  // Exports of runs on users' deployments carry the deployment itself as `setup`.
  const deployments = new Map<string, Deployment>();
  const doability = doabilityCache(requests, (setup) => deployments.get(setup));
  const out: ReportResponse[] = [];
  // A response counted twice (files concatenated twice) would skew every rate: each id counts once.
  const seen = new Map<string, number>();
  for (const { line, record: r } of jsonLines(responsesFile, problems)) {
    if (typeof r.id !== 'string' || r.id === '') {
      problems.push({ file: responsesFile, line, message: 'field id: expected a non-empty string' });
      continue;
    }
    const first = seen.get(r.id);
    if (first !== undefined) {
      problems.push({ file: responsesFile, line, message: `id ${JSON.stringify(r.id)} repeats line ${first}; each id counts once` });
      continue;
    }
    if (!Array.isArray(r.messages)) {
      problems.push({ file: responsesFile, line, message: 'field messages: expected an array' });
      continue;
    }
    let setup = str(r.setup, 'custom');
    if (r.setup !== null && typeof r.setup === 'object') {
      try {
        const deployment = parseDeployment(r.setup, { unknownKeys: 'keep' });
        setup = deployment.id;
        if (!deployments.has(setup)) deployments.set(setup, deployment);
      } catch (error) {
        if (!(error instanceof DeploymentError)) throw error;
        const issue = error.issues[0];
        problems.push({ file: responsesFile, line, message: `field ${issue?.path ? `setup.${issue.path}` : 'setup'}: ${issue?.message ?? 'not a deployment'}` });
        continue;
      }
    }
    seen.set(r.id, line);
    const persona = str(r.persona, 'generic');
    const category = str(r.category, 'unknown');
    const request = str(r.request, r.id);
    const error = typeof r.error === 'string' ? r.error : null;
    out.push({
      id: r.id,
      run: str(r.run, 'records'),
      request,
      model: str(r.model, 'model'),
      setup,
      variant: str(r.variant, 'inferred'),
      persona,
      fix: str(r.fix, 'none'),
      sample: typeof r.sample === 'number' ? r.sample : 0,
      category,
      source: requests.get(request)?.source ?? 'unknown',
      doability: (DOABILITIES as readonly unknown[]).includes(r.doable) ? (r.doable as Doability) : doability(setup, persona, category, request),
      messages: r.messages as ChatMessage[],
      error,
      label: error === null ? (labels.get(r.id) ?? null) : null,
    });
  }
  return out;
}
