/**
 * A model that cannot be used at all (missing key, missing optional dependency, missing file),
 * found when it is created — before any request — so a run fails once with one clear line
 * instead of recording thousands of identical errors.
 */
export class ModelSetupError extends Error {
  override readonly name = 'ModelSetupError';
  constructor(
    readonly spec: string,
    readonly reason: 'missing_api_key' | 'missing_dependency' | 'missing_file' | 'load_failed' | 'bad_option',
    message: string,
  ) {
    super(message);
  }
}
