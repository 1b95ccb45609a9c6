/**
 * Deterministic mocked tool results (paper Appendix A): nothing reaches the outside world, and the
 * same call always returns the same text. Arguments come from a model and are treated as data:
 * never evaluated, and bounded in size when echoed back.
 */
import { evaluateArithmetic } from './calculator.ts';
import type { MockSpec, ToolDefinition } from './deployment.ts';
import { FIXED_TIME, FIXED_WEEKDAY } from './fixed-time.ts';

/** Longest string echoed from an argument into a result; longer ones are cut. */
export const MAX_ECHO_CHARS = 2000;

const TEMPLATE = /^\{\{args\.([^{}]+)\}\}$/;

/** The JSON text a mocked tool returns for these arguments. */
export function runMockTool(tool: ToolDefinition, args: Record<string, unknown>): string {
  return JSON.stringify(mockResult(tool.mock, args));
}

function mockResult(mock: MockSpec | undefined, args: Record<string, unknown>): unknown {
  if (mock === undefined) return { status: 'ok' };
  if ('result' in mock) return fillTemplates(mock.result, args);
  if (mock.builtin === 'clock') return { now: FIXED_TIME, weekday: FIXED_WEEKDAY };
  return calculate(args);
}

function calculate(args: Record<string, unknown>): unknown {
  const expression = ownValue(args, 'expression');
  if (typeof expression === 'number' && Number.isFinite(expression)) return { result: expression };
  if (typeof expression !== 'string') return { error: 'expression must be a string such as "(12 + 3) * 4"' };
  const outcome = evaluateArithmetic(expression);
  return outcome.ok ? { result: outcome.value } : { error: `invalid expression: ${outcome.error}` };
}

/** Replaces every string of the exact form "{{args.NAME}}", at any depth, by that argument. */
function fillTemplates(value: unknown, args: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const name = TEMPLATE.exec(value)?.[1];
    return name === undefined ? value : bounded(ownValue(args, name));
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplates(item, args));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillTemplates(item, args)]));
  }
  return value;
}

/** Own properties only: "{{args.constructor}}" must not reach Object.prototype. */
function ownValue(args: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(args, name) ? args[name] : undefined;
}

/** An argument as it may be echoed: JSON data, strings cut to MAX_ECHO_CHARS, anything else null. */
function bounded(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.length > MAX_ECHO_CHARS ? value.slice(0, MAX_ECHO_CHARS) : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    // Structured arguments are echoed whole when small, otherwise as cut JSON text.
    const text = safeJson(value);
    if (text === undefined) return null;
    return text.length > MAX_ECHO_CHARS ? text.slice(0, MAX_ECHO_CHARS) : JSON.parse(text);
  }
  return null;
}

function safeJson(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined; // cycles or BigInt: not JSON data, so nothing to echo
  }
}
