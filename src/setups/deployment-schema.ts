/**
 * Validation of deployments that users write (JSON, YAML, or an object inside a turn record):
 * shape first (zod), then the rules that span fields: unique tool names, `required` parameters
 * that exist, and persistence properties that agree with the capability tags. Every problem
 * becomes a `DeploymentIssue`. An unknown key is a mistake with a did-you-mean (unknown-keys.ts):
 * a misspelt key read as nothing would change every label silently. Keys starting with `x-` are
 * the user's own notes, kept and ignored; so are the keys inside a tool's `parameters` (a JSON
 * Schema) and a mock's `result` (any JSON).
 */
import { z } from 'zod';
import { isKnownCapability, persistenceFromTools, type Persistence } from '../core/affordances.ts';
import { KNOWN_CAPABILITIES, type Capability } from '../core/types.ts';
import { DeploymentError, describeValue, formatPath, type DeploymentIssue } from './deployment-error.ts';
import { unknownKeyIssues } from './unknown-keys.ts';
import { isTimeZone } from './time-zone.ts';
import { PERSONA_IDS, type Deployment, type MockSpec, type PersonaId, type ToolDefinition } from './deployment.ts';

/** OpenAI's rule for function names. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MOCK_BUILTINS = ['calculator', 'clock'] as const;
const EMPTY_PARAMETERS = { type: 'object', properties: {} };

/** Which tags each persistence property stands for (as `persistenceFromTools` reads them). */
const PERSISTENCE_TAGS: Record<keyof Persistence, string> = {
  acts_after_turn: 'run_later or watch_event',
  schedules_future: 'run_later or watch_event',
  remembers_across_sessions: 'recall_across_sessions',
  obligates_people: 'delegate_to_human',
};
const PERSISTENCE_KEYS = Object.keys(PERSISTENCE_TAGS) as (keyof Persistence)[];

type Check<T> = (value: T, ctx: z.RefinementCtx) => void;

/** A refinement that reports one issue with what was expected and what came. */
function must<T>(ok: (value: T) => boolean, message: (value: T) => string, expected: string): Check<T> {
  return (value, ctx) => {
    if (ok(value)) return;
    ctx.addIssue({ code: 'custom', message: message(value), params: { expected, got: describeValue(value) } });
  };
}

function isCapability(tag: string): tag is Capability {
  return isKnownCapability(tag) || (tag.startsWith('other:') && tag.slice('other:'.length).trim() !== '');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const toolNameSchema = z.string().superRefine(
  must(
    (name) => TOOL_NAME.test(name),
    (name) => `invalid tool name ${describeValue(name)}`,
    'letters, digits, "_" or "-", 1 to 64 characters',
  ),
);

const capabilitySchema = z
  .string()
  .superRefine(
    must(
      isCapability,
      (tag) => `unknown capability ${describeValue(tag)}`,
      `one of ${KNOWN_CAPABILITIES.join(', ')}, or other:<text>`,
    ),
  )
  .transform((tag) => tag as Capability);

const personaSchema = z
  .string()
  .superRefine(
    must(
      (id) => (PERSONA_IDS as readonly string[]).includes(id),
      (id) => `unknown persona ${describeValue(id)}`,
      PERSONA_IDS.join(' or '),
    ),
  )
  .transform((id) => id as PersonaId);

/** An object schema as OpenAI function calling takes it; `required` must name declared properties. */
const checkParameters: Check<unknown> = (value, ctx) => {
  const expected = 'a JSON Schema object schema, e.g. {"type": "object", "properties": {…}}';
  if (!isPlainObject(value)) {
    const message = `parameters must be an object schema, got ${describeValue(value)}`;
    ctx.addIssue({ code: 'custom', message, params: { expected } });
    return;
  }
  if (value.type !== 'object') {
    const message = `must be "object", got ${describeValue(value.type)}`;
    ctx.addIssue({ code: 'custom', path: ['type'], message, params: { expected } });
  }
  const properties = value.properties ?? {};
  if (!isPlainObject(properties) || !Object.values(properties).every(isPlainObject)) {
    const message = 'must map each parameter name to a schema object';
    ctx.addIssue({ code: 'custom', path: ['properties'], message, params: { expected } });
    return;
  }
  if (value.required === undefined) return;
  if (!Array.isArray(value.required) || !value.required.every((name) => typeof name === 'string')) {
    const message = 'must be a list of parameter names';
    ctx.addIssue({ code: 'custom', path: ['required'], message, params: { expected } });
    return;
  }
  value.required.forEach((name: string, index) => {
    if (!Object.hasOwn(properties, name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['required', index],
        message: `names ${describeValue(name)}, which is not in properties`,
        params: { expected: `one of ${Object.keys(properties).join(', ') || '(no properties declared)'}` },
      });
    }
  });
};

