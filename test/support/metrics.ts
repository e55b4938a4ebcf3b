/** Reading the API's GET /metrics in tests. */
import { expect } from 'vitest';
import type { Harness } from './harness.js';

/** GET /metrics with `key` (the metrics token or an admin's key), checked to be Prometheus' text format. */
export async function scrapeMetrics(h: Harness, key: string): Promise<string> {
  const res = await h.request('GET', '/metrics', { key });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample, 0 when absent (a labelled series has no line until it is first counted). */
export function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}
