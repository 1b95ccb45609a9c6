/**
 * `felicity.yaml`: the settings of `felicity run` in a file (`run --config FILE`, or felicity.yaml in
 * the working folder when present). Flags given on the command line override the file. Unknown
 * keys are errors with a did-you-mean, every mistake of the file in one line. Paths in the file
 * (requests, db unless a postgres:// URL, deployment files among the setups) are relative to the file's folder.
 *
 *   models: [openai:gpt-4.1-mini]        # or one string
 *   setups: [C0, C2, my-agent.yaml]      # or "C0,C2"
 *   variants: [inferred, stated]
 *   personas: [generic]
 *   fixes: [none, guard]
 *   samples: 1                           # samples per request and condition
 *   sample: {size: 50, seed: 1}          # or 50: a stratified sample of requests
 *   judge: rules                         # or {engine: llm, model: openai:gpt-4.1-mini}
 */
import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { lineOf } from '../yaml-lines.ts';
import { z } from 'zod';
import { ENGINE_NAMES } from '../benchmark/engines.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { isPostgresTarget } from '../store/sql.ts';
import type { RunFlags } from './run-action.ts';
import { UsageError } from './usage-exit.ts';
import { decodeUtf8, describeNotUtf8 } from '../utf8-text.ts';

export const DEFAULT_CONFIG_FILE = 'felicity.yaml';

const list = z.union([z.string(), z.array(z.string())]);
const positive = z.number().int().min(1);

const judgeSchema = z.union([z.enum(ENGINE_NAMES), z.strictObject({ engine: z.enum(ENGINE_NAMES), model: z.string().optional() })]);

export const runFileSchema = z.strictObject({
  models: list.optional(),
  setups: list.optional(),
  variants: list.optional(),
  personas: list.optional(),
  fixes: list.optional(),
  samples: positive.optional(),
  sample: z.union([positive, z.strictObject({ size: positive, seed: z.number().int().min(0).optional() })]).optional(),
  seed: z.number().int().min(0).optional(),
  requests: z.string().optional(),
  limit: positive.optional(),
  judge: judgeSchema.optional(),
  judge_model: z.string().optional(),
  temperature: z.number().optional(),
  max_tokens: positive.optional(),
  thinking: z.boolean().optional(),
  timeout: z.number().positive().optional(),
  concurrency: positive.optional(),
  db: z.string().optional(),
  name: z.string().optional(),
});
export type RunFile = z.infer<typeof runFileSchema>;

/** The file's mistakes, each with its line where the YAML says. */
export class RunConfigFileError extends UsageError {
  constructor(
    readonly file: string,
    readonly problems: readonly { line: number | null; message: string }[],
  ) {
    super(`${file}: ${problems.map((p) => `${p.line === null ? '' : `line ${p.line}: `}${p.message}`).join('; ')}`);
  }
}

/** The object keys a path leads through, for "did you mean" among a nested object's keys. */
function keysAt(shape: z.ZodType, at: readonly PropertyKey[]): string[] {
  let schema: unknown = shape;
  for (const key of at) {
    const s = schema as { shape?: Record<string, unknown>; options?: unknown[]; unwrap?: () => unknown };
    const objects = s.options ?? [s.unwrap?.() ?? s];
    const found = objects.map((o) => (o as { shape?: Record<string, unknown> }).shape?.[String(key)]).find((x) => x !== undefined);
    if (found === undefined) return [];
    schema = (found as { unwrap?: () => unknown }).unwrap?.() ?? found;
  }
  const s = schema as { shape?: Record<string, unknown>; options?: unknown[] };
  const objects = s.options ?? [s];
  return objects.flatMap((o) => Object.keys((o as { shape?: Record<string, unknown> }).shape ?? {}));
}

/** Reads and checks a settings file; every mistake is in the one RunConfigFileError. */
export function readRunFile(file: string): RunFile {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RunConfigFileError(file, [{ line: null, message: `cannot read: ${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}` }]);
  }
  const decoded = decodeUtf8(bytes);
  if ('bad' in decoded) throw new RunConfigFileError(file, [{ line: null, message: describeNotUtf8(decoded.bad) }]);
  const text = decoded.text;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new RunConfigFileError(file, doc.errors.map((e) => ({ line: e.linePos?.[0]?.line ?? null, message: `not valid YAML: ${e.message.split('\n')[0]}` })));
  }
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (error) {
    // Past its alias budget (a billion-laughs file) the library stops with a ReferenceError.
    throw new RunConfigFileError(file, [{ line: null, message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` }]);
  }
  const parsed = runFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const known = keysAt(runFileSchema, issue.path);
      return issue.keys.map((key) => ({
        line: lineOf(doc.contents, issue.path, key, lines),
        message: `unknown key "${[...issue.path, key].join('.')}"${didYouMean(key, known)}`,
      }));
    }
    const where = issue.path.length === 0 ? 'the file' : issue.path.join('.');
    return [{ line: lineOf(doc.contents, issue.path, undefined, lines), message: `${where}: ${issue.message}` }];
  });
  throw new RunConfigFileError(file, problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
}

/** Which settings file `run` reads: --config, else felicity.yaml in the working folder when there is one. */
export function runFileToRead(config: string | undefined, cwd = process.cwd()): string | undefined {
  if (config !== undefined) return config;
  const local = path.join(cwd, DEFAULT_CONFIG_FILE);
  return fs.existsSync(local) ? local : undefined;
}

const joined = (value: string | string[]) => (Array.isArray(value) ? value.join(',') : value);
const FILE = /\.(json|ya?ml)$/i;

/**
 * The flags with the file's settings where no flag was given (`given`: the flags on the command
 * line, by their option name in RunFlags).
 */
export function mergeRunFile(flags: RunFlags, given: ReadonlySet<string>, settings: RunFile, file: string): RunFlags {
  const dir = path.dirname(path.resolve(file));
  const at = (p: string) => path.resolve(dir, p);
  const out: RunFlags = { ...flags };
  const use = <K extends keyof RunFlags>(key: K, value: RunFlags[K] | undefined) => {
    if (value !== undefined && !given.has(key)) out[key] = value;
  };
  use('model', settings.models === undefined ? undefined : Array.isArray(settings.models) ? settings.models : [settings.models]);
  use('setups', settings.setups === undefined ? undefined : joined(settings.setups).split(',').map((s) => (FILE.test(s.trim()) ? at(s.trim()) : s.trim())).join(','));
  use('variants', settings.variants === undefined ? undefined : joined(settings.variants));
  use('personas', settings.personas === undefined ? undefined : joined(settings.personas));
  use('fixes', settings.fixes === undefined ? undefined : joined(settings.fixes));
  use('samples', settings.samples);
  const sample = typeof settings.sample === 'number' ? { size: settings.sample } : settings.sample;
  use('sample', sample?.size);
  use('seed', sample?.seed ?? settings.seed);
  use('requests', settings.requests === undefined ? undefined : at(settings.requests));
  use('limit', settings.limit);
  const judge = typeof settings.judge === 'string' ? { engine: settings.judge } : settings.judge;
  use('judge', judge?.engine);
  use('judgeModel', judge?.model ?? settings.judge_model);
  use('temperature', settings.temperature);
  use('maxTokens', settings.max_tokens);
  use('thinking', settings.thinking);
  use('timeout', settings.timeout);
  use('concurrency', settings.concurrency);
  // A PostgreSQL URL is a server, not a path relative to the file.
  use('db', settings.db === undefined ? undefined : isPostgresTarget(settings.db) ? settings.db : at(settings.db));
  use('name', settings.name);
  return out;
}
