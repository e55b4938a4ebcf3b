/**
 * Bounded work per user: a count of what each user has open (event streams, uploads in flight); past
 * the limit, `take` throws the problem the caller gives (a 429). In-process: each API instance counts
 * its own.
 */
import type { HttpProblem } from './errors.js';

export function perUserSlots(maxPerUser: number, over: (open: number) => HttpProblem) {
  const open = new Map<string, number>();
  return {
    /** Takes a slot for `userId` or throws; the release function is idempotent. */
    take(userId: string): () => void {
      const n = open.get(userId) ?? 0;
      if (n >= maxPerUser) throw over(n);
      open.set(userId, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
    },
  };
}
