/**
 * Deployments written inside turn records are validated by the deployment schema, which brings
 * zod: about a fifth of `felicity check`'s start-up on a small file. Importing the checker loads
 * it (deployment-facts.ts waits for it), so `check()` stays synchronous for every caller, except
 * in `felicity check`: it defers the schema before the checker is imported, and the line reader
 * loads it when the first record carrying a deployment object arrives.
 */
import type { Deployment } from '../setups/deployment.ts';

type Parse = (value: unknown) => Deployment;

let deferred = false;
let parse: Parse | undefined;

/** Call before the checker is first imported; the caller then loads the schema before it is needed. */
export function deferInlineDeployments(): void {
  deferred = true;
}

export function inlineDeploymentsDeferred(): boolean {
  return deferred;
}

export async function loadInlineDeployments(): Promise<void> {
  parse ??= (await import('../setups/deployment-schema.ts')).parseDeployment;
}

/** The schema's parse, or undefined while it is deferred and not yet loaded. */
export function inlineDeploymentParser(): Parse | undefined {
  return parse;
}

/** Whether labelling `record` needs the schema and it is not loaded yet: its `setup` is an object (or array). */
export function needsInlineDeployments(record: unknown): boolean {
  if (parse !== undefined || record === null || typeof record !== 'object') return false;
  const setup = (record as { setup?: unknown }).setup;
  return setup !== null && typeof setup === 'object';
}
