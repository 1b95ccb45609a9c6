/** Error responses in the shape OpenAI clients parse: `{"error": {message, type, param, code}}`. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string };
}

export function openAIError(message: string, type: string, code: string, param: string | null = null): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/** A request the proxy refuses or cannot serve, with the status it answers. */
export class ProxyError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 499 | 500 | 502 | 504,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'ProxyError';
  }

  get body(): OpenAIErrorBody {
    const type = this.status >= 500 ? 'upstream_error' : 'invalid_request_error';
    return openAIError(this.message, type, this.code, this.param);
  }
}
