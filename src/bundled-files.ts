/**
 * Files that ship inside the package (the request set, prompts, fonts), found relative to the
 * package itself, never the working folder: an installed `felicity` runs from any folder. Both
 * `src/` (tests, tsx) and `dist/` (the build) sit one level below the package root.
 */
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);

/** The absolute path of a file shipped with the package, e.g. `bundledFile('prompts/rewrite-v1.txt')`. */
export function bundledFile(relative: string): string {
  return fileURLToPath(new URL(relative, ROOT));
}

/** The package's own folder (where package.json is). */
export const PACKAGE_ROOT = fileURLToPath(ROOT);

/** The frozen request set v1, shipped with felicity. */
export const BUNDLED_REQUESTS = bundledFile('data/requests/v1.jsonl');

/** How help texts name the default request set (the absolute path differs per install). */
export const BUNDLED_REQUEST_SET = 'the bundled set, data/requests/v1.jsonl';
