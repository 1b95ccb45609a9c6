/**
 * What a model spec names, without where it is served: an OpenAI-compatible server's URL is left
 * out (`openai-compatible:MODEL`), so a judge or a run moved to another port or host keeps its
 * identity; other specs carry no URL and are their own identity.
 */
import { parseModelSpec } from './model-spec.ts';

export function modelIdentity(spec: string): string {
  const parsed = parseModelSpec(spec);
  return parsed.provider === 'openai-compatible' ? `openai-compatible:${parsed.model}` : spec;
}
