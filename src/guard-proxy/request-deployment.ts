/**
 * The deployment a request is judged against: the `--deployment` file, or one inferred from the
 * request's own `tools` (the `deployment init` guesses, overridden by a name → capabilities map).
 * A tool given no capability (not in the file or the map, and no tag guessed from its name and
 * description) provides nothing, and the verdict names it (`tools_without_capabilities`), so a
 * stricter verdict can be traced to a capability missing from its description.
 */
import type { ChatMessage } from '../core/types.ts';
import type { Deployment, ToolDefinition } from '../setups/deployment.ts';
import { parseDeployment } from '../setups/deployment-schema.ts';
import { inferCapabilities } from '../setups/infer-capabilities.ts';
import { inferPerforms } from '../setups/tool-performs.ts';
import { readToolSchemas } from '../setups/tool-schemas.ts';

export interface RequestDeployment {
  deployment: Deployment;
  source: 'file' | 'inferred';
  /** Tools the verdict relies on that no file, map or guess gave a capability: they provide nothing. */
  tools_without_capabilities: string[];
}

const EMPTY_PARAMETERS = { type: 'object', properties: {} };
const CACHE_SIZE = 256;

export class DeploymentResolver {
  readonly #file: Deployment | undefined;
  readonly #capabilities: Record<string, string[]>;
  readonly #cache = new Map<string, Offered>();
  /** The tools last resolved, to compare in place: agents send the same tools on every step. */
  #last: { tools: readonly unknown[] | undefined; offered: Offered } | undefined;

  constructor(file: Deployment | undefined, capabilities: Record<string, string[]>) {
    this.#file = file;
    this.#capabilities = capabilities;
    // Checked once, at start: a bad tag in the map is a start-up error, not a per-request one.
    const names = Object.keys(capabilities);
    if (names.length > 0) parseDeployment({ id: 'tool-capabilities', tools: names.map((name) => ({ name, description: name, capabilities: capabilities[name] })) }, { file: 'tool_capabilities' });
  }

  resolve(tools: readonly unknown[] | undefined, messages: readonly ChatMessage[]): RequestDeployment {
    const offered = this.#offered(tools);
    const known = new Set(offered.tools.map((tool) => tool.name));
    const unknown = [...offered.unknown];
    // A call in the history to a tool not offered now still happened: judged as a tool that provides nothing.
    const extra: ToolDefinition[] = [];
    for (const name of calledTools(messages)) {
      if (known.has(name)) continue;
      known.add(name);
      extra.push({ name, description: name, parameters: EMPTY_PARAMETERS, capabilities: [] });
      unknown.push(name);
    }
    const deployment = extra.length === 0 ? offered.deployment : this.#parse([...offered.tools, ...extra]);
    return { deployment, source: this.#file === undefined ? 'inferred' : 'file', tools_without_capabilities: unknown };
  }

  #parse(tools: ToolDefinition[]): Deployment {
    return parseDeployment({ id: this.#file?.id ?? 'inferred', tools });
  }

  #offered(tools: readonly unknown[] | undefined): Offered {
    if (this.#last !== undefined && sameJson(this.#last.tools, tools)) return this.#last.offered;
    const offered = this.#offeredByKey(tools);
    this.#last = { tools, offered };
    return offered;
  }

  #offeredByKey(tools: readonly unknown[] | undefined): Offered {
    const key = tools === undefined ? '' : JSON.stringify(tools);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const schemas = tools === undefined ? [] : readToolSchemas(tools).tools;
    const fileTools = new Map((this.#file?.tools ?? []).map((tool) => [tool.name, tool]));
    const described: ToolDefinition[] = [...fileTools.values()].map(stripMock);
    const unknown: string[] = [];
    for (const schema of schemas) {
      if (fileTools.has(schema.name)) continue;
      const mapped = this.#capabilities[schema.name];
      const guessed = this.#file === undefined ? inferCapabilities(schema).capabilities : [];
      const capabilities = mapped ?? guessed;
      if (mapped === undefined && capabilities.length === 0) unknown.push(schema.name);
      described.push({ name: schema.name, description: schema.description, parameters: schema.parameters, capabilities, performs: inferPerforms(schema) } as ToolDefinition);
    }
    const entry: Offered = { tools: described, unknown, deployment: this.#parse(described) };
    if (this.#cache.size >= CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, entry);
    return entry;
  }
}

interface Offered {
  tools: ToolDefinition[];
  unknown: string[];
  deployment: Deployment;
}

/**
 * Whether two parsed JSON values are equal (objects whatever their key order), without building
 * their texts: the hot path's check of the last tools allocates nothing.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    count++;
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
  }
  let countY = 0;
  for (const key in y) if (Object.hasOwn(y, key)) countY++;
  return count === countY;
}

function stripMock(tool: ToolDefinition): ToolDefinition {
  const { mock: _mock, personas: _personas, ...rest } = tool;
  return rest;
}

function calledTools(messages: readonly ChatMessage[]): string[] {
  const names: string[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) continue;
    for (const call of message.tool_calls) {
      const name = call?.function?.name;
      if (typeof name === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(name)) names.push(name);
    }
  }
  return names;
}
