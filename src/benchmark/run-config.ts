/**
 * A run's configuration: everything that decides which responses a run holds and how they were
 * sampled. Resuming under a different configuration would mix incomparable responses in one run,
 * so it is refused with a field-by-field diff. Operational knobs (concurrency, database path,
 * on-the-fly judging, the request timeout) are not compared: they may change between resumes.
 */
import { createHash } from 'node:crypto';
import { parseModelSpec } from '../llm/model-spec.ts';
import type { Grid } from './conditions.ts';
import type { GridDeployments } from './grid-setups.ts';

export interface RunConfig {
  /** `grid.models` holds model identities (see modelIdentity), not the specs with their URLs. */
  grid: Grid;
  requests: {
    /** Hash of the records the run uses (after --limit), see requestSetHash. */
    hash: string;
    count: number;
    limit: number | null;
    /** `run --sample N --seed S`: a stratified sample of N requests (sample-requests.ts); absent without --sample. */
    sample?: { size: number; seed: number };
  };
  sampling: {
    temperature: number;
    max_tokens: number | null;
    seed: number | null;
    thinking: boolean;
  };
  /**
   * Where each model was served on the latest attempt: identity → spec as given. Recorded, never
   * compared (the URL says where a model runs, not what it is), so a resume may move a server.
   */
  endpoints?: Record<string, string>;
  /**
   * Seconds one model request may take on the latest attempt (`--timeout`). An operational knob
   * like concurrency: recorded, never compared, so a resume may wait longer or shorter.
   */
  timeout_s?: number;
  /**
   * The users' deployments among `grid.setups`, by id, as loaded when the run started: a resume
   * with an edited file is a changed configuration, and `judge` labels with these. Absent when
   * the grid has only built-in setups.
   */
  deployments?: GridDeployments;
}

/** Recorded with a run but left out of the resume comparison and the default name. */
const UNCOMPARED: readonly (keyof RunConfig)[] = ['endpoints', 'timeout_s'];

/** The part of a configuration that must match for a resume. */
export function comparedConfig(config: unknown): unknown {
  if (config === null || typeof config !== 'object') return config;
  return Object.fromEntries(Object.entries(config).filter(([key]) => !(UNCOMPARED as string[]).includes(key)));
}

/**
 * What model a spec names, without where it is served: `openai-compatible:http://host/v1#m` is
 * `openai-compatible:m`; other specs carry no URL and are their own identity. Responses are
 * stored under the identity, so a run resumed against a moved server finds its finished work.
 */
export function modelIdentity(spec: string): string {
  const parsed = parseModelSpec(spec);
  return parsed.provider === 'openai-compatible' ? `openai-compatible:${parsed.model}` : spec;
}

export interface ConfigChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** Thrown when a named run is resumed with a configuration other than the one it started with. */
export class RunConfigChangedError extends Error {
  constructor(
    readonly run: string,
    readonly changes: readonly ConfigChange[],
    /** Why changes that would extend the run (more requests) could not: the earlier requests are not all there. */
    readonly notAnExtension?: string,
  ) {
    super(
      `run "${run}" was started with a different configuration (use another --name for a new run):\n` +
        changes.map((c) => `  ${c.field}: ${show(c.old)} → ${show(c.new)}`).join('\n') +
        (notAnExtension === undefined ? '' : `\n  it cannot be extended either: ${notAnExtension}`),
    );
    this.name = 'RunConfigChangedError';
  }
}

function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

/**
 * Leaf fields by dotted path. Lists of plain values are leaves, so a changed list reads as one
 * change; lists of objects (a deployment's tools) are entered, so an edit reads as the one field
 * it changed (`deployments.my-agent.tools[2].description`).
 */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')) {
    value.forEach((item, index) => flatten(item, `${prefix}[${index}]`, out));
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, value);
  }
}

export function diffConfig(old: unknown, next: unknown): ConfigChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(old, '', a);
  flatten(next, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => JSON.stringify(a.get(f)) !== JSON.stringify(b.get(f)))
    .map((f) => ({ field: f, old: a.get(f), new: b.get(f) }));
}

/**
 * Fields a resume may change to extend a finished run: which requests it holds (a larger --limit or
 * --sample, requests appended to the file) and the samples per condition. Everything else must match.
 */
const EXTENDING = /^(requests\.(hash|count|limit|sample\.size|sample\.seed)|grid\.samples)$/;

/**
 * Whether `changes` only extend a run (more requests, more samples per condition), judged from
 * the configurations alone; that the old requests are among the new ones, unchanged, the caller
 * checks against the request file.
 */
export function onlyExtends(changes: readonly ConfigChange[], old: RunConfig, next: RunConfig): boolean {
  if (changes.length === 0 || !changes.every((c) => EXTENDING.test(c.field))) return false;
  return next.grid.samples >= old.grid.samples && next.requests.count >= old.requests.count;
}

/** Short hash of the configuration, for default run names. */
export function configHash(config: RunConfig): string {
  return createHash('sha256').update(JSON.stringify(comparedConfig(config))).digest('hex').slice(0, 8);
}

/** A readable model name: the part after the provider and any base URL (`Qwen3-8B`, `gpt-4.1-mini`). */
function modelSlug(spec: string): string {
  const name = spec.includes('#') ? spec.slice(spec.lastIndexOf('#') + 1) : spec.slice(spec.indexOf(':') + 1);
  return (name.split('/').at(-1) ?? name).replace(/[^A-Za-z0-9._-]+/g, '-');
}

/**
 * The name a run gets without --name: its models and a hash of its configuration. Re-running the
 * same command therefore resumes the same run, and a changed command starts a new one.
 */
export function defaultRunName(config: RunConfig): string {
  const models = config.grid.models;
  const who = models.length <= 2 ? models.map(modelSlug).join('+') : `${models.length}models`;
  return `${who}-${configHash(config)}`;
}
