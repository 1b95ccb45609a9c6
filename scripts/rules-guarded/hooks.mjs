// Module hooks for a mutation worker (registered before tsx, so tsx transforms what these return).
// A module imported with `?gen=N[&cut=FILE:START:END]` passes that query on to every module of
// the repository it imports, so each mutation loads its own fresh copy of the rules and tests;
// FILE loses the characters START..END; `node:test` is the in-process harness (harness.ts).
import { readFileSync } from 'node:fs';

let repo = '';
let harness = '';

export function initialize(data) {
  repo = data.repo;
  harness = data.harness;
}

export async function resolve(specifier, context, next) {
  const query = context.parentURL ? queryOf(context.parentURL) : '';
  if (!query) return next(specifier, context);
  if (specifier === 'node:test') return { url: `${harness}?${query}`, shortCircuit: true };
  const resolved = await next(specifier, context);
  if (!resolved.url.startsWith(repo) || resolved.url.includes('/node_modules/')) return resolved;
  return { ...resolved, url: `${resolved.url.split('?')[0]}?${query}` };
}

export async function load(url, context, next) {
  const result = await next(url, context);
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  const cut = params.get('cut');
  if (!cut) return result;
  const [file, start, end] = cut.split(':');
  if (url.split('?')[0] !== `${repo}${file}`) return result;
  const source = readFileSync(new URL(`${repo}${file}`), 'utf8');
  return { ...result, source: source.slice(0, Number(start)) + source.slice(Number(end)) };
}

function queryOf(url) {
  const search = url.split('?')[1];
  if (!search) return '';
  const params = new URLSearchParams(search);
  if (!params.has('gen')) return '';
  const kept = new URLSearchParams({ gen: params.get('gen') });
  if (params.has('cut')) kept.set('cut', params.get('cut'));
  return kept.toString();
}
