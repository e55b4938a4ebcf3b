/** Bare workflows for test/workflows/workflow-threads.test.ts: one that waits, one that never yields for a while. */
import { condition, defineSignal, setHandler } from '@temporalio/workflow';

export const release = defineSignal('release');

/** Waits for `release` (its stack, if the worker records stacks, shows this function). */
export async function waitForRelease(): Promise<string> {
  let released = false;
  setHandler(release, () => {
    released = true;
  });
  await condition(() => released);
  return 'released';
}

/** Counts to `n` without yielding: a task that holds its workflow thread for as long as that takes. */
export async function spin(n: number): Promise<number> {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i) % 1_000_003;
  return x;
}
