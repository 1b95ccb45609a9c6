/**
 * The audit log: one JSON line per judged response (time, request id, verdict, spans, action,
 * the added latency). It is written from the verdict alone, which never holds a header, a key or
 * the request body, so no credential can reach the file; spans are the reply's own words.
 */
import fs from 'node:fs';
import type { Verdict } from './verdict.ts';

export interface AuditEntry {
  time: string;
  request_id: string;
  stream: boolean;
  outcome: string | null;
  action: string;
  certified: boolean;
  reason: string;
  spans: Verdict['spans'];
  deployment: Verdict['deployment'];
  added_ms: number;
}

export interface AuditLog {
  write(verdict: Verdict, facts: { stream: boolean; addedMs: number }): void;
  close(): Promise<void>;
}

export const NO_AUDIT_LOG: AuditLog = { write: () => undefined, close: async () => undefined };

export function openAuditLog(file: string): AuditLog {
  const stream = fs.createWriteStream(file, { flags: 'a', mode: 0o600 });
  let failed: Error | undefined;
  stream.on('error', (error) => {
    failed = error;
  });
  return {
    write(verdict, facts) {
      if (failed !== undefined) return;
      const entry: AuditEntry = {
        time: new Date().toISOString(),
        request_id: verdict.request_id,
        stream: facts.stream,
        outcome: verdict.outcome,
        action: verdict.action,
        certified: verdict.certified,
        reason: verdict.reason,
        spans: verdict.spans,
        deployment: verdict.deployment,
        added_ms: Math.round(facts.addedMs * 1000) / 1000,
      };
      stream.write(`${JSON.stringify(entry)}\n`);
    },
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}
