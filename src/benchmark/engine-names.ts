/**
 * Engines by short name. A stored engine id is long (`rules@2`, `llm(openai:gpt-4.1-mini)@1a2b3c4d`,
 * `hybrid(rules@2+llm(ollama:qwen3:8b)@1a2b3c4d)`); users type `rules`, `llm` or `hybrid`. A name
 * resolves against the ids a run holds: an exact id wins; otherwise the ids of that family; more
 * than one is ambiguous and the caller lists them.
 */

/** The family of a stored engine id: the text before its first `(`, `@` or `+` (`llm`, `rules`). */
export function engineFamily(id: string): string {
  const cut = id.search(/[(@+]/);
  return cut === -1 ? id : id.slice(0, cut);
}

export type EngineResolution =
  | { kind: 'found'; id: string }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'missing' };

/** Which of `stored` the name `name` means: the exact id, or the only id of that family. */
export function resolveEngineName(name: string, stored: readonly string[]): EngineResolution {
  if (stored.includes(name)) return { kind: 'found', id: name };
  const family = stored.filter((id) => engineFamily(id) === name);
  if (family.length === 1) return { kind: 'found', id: family[0]! };
  if (family.length > 1) return { kind: 'ambiguous', candidates: [...family].sort() };
  return { kind: 'missing' };
}
