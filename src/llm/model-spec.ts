/**
 * Model specs (SPEC §6): one string names a model and how to reach it.
 *
 *   openai:MODEL                       api.openai.com (or OPENAI_BASE_URL), key OPENAI_API_KEY
 *   openai-compatible:BASE_URL#MODEL   vLLM, llama.cpp server, LM Studio, gateways; key OPENAI_COMPATIBLE_API_KEY or none
 *   ollama:MODEL                       http://localhost:11434/v1 (or OLLAMA_BASE_URL); MODEL may contain ':'
 *   gguf:PATH                          a local GGUF file through the optional node-llama-cpp
 *
 * Parsing is pure: environment variables are read when a client is created, not here.
 */

export const MODEL_SPEC_FORMS = [
  'openai:MODEL',
  'openai-compatible:BASE_URL#MODEL',
  'ollama:MODEL',
  'gguf:PATH',
] as const;

export type ModelSpec =
  | { provider: 'openai'; model: string }
  | { provider: 'openai-compatible'; baseURL: string; model: string }
  | { provider: 'ollama'; model: string }
  | { provider: 'gguf'; path: string };

export type ModelProvider = ModelSpec['provider'];

export class ModelSpecError extends Error {
  override readonly name = 'ModelSpecError';
  readonly spec: string;
  constructor(
    spec: string,
    readonly reason: string,
  ) {
    const shown = hideUrlCredentials(spec);
    super(`bad model spec "${shown}": ${reason}; expected one of ${MODEL_SPEC_FORMS.join(', ')}`);
    this.spec = shown;
  }
}

/**
 * `https://user:secret@host` → `https://***@host` and `…/v1?api_key=secret` → `…/v1?***`, so a
 * mistaken spec never prints a password or a key.
 */
export function hideUrlCredentials(text: string): string {
  return text.replace(/(\/\/)[^/@\s]*@/g, '$1***@').replace(/\?[^#\s]*/g, '?***');
}

export function parseModelSpec(spec: string): ModelSpec {
  const colon = spec.indexOf(':');
  if (colon <= 0) throw new ModelSpecError(spec, 'no provider prefix');
  const provider = spec.slice(0, colon);
  // Only the first ':' separates the provider: model names (llama3.1:8b) and URLs contain more.
  const rest = spec.slice(colon + 1).trim();
  if (rest === '') throw new ModelSpecError(spec, `nothing after "${provider}:"`);

  switch (provider) {
    case 'openai':
      return { provider, model: rest };
    case 'ollama':
      return { provider, model: rest };
    case 'gguf':
      return { provider, path: rest };
    case 'openai-compatible':
      return parseCompatible(spec, rest);
    default:
      throw new ModelSpecError(spec, `unknown provider "${provider}"`);
  }
}

function parseCompatible(spec: string, rest: string): ModelSpec {
  // '#' cannot occur in a base URL we would use (it starts a fragment), so the last one splits.
  const hash = rest.lastIndexOf('#');
  if (hash < 0) throw new ModelSpecError(spec, 'missing "#MODEL" after the base URL');
  const baseURL = rest.slice(0, hash).replace(/\/+$/, '');
  const model = rest.slice(hash + 1).trim();
  if (model === '') throw new ModelSpecError(spec, 'empty model name after "#"');
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new ModelSpecError(spec, `"${baseURL}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelSpecError(spec, `base URL must be http(s), got ${url.protocol}`);
  }
  if (url.username || url.password) {
    // Credentials in the URL would end up in records and logs; keys come from the environment.
    throw new ModelSpecError(spec, 'credentials in the base URL are not accepted (use OPENAI_COMPATIBLE_API_KEY)');
  }
  if (baseURL.includes('?')) {
    // Gateways take keys as ?api_key=…; the spec is stored in the run and printed in errors. The
    // client also appends its paths after the base URL, so no query there could work anyway.
    throw new ModelSpecError(spec, 'a query string in the base URL is not accepted (use OPENAI_COMPATIBLE_API_KEY for a key)');
  }
  return { provider: 'openai-compatible', baseURL, model };
}