/** `{result: <any JSON>}` or `{builtin: "calculator" | "clock"}`, exactly one of them. */
const checkMock: Check<unknown> = (value, ctx) => {
  const expected = '{"result": <JSON>} or {"builtin": "calculator" | "clock"}';
  const hasResult = isPlainObject(value) && Object.hasOwn(value, 'result');
  const hasBuiltin = isPlainObject(value) && Object.hasOwn(value, 'builtin');
  if (hasResult === hasBuiltin) {
    const message = hasResult ? 'mock has both result and builtin' : `invalid mock: ${describeValue(value)}`;
    ctx.addIssue({ code: 'custom', message, params: { expected } });
    return;
  }
  const builtin = hasBuiltin ? (value as Record<string, unknown>).builtin : undefined;
  if (hasBuiltin && !(MOCK_BUILTINS as readonly unknown[]).includes(builtin)) {
    ctx.addIssue({
      code: 'custom',
      path: ['builtin'],
      message: `unknown builtin mock ${describeValue(builtin)}`,
      params: { expected: MOCK_BUILTINS.join(' or '), got: describeValue(builtin) },
    });
  }
};

const toolSchema = z.looseObject({
  name: toolNameSchema,
  description: z.string().default(''),
  parameters: z.unknown().superRefine(checkParameters).default(EMPTY_PARAMETERS),
  capabilities: z.array(capabilitySchema).default([]),
  performs: z.array(z.string().trim().min(1)).optional(),
  // What a call performs when one argument has a given value ("domain: lock" → "unlock lock").
  performs_by_argument: z
    .strictObject({ argument: z.string().trim().min(1), values: z.record(z.string().min(1), z.array(z.string().trim().min(1))) })
    .optional(),
  personas: z
    .array(personaSchema)
    .superRefine(
      must(
        (list) => list.length > 0,
        () => 'an empty list offers the tool to no persona',
        'generic and/or support; omit personas to offer the tool to all',
      ),
    )
    .optional(),
  mock: z.unknown().superRefine(checkMock).optional(),
});

