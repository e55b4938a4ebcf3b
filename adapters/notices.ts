/**
 * Change notices: how an open event stream, a waiting `POST /query` or an approval decision learns that
 * a workflow moved on without asking it every 100 ms. The workflow announces each event it appends
 * through a sink (`workflows/notices.ts`, never recorded in history, not called on replay); the worker
 * publishes it here, in its own process, and, with PostgreSQL, as a `NOTIFY` on one channel that every
 * API process `LISTEN`s on (PGlite serves one process, so there the API and the worker share this bus).
 * A notice carries the events when they are progress and small; a terminal event, or a large one, is
 * announced without its content, so a stream reads the log (a query answers only once the workflow task
 * is complete, so what it returns is what history holds).
 */
import crypto from 'node:crypto';
import pg from 'pg';

export const NOTICE_CHANNEL = 'copilot_workflow_events';
/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; larger notices go without their events. */
const MAX_NOTIFY_BYTES = 7000;

export interface NoticeEvent {
  offset: number;
  type: string;
  at: string;
  data: Record<string, unknown>;
}

export interface Notice {
  /** The workflow id (`turn-…`, `ingest-…`). */
  workflowId: string;
  /** The offset of the newest event announced. */
  last: number;
  /** The events from `events[0].offset` to `last`, when the notice carries them. */
  events?: NoticeEvent[];
  /** The bus that published it (a bus ignores its own notices coming back from PostgreSQL). */
  from?: string;
  /** A piece of an answer being written (streamed answers): never part of the log, `last` is -1. */
  draft?: DraftNotice;
}

/**
 * A draft answer's progress, published by the model call that writes it (activities/drafts.ts). One
 * draft per model call attempt: a new `id` replaces the previous draft; `reset` abandons it.
 */
export interface DraftNotice {
  /** `<activityId>.<attempt>.<nonce>[.<n>]`: a retried or re-run call, or a call that restarted its text, is a new draft. */
  id: string;
  /** The hop whose decision the draft is. */
  hop: number;
  /** Where `text` goes (absent with `text` too: the draft starts, replacing any earlier one) in the draft (characters from its start). */
  from?: number;
  text?: string;
  /** Why the draft was abandoned (it turned into tool calls, it claimed a change, the call failed). */
  reset?: string;
}

/** The draft as a bus has seen it; `text` null when a piece was missed (then it is not offered to a resuming stream). */
interface BoardEntry {
  id: string;
  hop: number;
  text: string | null;
  at: number;
}
/** Drafts kept for streams that resume mid-answer: at most so many workflows, each for so long. */
const BOARD_MAX = 1000;
const BOARD_TTL_MS = 10 * 60_000;

/** A workflow's recent log as this bus saw it: events in unbroken order, the newest last, with their sizes. */
interface RecentLog {
  events: NoticeEvent[];
  sizes: number[];
  bytes: number;
  at: number;
}
/**
 * Recent logs kept for streams that resume mid-turn: so many bytes of events per workflow (the oldest
 * go first) and in all (the least recently updated workflow goes first), each for so long.
 */
const RECENT_BYTES_PER_WORKFLOW = 256 * 1024;
const RECENT_BYTES = 32 * 1024 * 1024;
const RECENT_TTL_MS = 10 * 60_000;

export interface Subscription {
  /** Resolves when a notice is pending or after `ms` (or when `abort` fires): true when one came. */
  wait(ms: number, abort?: AbortSignal): Promise<boolean>;
  /** The notices received since the last take. */
  take(): Notice[];
  /** The same, and whether it was woken at all since the last take (a wake may come without a notice). */
  drain(): { notices: Notice[]; woken: boolean };
  close(): void;
}

export class NoticeBus {
  /** Marks the notices this bus sends out, so it can tell them when they come back. */
  readonly id = crypto.randomUUID();
  private readonly listeners = new Map<string, Set<(n: Notice | null) => void>>();
  private readonly outlets: ((n: Notice) => void)[] = [];
  /** Listeners that want draft notices (streams); the others (waiting requests) are not woken by them. */
  private readonly draftListeners = new WeakSet<(n: Notice | null) => void>();
  private readonly board = new Map<string, BoardEntry>();
  private readonly recent = new Map<string, RecentLog>();
  private recentBytes = 0;
  /** Set by an API on the bus its streams use (`keepRecent`): a worker process alone keeps nothing. */
  private keepingRecent = false;

