/**
 * Tool schemas as agents declare them, read into one shape: an OpenAI `tools` array
 * (`[{type: "function", function: {name, description, parameters}}]`), an MCP `tools/list` result
 * (`{tools: [{name, description, inputSchema}]}`, also inside its JSON-RPC envelope) or a bare
 * array of MCP tools. Pure: the caller reads and parses the file. Every bad tool is reported with
 * its field path and the good ones are kept.
 */
import { describeValue } from './deployment-error.ts';

export interface ToolSchema {
  name: string;
  description: string;
  /** The arguments' JSON Schema (an object schema); an empty one when the tool declares none. */
  parameters: Record<string, unknown>;
  /** MCP's `annotations.readOnlyHint`: the tool changes nothing. */
  readOnly?: boolean;
}

export interface ToolSchemaProblem {
  /** Field path like `[2].function.name` or `tools[0].inputSchema`; empty for the whole value. */
  field: string;
  message: string;
  expected: string;
  got: string;
}

/** `tools.json: [2].function.name: missing (expected a tool name, got nothing)`. */
export function formatToolSchemaProblem(file: string, problem: ToolSchemaProblem): string {
  const where = [file, problem.field].filter((part) => part !== '').join(': ');
  return `${where}: ${problem.message} (expected ${problem.expected}, got ${problem.got})`;
}

export interface ReadToolSchemas {
  tools: ToolSchema[];
  problems: ToolSchemaProblem[];
}

/** OpenAI's rule for function names, which deployments follow too. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const EMPTY_PARAMETERS = { type: 'object', properties: {} };
const WHOLE_EXPECTED = 'an OpenAI tools array, an MCP tools/list result {"tools": [...]}, or an array of MCP tools';

/** The tools of a parsed schema file; `problems` lists every tool that could not be read. */
export function readToolSchemas(value: unknown): ReadToolSchemas {
  const located = toolList(value);
  if (located === undefined) {
    return { tools: [], problems: [{ field: '', message: 'not a list of tools', expected: WHOLE_EXPECTED, got: describeValue(value) }] };
  }
  const tools: ToolSchema[] = [];
  const problems: ToolSchemaProblem[] = [];
  const seen = new Map<string, string>();
  located.items.forEach((item, index) => {
    const read = readTool(item, `${located.prefix}[${index}]`);
    if ('problem' in read) {
      problems.push(read.problem);
      return;
    }
    const first = seen.get(read.tool.name);
    if (first !== undefined) {
      problems.push({ field: read.nameField, message: `duplicate tool name, already used by ${first}`, expected: 'a name no other tool has', got: JSON.stringify(read.tool.name) });
      return;
    }
    seen.set(read.tool.name, `${located.prefix}[${index}]`);
    tools.push(read.tool);
  });
  return { tools, problems };
}

/** Where the list of tools is, and the field path prefix its items are reported under. */
function toolList(value: unknown): { items: unknown[]; prefix: string } | undefined {
  if (Array.isArray(value)) return { items: value, prefix: '' };
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.tools)) return { items: value.tools, prefix: 'tools' };
  if (isObject(value.result) && Array.isArray(value.result.tools)) return { items: value.result.tools, prefix: 'result.tools' };
  return undefined;
}

type ReadTool = { tool: ToolSchema; nameField: string } | { problem: ToolSchemaProblem };

function readTool(item: unknown, at: string): ReadTool {
  if (!isObject(item)) return { problem: { field: at, message: 'not a tool', expected: 'an object with a name', got: describeValue(item) } };
  // OpenAI wraps the function; MCP (and OpenAI's older `functions` list) put the fields on the item.
  const openAI = Object.hasOwn(item, 'function') || Object.hasOwn(item, 'type');
  if (openAI && item.type !== 'function') {
    return { problem: { field: `${at}.type`, message: 'not a function tool', expected: '"function"', got: describeValue(item.type) } };
  }
  const fields = openAI ? item.function : item;
  const base = openAI ? `${at}.function` : at;
  if (!isObject(fields)) return { problem: { field: base, message: 'missing the function', expected: 'an object with a name', got: describeValue(fields) } };

  const nameField = `${base}.name`;
  if (typeof fields.name !== 'string' || fields.name.trim() === '') {
    return { problem: { field: nameField, message: 'missing tool name', expected: 'a tool name', got: describeValue(fields.name) } };
  }
  if (!TOOL_NAME.test(fields.name)) {
    return { problem: { field: nameField, message: 'invalid tool name', expected: 'letters, digits, "_" or "-", 1 to 64 characters', got: describeValue(fields.name) } };
  }
  const description = fields.description ?? '';
  if (typeof description !== 'string') {
    return { problem: { field: `${base}.description`, message: 'not text', expected: 'a string', got: describeValue(description) } };
  }
  const schemaKey = openAI || !Object.hasOwn(fields, 'inputSchema') ? 'parameters' : 'inputSchema';
  const parameters = fields[schemaKey] ?? EMPTY_PARAMETERS;
  if (!isObject(parameters) || parameters.type !== 'object') {
    const got = isObject(parameters) ? `type ${describeValue(parameters.type)}` : describeValue(parameters);
    return { problem: { field: `${base}.${schemaKey}`, message: 'not an object schema', expected: 'a JSON Schema with "type": "object"', got } };
  }
  const annotations = fields.annotations;
  const readOnly = isObject(annotations) && annotations.readOnlyHint === true;
  return { tool: { name: fields.name, description: description.trim(), parameters, ...(readOnly ? { readOnly } : {}) }, nameField };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
