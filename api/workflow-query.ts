/** Workflow queries from the API, bounded: a query needs a worker, and with none the server would hold it for its whole RPC deadline. */
import type { Client } from '@temporalio/client';
import type { QueryDefinition } from '@temporalio/common';
import { metrics } from '../adapters/metrics.js';

/** How long a workflow query may take before the API answers from the database instead. */
export const QUERY_DEADLINE_MS = 5000;

export function boundedQuery<R, A extends unknown[]>(client: Client, workflowId: string, query: QueryDefinition<R, A>, ...args: A): Promise<R> {
  return queryBy(Date.now() + QUERY_DEADLINE_MS, client, workflowId, query, ...args);
}

/**
 * A workflow query that gives up at `deadline` (epoch ms) or after `QUERY_DEADLINE_MS`, whichever comes
 * first: a caller bound to answer by then (`POST /query`'s wait) reads the tables instead of waiting
 * for a workflow task in progress (a query is answered once it completes, a long model call included).
 */
export function queryBy<R, A extends unknown[]>(deadline: number, client: Client, workflowId: string, query: QueryDefinition<R, A>, ...args: A): Promise<R> {
  metrics.workflowQueries.inc({ query: query.name });
  return client.connection.withDeadline(Math.min(deadline, Date.now() + QUERY_DEADLINE_MS), () => client.workflow.getHandle(workflowId).query(query, ...args));
}
