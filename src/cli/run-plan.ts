/**
 * What `felicity run` decides before it touches a database: the settings file merged under the
 * flags, the grid, the requests and the run's configuration and name. `run --worker` uses it, so
 * every worker started with the same command plans the same run.
 */
import { FIXES, type Grid } from '../benchmark/conditions.ts';
import { GridSetupError, resolveGridSetups, type GridDeployments } from '../benchmark/grid-setups.ts';
import { loadRequests } from '../benchmark/requests/validate-requests.ts';
import { formatProblem } from '../benchmark/requests/request-problem.ts';
import { requestSetHash } from '../benchmark/requests/request-set-hash.ts';
import { extensionProblem, selectRequests, type Selection } from '../benchmark/requests/request-selection.ts';
import { defaultRunName, modelIdentity, type RunConfig } from '../benchmark/run-config.ts';
import { PERSONA_IDS, VARIANTS } from '../setups/deployment.ts';
import { UsageError } from './bench-errors.ts';
import type { RunFlags } from './run-action.ts';
import { mergeRunFile, readRunFile, runFileToRead } from './run-config-file.ts';

/** Splits "a,b" and checks every item against the allowed values. */
function list<T extends string>(option: string, text: string, allowed: readonly T[]): T[] {
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const out = items.map((item) => {
    if (!allowed.includes(item as T)) throw new UsageError(`${option}: unknown value "${item}" (expected ${allowed.join(', ')})`);
    return item as T;
  });
  if (out.length === 0) throw new UsageError(`${option}: empty list`);
  return [...new Set(out)];
}

/** identity → spec, in the order given. Two URLs serving one model in one run would share its responses. */
function modelEndpoints(specs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of specs) {
    const identity = modelIdentity(spec);
    const seen = out.get(identity);
    if (seen !== undefined && seen !== spec) throw new UsageError(`--model ${spec} and --model ${seen} are the same model (${identity}); give it once`);
    out.set(identity, spec);
  }
  return out;
}

/** The request file (every record) and the requests this run uses (--limit or --sample). */
async function readRequestSet(file: string, selection: Selection) {
  const { records, problems } = await loadRequests(file);
  if (problems.length > 0) {
    // A benchmark run must use a clean, hashable set: fix the file (felicity requests validate).
    const shown = problems.slice(0, 3).map(formatProblem).join('; ');
    throw new UsageError(`${file} has ${problems.length} problem(s): ${shown}${problems.length > 3 ? '; …' : ''}`);
  }
  const used = selectRequests(records, selection);
  if (used.length === 0) throw new UsageError(`${file} holds no requests`);
  return { all: records, used };
}

export interface RunPlan {
  /** The flags with the settings file merged under them. */
  options: RunFlags;
  /** Model identity → spec as given. */
  endpoints: Map<string, string>;
  config: RunConfig;
  requests: Awaited<ReturnType<typeof readRequestSet>>['used'];
  deployments: GridDeployments;
  coversEarlier: (earlier: RunConfig) => string | undefined;
  name: string;
}

export async function planRun(flags: RunFlags, given: ReadonlySet<string>, command = 'run'): Promise<RunPlan> {
  const settingsFile = runFileToRead(flags.config);
  let options = flags;
  if (settingsFile !== undefined) {
    options = mergeRunFile(flags, given, readRunFile(settingsFile), settingsFile);
    process.stderr.write(`felicity ${command}: settings from ${settingsFile} (flags on the command line override them)\n`);
  }
  if (options.model.length === 0) throw new UsageError('at least one --model is required');
  // Responses are stored under what a model is, not where it is served (see modelIdentity).
  const endpoints = modelEndpoints(options.model);
  // Deployment files are read once, here: the run keeps their contents (RunConfig.deployments).
  const { setups, deployments } = await resolveGridSetups(options.setups).catch((error: unknown) => {
    throw GridSetupError.isInstance(error) ? new UsageError(error.message) : error;
  });
  const grid: Grid = {
    models: [...endpoints.keys()],
    setups,
    variants: list('--variants', options.variants, VARIANTS),
    personas: list('--personas', options.personas, PERSONA_IDS),
    fixes: list('--fixes', options.fixes, FIXES),
    samples: options.samples,
  };
  if (grid.fixes.some((fix) => fix !== 'none') && !grid.variants.includes('inferred')) {
    throw new UsageError('--fixes: fixes other than none run on the inferred variant; add inferred to --variants');
  }
  if (options.sample !== undefined && options.limit !== undefined) throw new UsageError('give --sample or --limit, not both');
  const selection: Selection = {
    limit: options.limit ?? null,
    ...(options.sample === undefined ? {} : { sample: { size: options.sample, seed: options.seed ?? 0 } }),
  };
  const { all: requestFile, used: requests } = await readRequestSet(options.requests, selection);
  if (selection.sample !== undefined) process.stderr.write(`felicity ${command}: a stratified sample of ${requests.length} of ${requestFile.length} requests (seed ${selection.sample.seed})\n`);
  const config: RunConfig = {
    grid,
    requests: { hash: requestSetHash(requests), count: requests.length, limit: selection.limit, ...(selection.sample ? { sample: selection.sample } : {}) },
    sampling: { temperature: options.temperature, max_tokens: options.maxTokens ?? null, seed: options.seed ?? null, thinking: options.thinking },
    endpoints: Object.fromEntries(endpoints),
    timeout_s: options.timeout,
    ...(Object.keys(deployments).length > 0 ? { deployments } : {}),
  };
  return {
    options,
    endpoints,
    config,
    requests,
    deployments,
    coversEarlier: (earlier) => extensionProblem(requestFile, requests, earlier),
    name: options.name ?? defaultRunName(config),
  };
}
