/** What to check when a server refuses a model call with 401/403: the key each provider reads. */
import { parseModelSpec } from '../llm/model-spec.ts';

export function apiKeyHint(spec: string): string {
  let provider: string;
  try {
    provider = parseModelSpec(spec).provider;
  } catch {
    return '';
  }
  switch (provider) {
    case 'openai':
      return 'the server refused the key: check OPENAI_API_KEY in the environment (and OPENAI_BASE_URL if you set one)';
    case 'openai-compatible':
      return 'the server wants a key: set OPENAI_COMPATIBLE_API_KEY in the environment (it is sent as a bearer token)';
    case 'ollama':
      return 'Ollama takes no key: check OLLAMA_BASE_URL points at your Ollama server, not a proxy that wants one';
    default:
      return '';
  }
}
