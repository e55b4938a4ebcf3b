/** The bench's bare workflow: n no-op local activities in sequence, nothing else (bench/floor.ts). */
import { proxyLocalActivities } from '@temporalio/workflow';

const { noop } = proxyLocalActivities<{ noop(): Promise<number> }>({ startToCloseTimeout: '30 seconds' });

export async function bareLocalActivities(n: number): Promise<number> {
  let done = 0;
  for (let i = 0; i < n; i++) done += await noop();
  return done;
}
