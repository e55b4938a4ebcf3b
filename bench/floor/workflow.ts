/** Bare workflows, nothing but the SDK's own cost: the bench's floors (bench/floor.ts) and test/workflows/workflow-threads.test.ts. */
import { condition, defineSignal, proxyLocalActivities, setHandler } from '@temporalio/workflow';

const { noop } = proxyLocalActivities<{ noop(): Promise<number> }>({ startToCloseTimeout: '30 seconds' });

/** n no-op local activities in sequence. */
export async function bareLocalActivities(n: number): Promise<number> {
  let done = 0;
  for (let i = 0; i < n; i++) done += await noop();
  return done;
}

export const release = defineSignal('release');

/** Waits for one signal, as a turn waits for its approval, holding nothing of its own. */
export async function bareWaiter(): Promise<number> {
  let released = false;
  setHandler(release, () => {
    released = true;
  });
  await condition(() => released);
  return 1;
}

/** Counts to `n` without yielding: a task that holds its workflow thread for as long as that takes. */
export async function spin(n: number): Promise<number> {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i) % 1_000_003;
  return x;
}
