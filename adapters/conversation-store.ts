/**
 * Conversations and turns in the database: the one-turn-at-a-time lock, the context a follow-up sees,
 * and the finished turns the API serves after Temporal's history is gone.
 */
import type { Db } from './db.js';
import { FINISHED_TURN_STATUSES, type Approval, type ApprovalStatus, type ConversationContext, type PriorTurn, type TurnResult, type TurnStatus } from '../domain/types.js';

export interface TurnRecord {
  turnId: string;
  conversationId: string;
  userId: string;
  seq: number;
  question: string;
  namespace: string;
  status: TurnStatus;
  answer: string | null;
  result: TurnResult | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface TurnIdentity {
  turnId: string;
  conversationId: string;
  userId: string;
  question: string;
  namespace: string;
}

export type BeginTurnResult =
  | { ok: true; seq: number }
  | { ok: false; reason: 'busy'; activeTurnId: string }
  | { ok: false; reason: 'not_found' };

export interface ConversationStore {
  /** Takes the conversation's lock and records the turn; creates the conversation when new. */
  beginTurn(t: { turnId: string; conversationId: string; userId: string; question: string; namespace: string }): Promise<BeginTurnResult>;
  /** Releases a lock held by a turn whose workflow is gone (terminated, timed out). */
  releaseLock(conversationId: string, turnId: string, status: TurnStatus): Promise<void>;
  loadContext(conversationId: string, beforeTurnId: string, limit?: number): Promise<ConversationContext>;
  /**
   * Records the outcome; releases the lock when the turn is finished. Idempotent. Creates the rows when
   * the turn was started outside the API (Temporal CLI, tests). With `keepFinished`, a turn already saved
   * as finished keeps its row (the first write wins) and gets it back; otherwise null.
   */
  saveTurn(turn: TurnIdentity, status: TurnStatus, answer: string | null, result: TurnResult, opts?: { keepFinished?: boolean }): Promise<TurnRecord | null>;
  getTurn(turnId: string): Promise<TurnRecord | null>;
  getConversation(id: string): Promise<{ id: string; userId: string; activeTurnId: string | null; createdAt: string } | null>;
  listConversations(userId: string | null, limit?: number): Promise<{ id: string; userId: string; turns: number; lastQuestion: string | null; updatedAt: string }[]>;
  listTurns(conversationId: string): Promise<TurnRecord[]>;
  /** Records an approval as it opens and as it resolves (idempotent), and the turn's status with it. */
  saveApproval(a: Approval, conversationId: string, turnStatus: TurnStatus): Promise<void>;
  getApproval(approvalId: string): Promise<Approval | null>;
  /** Approvals, newest first; `requestedBy` null for all users. */
  listApprovals(filter: { status: ApprovalStatus | null; requestedBy: string | null; turnId?: string; limit?: number }): Promise<Approval[]>;
}

type TurnRow = {
  id: string;
  conversation_id: string;
  user_id: string;
  seq: number;
  question: string;
  namespace: string;
  status: TurnStatus;
  answer: string | null;
  result: TurnResult | string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
};
const iso = (d: Date | string) => new Date(d).toISOString();
const parseResult = (r: TurnResult | string | null): TurnResult | null => (typeof r === 'string' ? (JSON.parse(r) as TurnResult) : r);
const turnRecord = (r: TurnRow): TurnRecord => ({
  turnId: r.id,
  conversationId: r.conversation_id,
  userId: r.user_id,
  seq: r.seq,
  question: r.question,
  namespace: r.namespace,
  status: r.status,
  answer: r.answer,
  result: parseResult(r.result),
  createdAt: iso(r.created_at),
  finishedAt: r.finished_at ? iso(r.finished_at) : null,
});
/** The finished statuses as an SQL list, for `status in …`: the statements' one spelling of "finished". */
const FINISHED_SQL = `(${FINISHED_TURN_STATUSES.map((s) => `'${s}'`).join(', ')})`;
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
function approvalFromRow(r: Record<string, any>): Approval {
  return {
    approvalId: r.id,
    turnId: r.turn_id,
    action: r.action,
    details: json(r.details),
    status: r.status,
    requestedBy: r.requested_by,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    resolvedBy: r.resolved_by,
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    comment: r.comment,
    outcome: json(r.outcome) ?? null,
  };
}

export function createSqlConversationStore(db: Db): ConversationStore {
  const getTurn = async (turnId: string): Promise<TurnRecord | null> => {
    const { rows } = await db.query<TurnRow>(`select * from turns where id = $1`, [turnId]);
    return rows[0] ? turnRecord(rows[0]) : null;
  };
  return {
    async beginTurn({ turnId, conversationId, userId, question, namespace }) {
      return db.transaction(async (tx) => {
        await tx.query(`insert into conversations (id, user_id) values ($1, $2) on conflict (id) do nothing`, [conversationId, userId]);
        // The row lock makes two concurrent starts on one conversation take turns here.
        const { rows } = await tx.query<{ user_id: string; active_turn_id: string | null }>(
          `select user_id, active_turn_id from conversations where id = $1 for update`,
          [conversationId],
        );
        const conv = rows[0]!;
        if (conv.user_id !== userId) return { ok: false, reason: 'not_found' } as const;
        if (conv.active_turn_id && conv.active_turn_id !== turnId) return { ok: false, reason: 'busy', activeTurnId: conv.active_turn_id } as const;
        const { rows: seqRows } = await tx.query<{ seq: number }>(
          `select coalesce(max(seq), 0) + 1 as seq from turns where conversation_id = $1`,
          [conversationId],
        );
        const seq = Number(seqRows[0]!.seq);
        await tx.query(
          `insert into turns (id, conversation_id, user_id, seq, question, namespace, status) values ($1, $2, $3, $4, $5, $6, 'running')
           on conflict (id) do nothing`,
          [turnId, conversationId, userId, seq, question, namespace],
        );
        await tx.query(`update conversations set active_turn_id = $2, updated_at = now() where id = $1`, [conversationId, turnId]);
        return { ok: true, seq } as const;
      });
    },
    async releaseLock(conversationId, turnId, status) {
      await db.query(`update conversations set active_turn_id = null where id = $1 and active_turn_id = $2`, [conversationId, turnId]);
      await db.query(`update turns set status = $2, finished_at = coalesce(finished_at, now()) where id = $1 and status not in ${FINISHED_SQL}`, [
        turnId,
        status,
      ]);
    },
    async loadContext(conversationId, beforeTurnId, limit = 10) {
      const { rows } = await db.query<TurnRow>(
        `select * from (
           select * from turns where conversation_id = $1 and id <> $2 and status in ${FINISHED_SQL}
           order by seq desc limit $3) t order by seq`,
        [conversationId, beforeTurnId, limit],
      );
      const turns: PriorTurn[] = rows.map((r) => {
        const res = parseResult(r.result);
        return {
          turnId: r.id,
          question: r.question,
          answer: r.answer ?? '',
          status: r.status,
          sources: res?.sources ?? [],
          entities: res?.entities ?? [],
          receipts: res?.receipts ?? [],
        };
      });
      // Whose booking each receipt's write was, as its approval's owner check found it: the conversation's
      // user asked for it, so "I cancelled your booking" in a later turn is judged as in the turn itself.
      const approvalIds = turns.flatMap((t) => t.receipts.map((x) => x.approvalId));
      if (approvalIds.length) {
        const owners = await db.query<{ id: string; owns: boolean | null }>(`select id, (details->'owner'->>'requesterOwns')::boolean as owns from approvals where id = any($1::text[])`, [approvalIds]);
        const owns = new Map(owners.rows.filter((o) => o.owns !== null).map((o) => [o.id, o.owns!]));
        for (const t of turns) t.receipts = t.receipts.map((x) => (owns.has(x.approvalId) ? { ...x, askers: owns.get(x.approvalId)! } : x));
      }
      return { conversationId, turns };
    },
    async saveTurn(turn, status, answer, result, opts = {}) {
      const { turnId } = turn;
      // One statement, so one round trip (seven, as a transaction of its own): the conversation and the
      // turn created when missing, the turn written (with keepFinished, not over a finished row: the
      // conflict locks that row, so a concurrent save waits and then finds it), and the conversation
      // freed when the turn finished. Its parts see the same snapshot: a conversation inserted here has no
      // active turn to free, and a turn inserted here is inserted with its final values.
      const { rows } = await db.query<{ conversation_id: string }>(
        `with conversation as (insert into conversations (id, user_id) values ($2, $3) on conflict (id) do nothing),
              saved as (
                insert into turns (id, conversation_id, user_id, seq, question, namespace, status, answer, result, finished_at)
                select $1, $2, $3, coalesce(max(seq), 0) + 1, $4, $5, $6, $7, $8::jsonb, case when $6 in ${FINISHED_SQL} then now() end
                  from turns where conversation_id = $2
                on conflict (id) do update set status = excluded.status, answer = excluded.answer, result = excluded.result,
                  finished_at = case when excluded.status in ${FINISHED_SQL} then coalesce(turns.finished_at, now()) else null end
                  where not ($9::boolean and turns.status in ${FINISHED_SQL} and turns.result is not null)
                returning conversation_id),
              freed as (
                update conversations set active_turn_id = null, updated_at = now()
                 where $6 in ${FINISHED_SQL} and id = (select conversation_id from saved) and active_turn_id = $1)
         select conversation_id from saved`,
        [turnId, turn.conversationId, turn.userId, turn.question, turn.namespace, status, answer, JSON.stringify(result), opts.keepFinished === true],
      );
      if (rows.length > 0) return null;
      // Kept: the finished row stays as it was, and is what the caller gets back.
      return getTurn(turnId);
    },
    getTurn,
    async getConversation(id) {
      const { rows } = await db.query<{ id: string; user_id: string; active_turn_id: string | null; created_at: Date }>(
        `select id, user_id, active_turn_id, created_at from conversations where id = $1`,
        [id],
      );
      const r = rows[0];
      return r ? { id: r.id, userId: r.user_id, activeTurnId: r.active_turn_id, createdAt: iso(r.created_at) } : null;
    },
    async listConversations(userId, limit = 50) {
      const { rows } = await db.query<{ id: string; user_id: string; turns: number; last_question: string | null; updated_at: Date }>(
        `select c.id, c.user_id, c.updated_at,
                (select count(*) from turns t where t.conversation_id = c.id)::int as turns,
                (select question from turns t where t.conversation_id = c.id order by seq desc limit 1) as last_question
           from conversations c where ($1::text is null or c.user_id = $1::text)
          order by c.updated_at desc limit $2`,
        [userId, limit],
      );
      return rows.map((r) => ({ id: r.id, userId: r.user_id, turns: Number(r.turns), lastQuestion: r.last_question, updatedAt: iso(r.updated_at) }));
    },
    async saveApproval(a, conversationId, turnStatus) {
      await db.transaction(async (tx) => {
        const written = await tx.query(
          `insert into approvals (id, turn_id, conversation_id, requested_by, action, details, status, expires_at, resolved_by, resolved_at, comment, outcome, created_at)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12::jsonb, $13)
           on conflict (id) do update set status = excluded.status, resolved_by = excluded.resolved_by, resolved_at = excluded.resolved_at,
             comment = excluded.comment, outcome = excluded.outcome
           -- Status only moves forward: a late retry of an earlier save (pending) changes nothing.
           where approvals.status = 'pending' and excluded.status <> 'pending'
           returning id`,
          [a.approvalId, a.turnId, conversationId, a.requestedBy, a.action, JSON.stringify(a.details), a.status, a.expiresAt, a.resolvedBy, a.resolvedAt, a.comment, a.outcome ? JSON.stringify(a.outcome) : null, a.createdAt],
        );
        // Nor does the turn's status follow a save that changed nothing.
        if (written.rows.length) await tx.query(`update turns set status = $2 where id = $1 and status not in ${FINISHED_SQL}`, [a.turnId, turnStatus]);
      });
    },
    async getApproval(approvalId) {
      const { rows } = await db.query<Record<string, any>>(`select * from approvals where id = $1`, [approvalId]);
      return rows[0] ? approvalFromRow(rows[0]) : null;
    },
    async listApprovals({ status, requestedBy, turnId, limit = 100 }) {
      const { rows } = await db.query<Record<string, any>>(
        `select * from approvals where ($1::text is null or status = $1::text) and ($2::text is null or requested_by = $2::text)
            and ($4::text is null or turn_id = $4::text)
          order by created_at desc limit $3`,
        [status, requestedBy, limit, turnId ?? null],
      );
      return rows.map(approvalFromRow);
    },
    async listTurns(conversationId) {
      const { rows } = await db.query<TurnRow>(`select * from turns where conversation_id = $1 order by seq`, [conversationId]);
      return rows.map(turnRecord);
    },
  };
}
