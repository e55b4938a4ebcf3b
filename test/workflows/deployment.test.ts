/**
 * The compose topology without Docker: the commands docker-compose.yml runs (`node --import tsx
 * worker/main.ts` as two replicas, `node --import tsx api/main.ts`, each through app/with-allocator.sh,
 * so with jemalloc where it is installed) as separate processes over one real
 * PostgreSQL and the tests' Temporal server. They start at once (so they migrate at once), answer their
 * health checks, share the task queue, report metrics per replica, and a replica stopped with SIGTERM
 * leaves the other to carry on.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startScriptedLlm } from '../support/scripted-llm.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';
import { world } from '../support/world.js';
import { installedJemalloc } from '../support/jemalloc.js';
import { scriptedWorkerEnv, spawnApiProcess, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const hasPostgres = await postgresAvailable();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const ADMIN_KEY = 'deployment-admin-key-0123456789';
const METRICS_TOKEN = 'deployment-metrics-token-0123';
const jsonLines = (p: WorkerProcess) =>
  p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
const scrape = async (url: string, token = METRICS_TOKEN) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.text();
};
const answered = (text: string) => Number(/^copilot_turns_total\{outcome="answered"\} (\d+)$/m.exec(text)?.[1] ?? 0);

describe.skipIf(!hasPostgres)('the compose topology, as processes', () => {
  it('two worker replicas and the API on one Postgres: health, shared work, per-replica metrics, a replica stopped', async () => {
    // The same commands as the compose file.
    const compose = fs.readFileSync('docker-compose.yml', 'utf8');
    expect(compose).toContain('command: ["sh", "app/with-allocator.sh", "node", "--import", "tsx", "worker/main.ts"]');
    expect(compose).toContain('command: ["sh", "app/with-allocator.sh", "node", "--import", "tsx", "api/main.ts"]');
    // The image installs the jemalloc the launcher preloads.
    expect(fs.readFileSync('Dockerfile', 'utf8')).toMatch(/apt-get install[^\n]*libjemalloc2/);
    expect(compose).toContain('METRICS_PORT: 9464');

    const tmp = await createTempDatabase();
    cleanups.push(() => tmp.drop());
    const llm = await startScriptedLlm(world);
    cleanups.push(() => llm.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-deploy-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      ...scriptedWorkerEnv({ llmUrl: llm.url, temporalAddress: inject('temporalAddress'), taskQueue: `deploy-${crypto.randomUUID()}`, dataDir }),
      EVAL_TASK_QUEUE: `deploy-evals-${crypto.randomUUID()}`,
      DATABASE_URL: tmp.url,
      COPILOT_API_KEYS: `${ADMIN_KEY}:ops:admin`,
      METRICS_TOKEN,
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      WORKER_SHUTDOWN_GRACE: '20s',
    };
    const procs = [spawnWorkerProcess(env), spawnWorkerProcess(env), spawnApiProcess(env)];
    for (const p of procs) cleanups.push(() => p.kill('SIGKILL'));
    await Promise.all(procs.map((p) => p.ready));
    const [w1, w2, api] = procs as [WorkerProcess, WorkerProcess, WorkerProcess];
    // Each runs with jemalloc when this machine has it (CI installs libjemalloc2), as in the image.
    for (const p of procs) expect(/libjemalloc/.test(fs.readFileSync(`/proc/${p.child.pid}/maps`, 'utf8'))).toBe(installedJemalloc !== undefined);
    // Started as the compose file starts them: the workers with their patterns compiled when first run (worker/regexps.ts).
    for (const w of [w1, w2]) expect(jsonLines(w).find((l) => l.msg === 'worker running')).toMatchObject({ regExpsCompiledAtOnce: true });
    const metricsUrl = (w: WorkerProcess) => jsonLines(w).find((l) => l.msg?.includes('/metrics and /healthz'))!.url as string;
    const apiUrl = jsonLines(api).find((l) => l.msg === 'API listening')!.url as string;

    // The health checks the compose file runs.
    for (const w of [w1, w2]) expect((await fetch(`${metricsUrl(w)}/healthz`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${apiUrl}/readyz`)).status, { timeout: 10_000 }).toBe(200);

    const ask = async (question: string) => {
      const res = await fetch(`${apiUrl}/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(`Which rooms have a projector? (${i})`)));
    expect(first.map((r) => `${r.status} ${r.body.status}`)).toEqual(Array(8).fill('200 completed'));
    expect(first[0]!.body.answer).toMatch(/Room/);
    // Each replica counts the turns it finished; together, all of them.
    const before = [answered(await scrape(metricsUrl(w1))), answered(await scrape(metricsUrl(w2)))];
    expect(before[0]! + before[1]!).toBe(8);
    expect(await scrape(apiUrl)).toMatch(/^copilot_http_requests_total\{method="POST",route="\/query",status="200"\} 8$/m);
    expect((await fetch(`${metricsUrl(w1)}/metrics`)).status).toBe(401); // the token is required when set

    // A scale-down: SIGTERM one replica; it leaves cleanly and the other carries the next turns.
    const exited = new Promise<number | null>((r) => w1.child.once('exit', (code) => r(code)));
    w1.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const next = await Promise.all([ask('Which rooms have a projector? (after)'), ask('Which rooms seat 10? (after)')]);
    expect(next.map((r) => r.body.status)).toEqual(['completed', 'completed']);
    expect(answered(await scrape(metricsUrl(w2)))).toBe(before[1]! + 2);

    // The API stops cleanly too.
    const apiExited = new Promise<number | null>((r) => api.child.once('exit', (code) => r(code)));
    api.child.kill('SIGTERM');
    expect(await apiExited).toBe(0);
  }, 120_000);
});
