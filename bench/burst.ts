/** c turns started at once and awaited: the bench's concurrency figure, shared with the baseline run. */
import { performance } from 'node:perf_hooks';
import { processCpuMs } from './proc.js';
import { quantile, round } from './stats.js';

export interface BurstFigure {
  turnsPerS: number;
  latencyMs: { p50: number; p99: number };
  wallMs: number;
  /** CPU of this process (API, worker, scripted model, client) while the turns ran. */
  workerCpuMs: number;
  serverCpuMs: number | null;
}

/** Runs `c` turns at once with `runOne` (which throws unless the turn completed). */
export async function burst(c: number, runOne: () => Promise<void>, serverPid: number | undefined): Promise<BurstFigure> {
  const cpu0 = process.cpuUsage();
  const server0 = processCpuMs(serverPid);
  const t = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: c }, async () => {
      const t0 = performance.now();
      await runOne();
      return performance.now() - t0;
    }),
  );
  const wallMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const server1 = processCpuMs(serverPid);
  return {
    turnsPerS: round(c / (wallMs / 1000), 1),
    latencyMs: { p50: round(quantile(latencies, 0.5)), p99: round(quantile(latencies, 0.99)) },
    wallMs: round(wallMs),
    workerCpuMs: round((cpu.user + cpu.system) / 1000),
    serverCpuMs: server0 === null || server1 === null ? null : round(server1 - server0),
  };
}
