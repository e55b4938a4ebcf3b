/**
 * Real worker and API processes (`worker/main.ts`, `api/main.ts`, started the way `npm run worker` and the
 * image start them: through app/with-allocator.sh, so with jemalloc where it is installed) for tests that
 * kill or stop them: one process each, so a signal reaches the part itself (the launcher execs node).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker polls; rejects if it exits first, with its output. */
  ready: Promise<void>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** The environment of a worker process that talks to the scripted model and the tests' Temporal server. */
export function scriptedWorkerEnv(opts: { llmUrl: string; temporalAddress: string; taskQueue: string; dataDir: string }): Record<string, string> {
  return {
    ORCHESTRATOR_BASE_URL: opts.llmUrl,
    AGENT_BASE_URL: opts.llmUrl,
    ORCHESTRATOR_MODEL: 'scripted-orchestrator',
    AGENT_MODEL: 'scripted-agent',
    TEMPORAL_ADDRESS: opts.temporalAddress,
    TEMPORAL_TASK_QUEUE: opts.taskQueue,
    DATA_DIR: opts.dataDir,
  };
}

export const spawnWorkerProcess = (env: Record<string, string>) => spawnProcess('worker/main.ts', env, 'worker running');
export const spawnApiProcess = (env: Record<string, string>) => spawnProcess('api/main.ts', env, 'API listening');

/**
 * A TypeScript entry point (relative to the project root) as a process of its own, ready once it prints
 * `readyText`; MEMORY_ALLOCATOR in `env` (or the caller's environment) picks its allocator.
 */
export function spawnProcess(script: string, env: Record<string, string>, readyText: string): WorkerProcess {
  const child = spawn('sh', ['app/with-allocator.sh', process.execPath, '--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.includes(readyText)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    child,
    ready,
    output: () => out,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
