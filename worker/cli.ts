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
