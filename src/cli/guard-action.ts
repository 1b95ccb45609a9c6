/**
 * What `felicity guard` does once its flags are parsed: resolve the settings, start the proxy,
 * print where it listens, and stop gracefully on SIGTERM or SIGINT (requests in flight finish).
 */
import { GuardConfigError, resolveGuardConfig, type GuardProxyFlags } from '../guard-proxy/config.ts';
import { startGuardProxy } from '../guard-proxy/server.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import { exitCodeFor } from './exit-codes.ts';
import { EXIT, oneLine } from './usage-exit.ts';

export async function runGuard(flags: GuardProxyFlags): Promise<void> {
  let proxy;
  try {
    const config = await resolveGuardConfig(flags);
    proxy = await startGuardProxy(config);
    const deployment = config.deployment ?? 'inferred per request from its tools';
    const engine = config.engine === 'hybrid' ? `hybrid, judge ${config.judgeModel}` : config.engine;
    process.stderr.write(`felicity guard: listening on ${proxy.url}/v1 → ${config.upstream} (on-fail ${config.onFail}, stream ${config.stream}, on-error ${config.onError}, on-unreadable ${config.onUnreadable}, engine ${engine}, deployment ${deployment})\n`);
  } catch (error) {
    const known = error instanceof GuardConfigError || DeploymentError.isInstance(error) || (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || (error as NodeJS.ErrnoException).code === 'ENOENT';
    // A judge model spec that cannot be used (exit 2), or its endpoint down at start (exit 1).
    const code = known ? EXIT.badInput : exitCodeFor(error);
    if (code === undefined) throw error;
    process.stderr.write(`felicity guard: ${oneLine(error as Error)}\n`);
    process.exitCode = code;
    return;
  }
  const running = proxy;
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`felicity guard: ${signal}, finishing requests in flight\n`);
    void running.close().then(() => process.exit(signal === 'SIGTERM' ? EXIT.done : EXIT.interrupted));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
