/**
 * What the framework integrations share with the proxy: a deployment (given, a built-in id, or
 * inferred from the tools offered) and a policy, applied to one draft reply by the proxy's own
 * `judgeDraft`. The frameworks only translate their messages in and the decision out.
 */
import { GuardInputError } from '../guard/guard-input-error.ts';
import { rulesGuardEngine, type GuardEngine } from '../guard/guard-engine.ts';
import { judgeDraft, type DraftToJudge, type JudgeSettings } from '../guard-proxy/judge-reply.ts';
import { DEFAULT_UNREADABLE_POLICY, type UnreadablePolicy } from '../guard/unreadable-policy.ts';
import type { OnErrorMode, OnFailPolicy } from '../guard-proxy/modes.ts';
import type { Decision } from '../guard-proxy/policies.ts';
import { DeploymentResolver } from '../guard-proxy/request-deployment.ts';
import { getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import type { Deployment } from '../setups/deployment.ts';

export type { DraftToJudge } from '../guard-proxy/judge-reply.ts';

export interface DraftJudgeOptions {
  /** A deployment (parseDeployment, loadDeploymentFile), a built-in id (C0–C4), or nothing: inferred from the tools offered. */
  deployment?: Deployment | string;
  /** Capability tags per tool name, used when the deployment is inferred. */
  toolCapabilities?: Record<string, string[]>;
  /** What to do with a failing reply (default `rewrite`). */
  policy?: OnFailPolicy;
  /** When the checker or a fix fails: `open` sends the draft with its verdict (default), `closed` a blocking reply. */
  onError?: OnErrorMode;
  /** A reply the rules cannot read (not English, no text), never certified: `pass`, `annotate` (default) or `block`. */
  onUnreadable?: UnreadablePolicy;
  /**
   * What labels the reply: the rules (default), or `hybridGuardEngine({ judgeModel })`, whose judge
   * model labels a reply the rules cannot read (not English). A judge that fails follows `onError`.
   */
  engine?: GuardEngine;
}

export class DraftJudge {
  readonly #resolver: DeploymentResolver;
  readonly #settings: JudgeSettings;

  constructor(options: DraftJudgeOptions) {
    this.#resolver = new DeploymentResolver(resolveDeployment(options.deployment), options.toolCapabilities ?? {});
    this.#settings = { onFail: options.policy ?? 'rewrite', onError: options.onError ?? 'open', onUnreadable: options.onUnreadable ?? DEFAULT_UNREADABLE_POLICY };
    if (options.engine !== undefined) this.#settings.engine = checkedEngine(options.engine);
  }

  judge(draft: DraftToJudge): Promise<Decision> {
    return judgeDraft(this.#resolver, this.#settings, draft);
  }
}

/** Only an engine that says how it reads a reply the rules cannot (the hybrid engine) changes anything here: another engine would be ignored, so it is refused. */
function checkedEngine(engine: GuardEngine): GuardEngine {
  if (engine === rulesGuardEngine || typeof engine.judgeUnreadable === 'function') return engine;
  throw new GuardInputError('engine', 'rulesGuardEngine or hybridGuardEngine({ judgeModel })', 'an engine without judgeUnreadable');
}

function resolveDeployment(value: Deployment | string | undefined): Deployment | undefined {
  if (value === undefined || typeof value !== 'string') return value;
  const builtin = getBuiltinSetup(value);
  if (builtin === undefined) throw new GuardInputError('deployment', `a built-in setup (${SETUP_IDS.join(', ')}) or a deployment`, JSON.stringify(value));
  return builtin;
}