  /** Announces a notice to this process's listeners and to every outlet (PostgreSQL). */
  publish(n: Notice): void {
    this.deliver(n);
    for (const out of this.outlets) out({ ...n, from: this.id });
  }

  /** Hands a notice to this process's listeners only (what an outlet's listener receives). */
  deliver(n: Notice): void {
    if (n.from === this.id) return;
    if (n.draft) this.note(n.workflowId, n.draft);
    else if (this.keepingRecent) this.keep(n);
    const ls = this.listeners.get(n.workflowId);
    if (!ls) return;
    for (const l of ls) if (!n.draft || this.draftListeners.has(l)) l(n);
  }

  /** The draft of a workflow's answer as far as this bus saw it whole, or null. */
  currentDraft(workflowId: string): { id: string; hop: number; text: string } | null {
    const e = this.board.get(workflowId);
    if (!e || e.text === null || Date.now() - e.at > BOARD_TTL_MS) return null;
    return { id: e.id, hop: e.hop, text: e.text };
  }

  /** Keeps the board of drafts up to date with a draft notice. */
  private note(workflowId: string, d: DraftNotice): void {
    const prev = this.board.get(workflowId);
    if (d.reset !== undefined) {
      if (prev?.id === d.id) this.board.delete(workflowId);
      return;
    }
    // A draft's start (no text yet) replaces whatever draft the workflow had.
    const base = prev?.id === d.id ? prev.text : '';
    if (d.text === undefined || d.from === undefined) {
      if (prev?.id !== d.id) this.board.set(workflowId, { id: d.id, hop: d.hop, text: '', at: Date.now() });
      return;
    }
    const text = base !== null && d.from <= base.length ? base.slice(0, d.from) + d.text : null;
    this.board.delete(workflowId);
    this.board.set(workflowId, { id: d.id, hop: d.hop, text, at: Date.now() });
    if (this.board.size > BOARD_MAX) this.board.delete(this.board.keys().next().value!);
  }

  /**
   * The events after `after` of a running workflow, when this bus saw every one of them pushed, in
   * order, since the event after `after`; otherwise null (then the log must be read). It never holds a
   * terminal event: a notice without its events (the end, a large event) drops what it held. Not proof
   * that nothing newer exists (a notice may be lost): a stream that starts from it still rechecks.
   */
  recentEvents(workflowId: string, after: number): NoticeEvent[] | null {
    const r = this.recent.get(workflowId);
    if (!r || Date.now() - r.at > RECENT_TTL_MS) return null;
    const first = r.events[0]?.offset;
    if (first === undefined || first > after + 1) return null;
    return r.events.filter((e) => e.offset > after);
  }

  /** From now on, keeps recent events for streams that rejoin (an API does this for its bus). */
  keepRecent(): void {
    this.keepingRecent = true;
  }

  /** Keeps a workflow's recent log up to date with a notice of its log. */
  private keep(n: Notice): void {
    // A notice of no event (a wake: a saved approval, the closed sweep finding the workflow ended) says
    // nothing was missed: the log stays as it was (a rebuilt log of a terminated turn starts from it).
    if (n.last < 0 && !n.events?.length) return;
    const prev = this.recent.get(n.workflowId);
    if (prev) {
      this.recent.delete(n.workflowId);
      this.recentBytes -= prev.bytes;
    }
    if (!n.events || n.events.length === 0) return;
    const r: RecentLog = prev ?? { events: [], sizes: [], bytes: 0, at: 0 };
    for (const e of n.events) {
      const last = r.events.at(-1)?.offset;
      if (last !== undefined && e.offset <= last) continue;
      // A gap (a notice this bus never saw): an unbroken run starts again here.
      if (last !== undefined && e.offset !== last + 1) r.events.length = r.sizes.length = r.bytes = 0;
      const size = JSON.stringify(e.data).length + 64;
      r.events.push(e);
      r.sizes.push(size);
      r.bytes += size;
    }
    while (r.bytes > RECENT_BYTES_PER_WORKFLOW && r.events.length > 0) {
      r.events.shift();
      r.bytes -= r.sizes.shift()!;
    }
    if (r.events.length === 0) return;
    r.at = Date.now();
    this.recent.set(n.workflowId, r);
    this.recentBytes += r.bytes;
    for (const [id, old] of this.recent) {
      if (this.recentBytes <= RECENT_BYTES) break;
      this.recent.delete(id);
      this.recentBytes -= old.bytes;
    }
  }

