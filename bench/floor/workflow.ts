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

/** Counts to `n` without yielding: holds the workflow thread for as long as that takes. */
function count(n: number): number {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i) % 1_000_003;
  return x;
}

/** A task that holds its workflow thread for as long as counting to `n` takes. */
export async function spin(n: number): Promise<number> {
  return count(n);
}

/**
 * Counts to `n` in each of `calls` calls into the workflow, all in one activation: a condition at a
 * time, each checked by the SDK once as it is made (not yet met), then in a call of its own after the
 * activation's jobs (it counts, and is met, so the SDK checks the next one in another call).
 */
export async function spinInCalls(n: number, calls: number): Promise<number> {
  let total = 0;
  for (let c = 0; c < calls; c++) {
    let checked = false;
    await condition(() => {
      if (!checked) return !(checked = true);
      total += count(n);
      return true;
    });
  }
  return total;
}
