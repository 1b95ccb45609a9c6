/**
 * Unknown keys in a deployment file are mistakes, not extras to ignore: `capabilites:`
 * or `perform:` read as nothing changes every label with exit 0. Each unknown key becomes an issue
 * with a did-you-mean: a known key it is a misspelling or an abbreviation of, a word users write
 * for one (`scheduler` for `schedules_future`), or the level it belongs at (`capabilities` on the
 * deployment belongs on each tool).
 */
import type { DeploymentIssue } from './deployment-error.ts';
import { editDistance } from '../core/did-you-mean.ts';

export type KeyLevel = 'deployment' | 'tool' | 'persistence';

export const KNOWN_KEYS: Record<KeyLevel, readonly string[]> = {
  deployment: ['id', 'title', 'tools', 'persistence', 'timezone'],
  tool: ['name', 'description', 'parameters', 'capabilities', 'performs', 'performs_by_argument', 'personas', 'mock'],
  persistence: ['acts_after_turn', 'schedules_future', 'remembers_across_sessions', 'obligates_people'],
};

/** Words users write for a key, by level: the suggestion, written as the user should write it. */
const WORDS: Record<KeyLevel, Record<string, string>> = {
  deployment: {
    name: '"id" (the short key records name) or "title" (the name people read)',
    description: '"title"',
    functions: '"tools"',
    time_zone: '"timezone"',
    tz: '"timezone"',
  },
  tool: {
    args: '"parameters"',
    arguments: '"parameters"',
    schema: '"parameters"',
    input_schema: '"parameters"',
    inputschema: '"parameters"',
    params: '"parameters"',
    tags: '"capabilities"',
    caps: '"capabilities"',
    does: '"performs"',
    actions: '"performs"',
    result: '"mock: {result: …}"',
    returns: '"mock: {result: …}"',
    type: 'the function\'s fields on the tool itself: name, description, parameters (not OpenAI\'s {type, function} wrapper)',
    function: 'the function\'s fields on the tool itself: name, description, parameters (not OpenAI\'s {type, function} wrapper)',
  },
  persistence: {
    scheduler: '"schedules_future: true" (and "acts_after_turn: true"); or tag the scheduling tool with the capability run_later, which implies both',
    schedule: '"schedules_future"',
    scheduling: '"schedules_future"',
    reminders: '"schedules_future"',
    cron: '"schedules_future"',
    background: '"acts_after_turn"',
    memory: '"remembers_across_sessions"; or tag the memory tool with the capability recall_across_sessions',
    remembers: '"remembers_across_sessions"',
    escalation: '"obligates_people"; or tag the hand-off tool with the capability delegate_to_human',
    humans: '"obligates_people"',
    handoff: '"obligates_people"',
  },
};

/** Where a key of another level belongs, said from this level. */
const ELSEWHERE: Record<KeyLevel, Partial<Record<KeyLevel, string>>> = {
  deployment: { tool: 'each tool (tools[i].KEY)', persistence: 'persistence (persistence.KEY)' },
  tool: { deployment: 'the deployment itself, not a tool', persistence: 'the deployment\'s persistence (persistence.KEY), or as a capability tag on this tool' },
  persistence: { tool: 'a tool (tools[i].KEY), not persistence', deployment: 'the deployment itself, not persistence' },
};

/** Keys a user adds for their own use (`x-owner: team-a`): kept and ignored at every level. */
export function isExtensionKey(key: string): boolean {
  return key.startsWith('x-') || key.startsWith('X-');
}

/**
 * Every unknown key of a deployment, its tools and its persistence, in the order written. Only
 * plain objects are looked into: a value of the wrong type is the schema's to report.
 */
export function unknownKeyIssues(deployment: Record<string, unknown>): DeploymentIssue[] {
  const issues: DeploymentIssue[] = [];
  collect(deployment, 'deployment', '', issues);
  const tools = deployment.tools;
  if (Array.isArray(tools)) for (let i = 0; i < tools.length; i++) if (isPlainObject(tools[i])) collect(tools[i] as Record<string, unknown>, 'tool', `tools[${i}]`, issues);
  if (isPlainObject(deployment.persistence)) collect(deployment.persistence, 'persistence', 'persistence', issues);
  return issues;
}

function collect(value: Record<string, unknown>, level: KeyLevel, path: string, issues: DeploymentIssue[]): void {
  const known = KNOWN_KEYS[level];
  for (const key of Object.keys(value)) if (!known.includes(key) && !isExtensionKey(key)) issues.push(unknownKeyIssue(level, path, key));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The issue for an unknown `key` at `path` (the object's own path) of `level`. */
export function unknownKeyIssue(level: KeyLevel, path: string, key: string): DeploymentIssue {
  const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
  const at = path === '' ? shown : `${path}.${shown}`;
  const hint = suggestion(level, key);
  return {
    path: at,
    message: `unknown key${hint === undefined ? '' : `; did you mean ${hint}?`}`,
    expected: `one of ${KNOWN_KEYS[level].join(', ')}, or a key starting with x- for your own notes`,
    got: JSON.stringify(shown),
  };
}

export function suggestion(level: KeyLevel, key: string): string | undefined {
  const lower = key.toLowerCase();
  const known = KNOWN_KEYS[level];
  const close = closestKey(lower, known);
  if (close !== undefined) return `"${close}"`;
  const word = Object.hasOwn(WORDS[level], lower) ? WORDS[level][lower] : undefined;
  if (word !== undefined) return word;
  for (const other of Object.keys(KNOWN_KEYS) as KeyLevel[]) {
    if (other === level) continue;
    const there = KNOWN_KEYS[other].includes(lower) ? lower : closestKey(lower, KNOWN_KEYS[other]);
    const where = ELSEWHERE[level][other];
    if (there !== undefined && where !== undefined) return `"${there}" on ${where.replace('KEY', there)}`;
  }
  return undefined;
}

/**
 * The known key `key` misspells (a few edits, transpositions counting one) or abbreviates (a
 * prefix of three letters or more: `desc`), or undefined. Keys are short; longer input is cut.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const word = key.slice(0, 64);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    if (word === candidate) return candidate;
    if (word.length >= 3 && candidate.startsWith(word)) return candidate;
    const distance = editDistance(word, candidate);
    const allowed = Math.max(1, Math.floor(candidate.length / 4));
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