  /** Wakes every listener without a notice: after a lost connection, everyone reads the log again. */
  wakeAll(): void {
    // Notices were lost: no recent log is known to be unbroken any more.
    this.recent.clear();
    this.recentBytes = 0;
    for (const ls of this.listeners.values()) for (const l of ls) l(null);
  }

  addOutlet(out: (n: Notice) => void): void {
    this.outlets.push(out);
  }

  /** How many workflows have someone waiting on them. */
  get watched(): number {
    return this.listeners.size;
  }
  watchedIds(): string[] {
    return [...this.listeners.keys()];
  }

  /** Subscribes before reading, so a notice between the read and the wait is not missed; `drafts`: draft notices too. */
  subscribe(workflowId: string, opts: { drafts?: boolean } = {}): Subscription {
    let pending: Notice[] = [];
    let woken = false;
    const wakers = new Set<() => void>();
    const listener = (n: Notice | null) => {
      if (n) pending.push(n);
      woken = true;
      for (const w of [...wakers]) w();
    };
    let set = this.listeners.get(workflowId);
    if (!set) this.listeners.set(workflowId, (set = new Set()));
    set.add(listener);
    if (opts.drafts) this.draftListeners.add(listener);
    const drain = () => {
      const out = { notices: pending, woken };
      pending = [];
      woken = false;
      return out;
    };
    return {
      wait: (ms, abort) =>
        new Promise<boolean>((resolve) => {
          if (woken || abort?.aborted) return resolve(woken);
          // Waits may overlap (one abandoned by a race while the next begins): each wakes on its own.
          const me = () => done(true);
          const done = (v: boolean) => {
            clearTimeout(timer);
            abort?.removeEventListener('abort', onAbort);
            wakers.delete(me);
            resolve(v);
          };
          const onAbort = () => done(false);
          const timer = setTimeout(() => done(false), ms);
          abort?.addEventListener('abort', onAbort, { once: true });
          wakers.add(me);
        }),
      drain,
      take: () => drain().notices,
      close: () => {
        set!.delete(listener);
        if (set!.size === 0 && this.listeners.get(workflowId) === set) this.listeners.delete(workflowId);
      },
    };
  }
}

/** This process's bus: the worker's sink publishes to it, the API's streams listen on it. */
export const notices = new NoticeBus();

/** A notice as it may travel: its events dropped when too large for NOTIFY. */
export function fitForNotify(n: Notice): string {
  const full = JSON.stringify(n);
  if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES) return full;
  const { events: _dropped, ...bare } = n;
  return JSON.stringify(bare);
}

/**
 * Worker side, with PostgreSQL: every notice this process publishes also goes out as a NOTIFY (fire and
 * forget: a lost notice costs a reader one read later). PGlite needs none: it serves one process.
 */
export function notifyThrough(db: { kind: string; query(sql: string, params: unknown[]): Promise<unknown> }, log: { warn(o: object, msg: string): void }, bus: NoticeBus = notices): void {
  if (db.kind !== 'postgres') return;
  bus.addOutlet((n) => {
    db.query('select pg_notify($1, $2)', [NOTICE_CHANNEL, fitForNotify(n)]).catch((e: Error) => log.warn({ err: e.message }, 'could not send a workflow notice'));
  });
}

/**
 * API side: one connection that LISTENs and hands notices to the bus; reconnects with backoff and then
 * wakes every listener (notices sent while it was away are lost, the log is not).
 */
export async function listenForNotices(url: string, bus: NoticeBus, log: { warn(o: object, msg: string): void }): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel !== NOTICE_CHANNEL || !m.payload) return;
      try {
        bus.deliver(JSON.parse(m.payload) as Notice);
      } catch {
        // Not ours: ignored.
      }
    });
    c.on('error', (e) => {
      log.warn({ err: e.message }, 'notice listener lost its connection; reconnecting');
      void c.end().catch(() => {});
      if (client === c) client = null;
      schedule(1000);
    });
    await c.connect();
    await c.query(`listen ${NOTICE_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    bus.wakeAll();
  };
  const schedule = (ms: number) => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((e: Error) => {
        log.warn({ err: e.message }, 'notice listener could not connect; retrying');
        schedule(Math.min(ms * 2, 30_000));
      });
    }, ms);
    retry.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
