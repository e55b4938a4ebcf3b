/** Shared start-up for the entry points: config errors as one line, signals handled once. */
import { ConfigError, loadConfig, type Config } from '../adapters/config.js';
import { DbLockedError } from '../adapters/db.js';

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Runs `main`; known start-up errors print one line instead of a stack trace. */
export function run(main: () => Promise<void>): void {
  main().catch((e) => {
    const known = e instanceof ConfigError || e instanceof DbLockedError || /Temporal|port .* in use|TEMPORAL_CLI_PATH/.test(String(e?.message));
    console.error(known ? `error: ${e.message}` : e);
    process.exit(1);
  });
}

/** Runs every shutdown step even when an earlier one fails; reports the failures at the end. */
export async function stopAll(steps: [string, () => Promise<unknown> | unknown][]): Promise<void> {
  const failed: string[] = [];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (e) {
      failed.push(`${name}: ${(e as Error).message}`);
    }
  }
  if (failed.length) throw new Error(`shutdown incomplete (${failed.join('; ')})`);
}

export function onShutdown(fn: () => Promise<void>): void {
  let stopping = false;
  const handler = (sig: string) => {
    if (stopping) {
      console.error(`\n${sig} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    fn()
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

/**
 * The Temporal SDK logs through its runtime: warnings and errors only unless LOG_LEVEL asks for more.
 * Its own signal handlers are off: `onShutdown` owns SIGINT/SIGTERM and stops the parts in order.
 */
export async function installTemporalLogging(level: string): Promise<void> {
  const { DefaultLogger, Runtime } = await import('@temporalio/worker');
  const sdkLevel = level === 'trace' ? 'TRACE' : level === 'debug' ? 'DEBUG' : level === 'silent' || level === 'fatal' || level === 'error' ? 'ERROR' : 'WARN';
  try {
    Runtime.install({ logger: new DefaultLogger(sdkLevel), shutdownSignals: [] });
  } catch {
    /* already installed */
  }
}