const persistenceSchema = z.looseObject(
  Object.fromEntries(PERSISTENCE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
    keyof Persistence,
    z.ZodOptional<z.ZodBoolean>
  >,
);

const timezoneSchema = z.string().superRefine(
  must(isTimeZone, (name) => `unknown time zone ${describeValue(name)}`, 'an IANA time zone name, e.g. "Europe/Paris", "America/New_York" or "UTC"'),
);

export const deploymentSchema = z.looseObject({
  id: z.string().trim().min(1),
  title: z.string().optional(),
  tools: z.array(toolSchema),
  persistence: persistenceSchema.optional(),
  timezone: timezoneSchema.optional(),
});

/**
 * Validates a deployment a user wrote; throws a `DeploymentError` listing every problem.
 * @param source.file the file named in errors.
 * @param source.unknownKeys `'error'` (the default: what users write) or `'keep'`, for a deployment
 * felicity wrote itself before keys were strict (a stored run's): unknown keys kept and ignored.
 */
export function parseDeployment(value: unknown, source: { file?: string; unknownKeys?: 'error' | 'keep' } = {}): Deployment {
  if (!isPlainObject(value)) {
    const got = describeValue(value);
    const issue = { path: '', message: `a deployment must be an object, got ${got}`, expected: 'an object with id and tools', got };
    throw new DeploymentError([issue], source.file);
  }
  // Unknown keys first, then the shape: every mistake in one error, in a fixed order.
  const unknown = source.unknownKeys === 'keep' ? [] : unknownKeyIssues(value);
  const parsed = deploymentSchema.safeParse(value, { reportInput: true });
  if (!parsed.success || unknown.length > 0) throw new DeploymentError([...unknown, ...(parsed.error?.issues.map(toIssue) ?? [])], source.file);

  // The refinements above checked what these casts assert.
  const tools = parsed.data.tools.map((tool) => ({
    ...tool,
    parameters: tool.parameters as Record<string, unknown>,
    mock: tool.mock as MockSpec | undefined,
  }));
  const issues = [...duplicateNameIssues(tools), ...persistenceIssues(tools, parsed.data.persistence ?? {})];
  if (issues.length > 0) throw new DeploymentError(issues, source.file);

  const stated = parsed.data.persistence ?? {};
  const derived = persistenceFromTools(tools);
  return {
    ...parsed.data,
    tools: tools.map(withoutUndefined),
    persistence: { ...stated, ...derived },
  };
}

function duplicateNameIssues(tools: readonly Pick<ToolDefinition, 'name'>[]): DeploymentIssue[] {
  const firstIndex = new Map<string, number>();
  const issues: DeploymentIssue[] = [];
  tools.forEach((tool, index) => {
    const first = firstIndex.get(tool.name);
    if (first === undefined) firstIndex.set(tool.name, index);
    else {
      issues.push({
        path: `tools[${index}].name`,
        message: `duplicate tool name ${describeValue(tool.name)}, already used by tools[${first}]`,
        expected: 'a name no other tool has',
        got: describeValue(tool.name),
      });
    }
  });
  return issues;
}

/** A stated property must match what the tags imply: the rules and renderers read the tags. */
function persistenceIssues(tools: readonly ToolDefinition[], stated: Partial<Persistence>): DeploymentIssue[] {
  const derived = persistenceFromTools(tools);
  return PERSISTENCE_KEYS.filter((key) => stated[key] !== undefined && stated[key] !== derived[key]).map((key) => {
    const tags = PERSISTENCE_TAGS[key];
    const providers = tools.filter((tool) => tool.capabilities.some((tag) => tags.split(' or ').includes(tag)));
    return derived[key]
      ? {
          path: `persistence.${key}`,
          message: `is false, but ${providers.map((tool) => tool.name).join(', ')} provides ${tags}`,
          expected: `true, or remove ${tags} from those tools' capabilities`,
          got: 'false',
        }
      : {
          path: `persistence.${key}`,
          message: `is true, but no tool provides ${tags}`,
          expected: `false, or tag the tool that provides it with ${tags}`,
          got: 'true',
        };
  });
}

/** Optional fields that were absent stay absent, so a parsed deployment reads like the input. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

function toIssue(issue: z.core.$ZodIssue): DeploymentIssue {
  const path = formatPath(issue.path);
  const params = issue.code === 'custom' ? (issue.params as { expected?: string; got?: string } | undefined) : undefined;
  if (params !== undefined) return { path, message: issue.message, ...params };
  if (issue.code === 'invalid_type') {
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
    if (issue.input === undefined) return { path, message: 'missing', expected, got: 'nothing' };
    return { path, message: `wrong type: ${describeValue(issue.input)}`, expected, got: describeValue(issue.input) };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return { path, message: 'must not be empty', expected: 'a non-empty string' };
  }
  return { path, message: issue.message };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};
