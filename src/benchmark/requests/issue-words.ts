/**
 * A validator's complaint about one field, in words a user reads: what the field holds and what it
 * should hold (`unknown category "remind" (did you mean "reminder"?; expected one of …)`,
 * `expected text, got the number 3`, `missing (expected text)`), never the validator's own notation.
 */
import type { z } from 'zod';
import { didYouMean } from '../../core/did-you-mean.ts';

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** The value at `path` inside `root`, or undefined. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `the number 3`, `"abc"`, `a list`, … (bounded). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const s = JSON.stringify(value);
    return s.length > 42 ? `${s.slice(0, 40)}…"` : s;
  }
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (Array.isArray(value)) return 'a list';
  return 'an object';
}

export function issueInWords(issue: z.core.$ZodIssue, root: unknown): string {
  const value = valueAt(root, issue.path);
  const field = String(issue.path.at(-1) ?? 'value');
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return value === undefined ? `missing (expected ${expected})` : `expected ${expected}, got ${describeValue(value)}`;
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => String(v));
      const hint = typeof value === 'string' ? didYouMean(value, allowed).replace(/^ \((.*)\)$/, '$1; ') : '';
      return `unknown ${field} ${describeValue(value)} (${hint}expected ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`})`;
    }
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_union':
      return value === undefined ? 'missing' : `${describeValue(value)} is not any of the accepted forms`;
    default:
      // Refinements and bounds carry their own words ("must be a non-empty string").
      return issue.message;
  }
}
