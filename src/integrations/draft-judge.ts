/**
 * What the framework integrations share with the proxy: one draft reply, the conversation before
 * it and the tools offered, judged against a deployment (given, a built-in id, or inferred from
 * the tools) and handled by a policy. The frameworks only translate their messages in and the
 * decision out.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ToolCall } from '../core/types.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import type { OnErrorMode, OnFailPolicy } from '../guard-proxy/config.ts';
import { decide, type Decision } from '../guard-proxy/policies.ts';
import { DeploymentResolver } from '../guard-proxy/request-deployment.ts';
import { verdictOf } from '../guard-proxy/verdict.ts';
import type { ChatModel, OpenAITool } from '../llm/chat-model.ts';
import { getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import type { Deployment } from '../setups/deployment.ts';
import { GuardInputError } from '../guard/guard-input-error.ts';

export interface DraftJudgeOptions {
  /** A deployment (parseDeployment, loadDeploymentFile), a built-in id (C0–C4), or nothing: inferred from the tools offered. */
  deployment?: Deployment | string;
  /** Capability tags per tool name, used when the deployment is inferred. */
  toolCapabilities?: Record<string, string[]>;
  /** What to do with a failing reply (default `rewrite`). */
  policy?: OnFailPolicy;
  /** When the checker or a fix fails: `open` sends the draft with its verdict (default), `closed` a blocking reply. */
  onError?: OnErrorMode;
}

export interface DraftToJudge {
  messages: readonly ChatMessage[];
  tools: readonly OpenAITool[];
  /** The reply's text; null or blank when the step has none. */
  text: string | null;
  toolCalls: readonly ToolCall[];
  /** The model, for a rewrite or a re-anchoring call. */
  model: () => ChatModel;
}

export class DraftJudge {
  readonly #resolver: DeploymentResolver;
  readonly #policy: OnFailPolicy;
  readonly #onError: OnErrorMode;

  constructor(options: DraftJudgeOptions) {
    this.#resolver = new DeploymentResolver(resolveDeployment(options.deployment), options.toolCapabilities ?? {});
    this.#policy = options.policy ?? 'rewrite';
    this.#onError = options.onError ?? 'open';
  }

  async judge(draft: DraftToJudge, policy: OnFailPolicy = this.#policy): Promise<Decision> {
    const requestId = randomUUID();
    if (draft.toolCalls.length > 0 || draft.text === null || draft.text.trim() === '') {
      const reason = draft.toolCalls.length > 0 ? 'a tool-call step; the step that ends in text is judged' : 'no reply text to judge';
      return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'skipped', reason, certified: draft.toolCalls.length > 0 }) };
    }
    let where;
    try {
      where = this.#resolver.resolve(draft.tools, draft.messages);
    } catch (error) {
      const reason = `the tools give no usable deployment (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`;
      if (this.#onError === 'closed') return { kind: 'text', text: DEFAULT_SAFE_REPLY, verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_closed', reason, certified: true }) };
      return { kind: 'pass', verdict: verdictOf({ requestId, label: null, where: null, action: 'failed_open', reason }) };
    }
    return decide({ requestId, messages: draft.messages, tools: draft.tools, draft: draft.text, where, onFail: policy, onError: this.#onError, model: draft.model });
  }
}

function resolveDeployment(value: Deployment | string | undefined): Deployment | undefined {
  if (value === undefined || typeof value !== 'string') return value;
  const builtin = getBuiltinSetup(value);
  if (builtin === undefined) throw new GuardInputError('deployment', `a built-in setup (${SETUP_IDS.join(', ')}) or a deployment`, JSON.stringify(value));
  return builtin;
}
