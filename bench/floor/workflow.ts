/** The bench's bare workflows (bench/floor.ts): nothing but the SDK's own cost. */
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
