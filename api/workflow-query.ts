/** Workflow queries from the API, bounded: a query needs a worker, and with none the server would hold it for its whole RPC deadline. */
import type { Client } from '@temporalio/client';
import type { QueryDefinition } from '@temporalio/common';
import { metrics } from '../adapters/metrics.js';

/** How long a workflow query may take before the API answers from the database instead. */
export const QUERY_DEADLINE_MS = 5000;

export function boundedQuery<R, A extends unknown[]>(client: Client, workflowId: string, query: QueryDefinition<R, A>, ...args: A): Promise<R> {
  metrics.workflowQueries.inc({ query: query.name });
  return client.connection.withDeadline(Date.now() + QUERY_DEADLINE_MS, () => client.workflow.getHandle(workflowId).query(query, ...args));
}
