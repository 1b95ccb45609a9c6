/**
 * Before a run starts: one cheap request per model (a one-token completion through the model's own
 * client and its one retry layer), so a server that is down, a wrong URL, a rejected key or an
 * unknown model name fails the run in seconds with one line instead of filling it with errors.
 * A judge model (check, judge, validate, prevalence) is checked by its first real call instead
 * (`firstCallChecked`): a pass answered from the cache needs no server, and sends nothing.
 */
import type { ChatModel, ChatRequest, ChatResult } from '../llm/chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';

/** A model's endpoint answered the pre-run check with a failure no run could get past. */
export class EndpointUnreachableError extends Error {
  readonly code = 'ENDPOINT_UNREACHABLE';
  constructor(
    readonly model: string,
    readonly error: ModelError,
    when = 'before the run starts',
  ) {
    super(`${model} is not usable ${when}: ${describe(error)}`);
    this.name = 'EndpointUnreachableError';
  }

  static isInstance(error: unknown): error is EndpointUnreachableError {
    return error instanceof Error && error.name === 'EndpointUnreachableError' && 'model' in error;
  }
}

function describe(error: ModelError): string {
  const what = `${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`;
  if (error.kind === 'network' || error.kind === 'timeout') return `${what} (is the server running at that URL?)`;
  if (error.kind === 'auth') return `${what} (check the API key in the environment)`;
  return `${what} (check the model name)`;
}

/**
 * Failures that say the endpoint or model cannot be used at all. Anything else (a server that
 * refuses a one-token cap, a 5xx after retries) is left for the run itself to record per response.
 */
function isFatal(error: ModelError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'auth' || error.status === 404;
}

export async function checkEndpoint(model: ChatModel, signal?: AbortSignal): Promise<void> {
  if (model.provider === 'gguf') return; // a local file, already loaded when the model was created
  const result = await model.complete({ messages: [{ role: 'user', content: 'Reply with the word OK.' }], params: { max_tokens: 1 } }, signal);
  if (!result.ok && result.error.kind !== 'aborted' && isFatal(result.error)) throw new EndpointUnreachableError(model.spec, result.error);
}

/**
 * The judge model with its first call as the preflight: until a call has come back, the others
 * wait for it; when it fails in a way no later call could get past (server down, key rejected,
 * unknown model), that call and every waiting one reject with EndpointUnreachableError, so the
 * command stops with one line instead of retrying and reporting every turn.
 */
export function firstCallChecked(model: ChatModel): ChatModel {
  let first: Promise<void> | undefined;
  let fatal: EndpointUnreachableError | undefined;
  const complete = async (request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> => {
    if (first === undefined) {
      let settle!: () => void;
      first = new Promise<void>((resolve) => (settle = resolve));
      try {
        const result = await model.complete(request, signal);
        if (!result.ok && result.error.kind !== 'aborted' && isFatal(result.error)) fatal = new EndpointUnreachableError(model.spec, result.error, 'as a judge (its first call failed)');
        if (fatal) throw fatal;
        return result;
      } finally {
        settle();
      }
    }
    await first;
    if (fatal) throw fatal;
    return model.complete(request, signal);
  };
  return { spec: model.spec, provider: model.provider, complete, close: () => model.close() };
}
