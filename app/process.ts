/** Shared start-up for the entry points: config errors as one line, signals handled once. */
import { ConfigError, loadConfig, type Config } from '../adapters/config.js';
import { DbLockedError } from '../adapters/db.js';
import { createLogger, type Logger } from '../adapters/logger.js';

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
 * The Temporal SDK logs through its runtime, here into pino as JSON lines: workflow and activity logs
 * (which the SDK tags with workflowId, runId, activityType…) at LOG_LEVEL, the SDK's own at warnings
 * unless LOG_LEVEL is debug or trace. Its own signal handlers are off: `onShutdown` owns SIGINT/SIGTERM
 * and stops the parts in order.
 */
export async function installTemporalLogging(level: string, name = 'temporal'): Promise<void> {
  const { Runtime } = await import('@temporalio/worker');
  try {
    Runtime.install({ logger: temporalLogger(createLogger(level, name), level), shutdownSignals: [] });
  } catch {
    /* already installed */
  }
}

type SdkLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
const PINO_LEVEL = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** A Temporal SDK logger over pino; the SDK's internal chatter is kept to warnings unless debugging. */
export function temporalLogger(logger: Logger, level: string) {
  const verbose = level === 'debug' || level === 'trace';
  const log = (lvl: SdkLevel, message: string, meta?: Record<string, unknown>) => {
    const component = meta?.sdkComponent;
    const ours = component === 'workflow' || component === 'activity';
    if (!ours && !verbose && (lvl === 'TRACE' || lvl === 'DEBUG' || lvl === 'INFO')) return;
    logger[PINO_LEVEL[lvl]](meta ?? {}, message);
  };
  return {
    log,
    trace: (m: string, meta?: Record<string, unknown>) => log('TRACE', m, meta),
    debug: (m: string, meta?: Record<string, unknown>) => log('DEBUG', m, meta),
    info: (m: string, meta?: Record<string, unknown>) => log('INFO', m, meta),
    warn: (m: string, meta?: Record<string, unknown>) => log('WARN', m, meta),
    error: (m: string, meta?: Record<string, unknown>) => log('ERROR', m, meta),
  };
}
