/**
 * A workflow terminated or timed out by an operator never appends its last event, so no notice says it
 * ended. While anyone waits on workflows (open streams, a waiting request), one visibility query every
 * `everyMs` asks which of them are closed, for all of them at once, and wakes their readers, who then
 * read the log and find the turn ended (api/turn-service.ts reconciles it). Idle otherwise.
 */
import type { Client } from '@temporalio/client';
import type { NoticeBus } from '../adapters/notices.js';

const IDS_PER_QUERY = 100;

export function watchClosed(client: Client, bus: NoticeBus, everyMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
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
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        const list = ids.slice(i, i + IDS_PER_QUERY).map((id) => `'${id.replace(/[\\']/g, '')}'`).join(', ');
        for await (const wf of client.workflow.list({ query: `WorkflowId IN (${list}) AND ExecutionStatus != 'Running'` })) bus.deliver({ workflowId: wf.workflowId, last: -1 });
      }
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
