/**
 * Stands in for `node:test` inside a mutation worker: test files register their suites here as
 * they would with node:test (describe/it/test, `{ skip }`, async bodies, `t.diagnostic`), and the
 * worker runs them in order, stopping at the first failure. One copy per mutation (its import
 * carries the mutation's query), so suites of different mutations never mix.
 */
type Body = (t: Context) => unknown;
interface Options { skip?: boolean | string }
interface Node { name: string; body?: Body; children?: Node[]; skip: boolean }
export interface Context { name: string; diagnostic(message: string): void; test(name: string, body: Body): Promise<void> }

const root: Node = { name: '', children: [], skip: false };
let current = root;

function register(kind: 'suite' | 'test', name: string, a?: Options | Body, b?: Body): void {
  const options = typeof a === 'object' ? a : {};
  const body = typeof a === 'function' ? a : b;
  const node: Node = { name, skip: Boolean(options.skip), body };
  if (kind === 'suite') {
    node.children = [];
    node.body = undefined;
    const parent = current;
    current = node;
    try {
      if (!node.skip) body?.({} as Context);
    } finally {
      current = parent;
    }
  }
  current.children!.push(node);
}

export const describe = (name: string, a?: Options | Body, b?: Body) => register('suite', name, a, b);
export const test = (name: string, a?: Options | Body, b?: Body) => register('test', name, a, b);
export const it = test;
export type TestContext = Context;

export interface Failure { test: string; message: string }

/** Top-level suites and tests registered so far (a test file registers its own when imported). */
export const registered = (): number => root.children!.length;

/** Runs the top-level suites and tests from `first` on, in order; the first failure, or null. */
export async function runRegistered(first = 0, ignore: readonly RegExp[] = []): Promise<Failure | null> {
  skipped = ignore;
  for (const node of root.children!.slice(first)) {
    const failure = await runNode(node, []);
    if (failure) return failure;
  }
  return null;
}

let skipped: readonly RegExp[] = [];

async function runNode(node: Node, path: string[]): Promise<Failure | null> {
  if (node.skip) return null;
  const here = node.name ? [...path, node.name] : path;
  if (skipped.some((pattern) => pattern.test(node.name))) return null;
  if (node.children) {
    for (const child of node.children) {
      const failure = await runNode(child, here);
      if (failure) return failure;
    }
    return null;
  }
  return runBody(node.body, here);
}

async function runBody(body: Body | undefined, path: string[]): Promise<Failure | null> {
  let sub: Failure | null = null;
  const context: Context = {
    name: path.at(-1) ?? '',
    diagnostic: () => {},
    test: async (name, inner) => {
      sub ??= await runBody(inner, [...path, name]);
    },
  };
  try {
    await body?.(context);
  } catch (error) {
    return { test: path.join(' › '), message: String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200) };
  }
  return sub;
}
