/** What every request handler of the proxy shares: settings, the deployment resolver, metrics, the audit log. */
import type { GuardEngine } from '../guard/guard-engine.ts';
import type { ChatModel } from '../llm/chat-model.ts';
import type { AuditLog } from './audit-log.ts';
import type { GuardProxyConfig } from './config.ts';
import type { GuardMetrics } from './metrics.ts';
import type { DeploymentResolver } from './request-deployment.ts';
import type { Upstream } from './upstream.ts';
import type { Verdict } from './verdict.ts';

export interface GuardContext {
  config: GuardProxyConfig;
  upstream: Upstream;
  resolver: DeploymentResolver;
  metrics: GuardMetrics;
  audit: AuditLog;
  /** The hybrid engine (`--engine hybrid`): its judge model labels the replies the rules cannot read. Unset: the rules alone. */
  engine?: GuardEngine;
  /** The judge model behind `engine`, closed with the proxy. */
  judgeModel?: ChatModel;
}

/** Counts and logs a verdict once its response is settled. */
export function record(context: GuardContext, verdict: Verdict, facts: { stream: boolean; addedMs: number }): void {
  context.metrics.verdict(verdict.outcome, verdict.action);
  context.metrics.added(facts.addedMs);
  context.audit.write(verdict, facts);
}
