/**
 * What the checker needs to know of a deployment for one persona, computed once and cached:
 * its affordances and which capability families each tool's successful call stands for.
 */
import { CAPABILITY_RULES, isKnownCapability, type Affordances, type CapabilityFamily } from '../core/affordances.ts';
import { doabilityOf } from '../core/doability.ts';
import { CATEGORIES, type Category, type Doability } from '../core/types.ts';
import { BUILTIN_SETUPS, getBuiltinSetup, SETUP_IDS, type SetupId } from '../setups/builtin.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import { affordancesFor } from '../setups/persona-tools.ts';
import { toolActions, type ToolAction } from '../setups/tool-performs.ts';
import type { CallFacts } from './rules/report-backing.ts';
import { CheckInputError, show } from './check-input-error.ts';
import { inlineDeploymentParser, inlineDeploymentsDeferred, loadInlineDeployments } from './inline-deployments.ts';

// The schema for inline deployments loads with the checker, so check() can validate one at any
// time; only `felicity check` defers it (inline-deployments.ts).
if (!inlineDeploymentsDeferred()) await loadInlineDeployments();

export interface DeploymentFacts {
  deployment: Deployment;
  affordances: Affordances;
  familiesOf: ReadonlyMap<string, ReadonlySet<CapabilityFamily>>;
  /** What a successful call of each tool performs (stated, or read from its name and description). */
  actionsOf: ReadonlyMap<string, readonly ToolAction[]>;
  /** Each tool as the claim check sees it (families and acts), and all of them in order. */
  callFactsOf: ReadonlyMap<string, CallFacts>;
  toolFacts: readonly CallFacts[];
  /** Every act the tools perform. */
  ownActs: readonly ToolAction[];
  /** Some tool finishes a domain action inside the turn and provides nothing for later (a booking, a cancellation). */
  operatorSystems: boolean;
  /** Whether each request category is doable here (Table 8), worked out once. */
  doability: Readonly<Record<Category, Doability>>;
}

const factsCache = new WeakMap<Deployment, Map<PersonaId, DeploymentFacts>>();
const inlineCache = new WeakMap<object, Deployment>();
const inlineByContent = new Map<string, Deployment>();

export function deploymentFacts(deployment: Deployment, persona: PersonaId): DeploymentFacts {
  let byPersona = factsCache.get(deployment);
  if (!byPersona) factsCache.set(deployment, (byPersona = new Map()));
  let facts = byPersona.get(persona);
  if (!facts) {
    const affordances = affordancesFor(deployment, persona);
    const familiesOf = new Map<string, Set<CapabilityFamily>>();
    for (const tool of affordances.tools) {
      familiesOf.set(tool.name, new Set(tool.capabilities.filter(isKnownCapability).map((c) => CAPABILITY_RULES[c].family)));
    }
    const actionsOf = new Map(deployment.tools.map((tool) => [tool.name, toolActions(tool)]));
    const ownActs = [...actionsOf.values()].flat();
    const toolFacts = deployment.tools.map((tool) => ({ name: tool.name, families: familiesOf.get(tool.name) ?? new Set<CapabilityFamily>(), actions: actionsOf.get(tool.name) ?? [] }));
    const callFactsOf = new Map(toolFacts.map((tool) => [tool.name, tool]));
    const operatorSystems = deployment.tools.some((tool) => tool.capabilities.length === 0 && (actionsOf.get(tool.name)?.length ?? 0) > 0);
    const doability = Object.fromEntries(CATEGORIES.map((category) => [category, doabilityOf(category, affordances)])) as Record<Category, Doability>;
    byPersona.set(persona, (facts = { deployment, affordances, familiesOf, actionsOf, callFactsOf, toolFacts, ownActs, operatorSystems, doability }));
  }
  return facts;
}

/**
 * The deployment a record names: a built-in id, or an inline object (validated, then cached).
 * Without one, the caller's default: an id, or a deployment it already validated (a loaded file).
 */
export function resolveRecordDeployment(recordSetup: unknown, fallback: Deployment | string | undefined): Deployment {
  if (recordSetup === undefined || recordSetup === null) {
    if (fallback === undefined) throw new CheckInputError('setup', 'missing', 'a setup id (C0…C4) on the record or --setup');
    return typeof fallback === 'string' ? builtin(fallback) : fallback;
  }
  if (typeof recordSetup === 'string') return builtin(recordSetup);
  // Each JSONL line parses into a new object: cache by content too, so a log that repeats one
  // deployment validates it once.
  const key = contentKey(recordSetup);
  let parsed = inlineCache.get(recordSetup as object) ?? (key === undefined ? undefined : inlineByContent.get(key));
  if (!parsed) {
    try {
      const parseDeployment = inlineDeploymentParser();
      if (parseDeployment === undefined) throw new Error('bug: a record carries a deployment, and its schema was deferred and not loaded (loadInlineDeployments)');
      parsed = parseDeployment(recordSetup);
    } catch (error) {
      if (!(error instanceof DeploymentError)) throw error;
      const issue = error.issues[0];
      throw new CheckInputError(issue?.path ? `setup.${issue.path}` : 'setup', issue?.message ?? error.message, issue?.expected, issue?.got);
    }
    inlineCache.set(recordSetup as object, parsed);
    if (key !== undefined) {
      if (inlineByContent.size >= 256) inlineByContent.clear();
      inlineByContent.set(key, parsed);
    }
  }
  return parsed;
}

/**
 * The deployment object's JSON, to know it again on a later line; none for one JSON.stringify
 * cannot write (nested deeper than the stack, or from a library caller a cycle or a BigInt). The
 * schema, not this cache, decides whether such an object is a deployment: it reads the fields a
 * deployment has, to the depth they have, and keeps any other field unread.
 */
function contentKey(setup: unknown): string | undefined {
  try {
    return JSON.stringify(setup);
  } catch {
    return undefined;
  }
}

function builtin(id: string): Deployment {
  // "C2" as written is the usual case: no trimming or upper-casing for it.
  const setup = Object.hasOwn(BUILTIN_SETUPS, id) ? BUILTIN_SETUPS[id as SetupId] : getBuiltinSetup(id);
  if (!setup) throw new CheckInputError('setup', 'unknown setup', `one of ${SETUP_IDS.join(', ')} or a deployment object`, show(id));
  return setup;
}
