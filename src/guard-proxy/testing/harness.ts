/** Starts a scripted upstream and a guard proxy in front of it, for the guard's tests. */
import { DEFAULTS, type GuardProxyConfig } from '../config.ts';
import { startGuardProxy, type RunningGuardProxy } from '../server.ts';
import { startScriptedUpstream, type ScriptedUpstream, type UpstreamScript } from './scripted-upstream.ts';

export interface Harness {
  upstream: ScriptedUpstream;
  proxy: RunningGuardProxy;
  /** The proxy's OpenAI base URL (…/v1). */
  base: string;
  close(): Promise<void>;
}

export async function startHarness(script: UpstreamScript, overrides: Partial<GuardProxyConfig> = {}, options: { record?: boolean } = {}): Promise<Harness> {
  const upstream = await startScriptedUpstream(script, options);
  const proxy = await startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: upstream.url, port: 0, ...overrides });
  return {
    upstream,
    proxy,
    base: `${proxy.url}/v1`,
    close: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
}
