/**
 * A workflow terminated or timed out by an operator never appends its last event, so no notice says it
 * ended. While anyone waits on workflows (open streams, a waiting request), one visibility query every
 * `everyMs` asks which of up to 100 of them (in turn) are closed, and wakes their readers, who then
 * read the log and find the turn ended (api/turn-service.ts reconciles it). Idle otherwise.
 */
import type { Client } from '@temporalio/client';
import type { NoticeBus } from '../adapters/notices.js';

const IDS_PER_QUERY = 100;

export function watchClosed(client: Client, bus: NoticeBus, everyMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  // Round robin: one query of at most IDS_PER_QUERY ids per sweep, so the server's load stays the same
  // however many streams are open (1,000 watched turns: each checked every 10 sweeps).
  let next = 0;
  const sweep = async () => {
    const ids = bus.watchedIds();
    if (ids.length === 0) {
      clearInterval(timer!);
      timer = null;
      return;
    }
    if (busy) return;
    busy = true;
    try {
      if (next >= ids.length) next = 0;
      const chunk = ids.slice(next, next + IDS_PER_QUERY);
      next += IDS_PER_QUERY;
      const list = chunk.map((id) => `'${id.replace(/[\\']/g, '')}'`).join(', ');
      for await (const wf of client.workflow.list({ query: `WorkflowId IN (${list}) AND ExecutionStatus != 'Running'` })) bus.deliver({ workflowId: wf.workflowId, last: -1 });
    } catch {
      // The server did not answer: the next sweep asks again (and readers recheck on their own).
    } finally {
      busy = false;
    }
  };
  return {
    /** Starts the sweep if it is not running (called whenever someone subscribes). */
    ensure() {
      if (timer) return;
      timer = setInterval(() => void sweep(), everyMs);
      timer.unref();
    },
  };
}
