/**
 * What the report reads about one response: its condition, its request's source, whether the
 * setup can serve the request, the reply, and the label (null when not judged). Built from a
 * stored run or from exported/hand-made record files alike.
 */
import { CATEGORIES, type Category, type ChatMessage, type Doability, type LabelRecord } from '../core/types.ts';
import { doabilityOf } from '../core/doability.ts';
import { PERSONA_IDS, affordancesFor, getBuiltinSetup, type Deployment, type PersonaId } from '../setups/index.ts';
import type { GuardDraft } from './guard-draft.ts';

export interface ReportResponse {
  id: string;
  run: string;
  request: string;
  model: string;
  setup: string;
  variant: string;
  persona: string;
  fix: string;
  sample: number;
  category: string;
  /** Where the request came from (request set `source`), `unknown` when not in the request set. */
  source: string;
  doability: Doability | null;
  messages: ChatMessage[];
  error: string | null;
  label: LabelRecord | null;
  /** For a guarded fix arm read from a run: the model's draft and what the guard did with it. */
  guard?: GuardDraft;
}

/** What the report needs from a request record. */
export interface RequestInfo {
  source: string;
  doable?: Doability;
}

/** The user's deployment a setup id stands for (a run's RunConfig.deployments, an export's `setup`). */
export type DeploymentLookup = (setup: string) => Deployment | undefined;

/**
 * Doability of a response's request in its setup: the request's own override, else Table 8 from
 * the affordances of the setup (the user's deployment, else the built-in one) for the persona;
 * null for setups the report cannot see.
 */
export function doabilityFor(
  setup: string,
  persona: string,
  category: string,
  request: RequestInfo | undefined,
  own?: Deployment,
): Doability | null {
  if (request?.doable !== undefined) return request.doable;
  const deployment = own ?? getBuiltinSetup(setup);
  if (deployment === undefined || !(CATEGORIES as readonly string[]).includes(category)) return null;
  const who: PersonaId = (PERSONA_IDS as readonly string[]).includes(persona) ? (persona as PersonaId) : 'generic';
  return doabilityOf(category as Category, affordancesFor(deployment, who));
}

/** Doability is a pure function of (setup, persona, category, request): computed once per key. */
export function doabilityCache(
  requests: ReadonlyMap<string, RequestInfo>,
  deploymentOf: DeploymentLookup = () => undefined,
): (setup: string, persona: string, category: string, request: string) => Doability | null {
  const memo = new Map<string, Doability | null>();
  return (setup, persona, category, request) => {
    const info = requests.get(request);
    const key = info?.doable !== undefined ? `!${info.doable}` : `${setup}\u0000${persona}\u0000${category}`;
    let d = memo.get(key);
    if (d === undefined && !memo.has(key)) memo.set(key, (d = doabilityFor(setup, persona, category, info, deploymentOf(setup))));
    return d ?? null;
  };
}
