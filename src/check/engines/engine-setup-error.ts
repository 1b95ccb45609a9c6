/** An engine asked for without what it needs (a judge model for llm and hybrid). */
export class EngineSetupError extends Error {
  override readonly name = 'EngineSetupError';
  readonly code = 'engine_setup';
  constructor(
    readonly engine: string,
    message: string,
  ) {
    super(message);
  }

  static isInstance(error: unknown): error is EngineSetupError {
    return error instanceof Error && error.name === 'EngineSetupError' && (error as { code?: unknown }).code === 'engine_setup';
  }
}
