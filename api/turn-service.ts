/**
 * What the routes do with turns: start one (taking the conversation's lock), read it at any moment
 * (database once finished, else the workflow's `state` query), wait for it, and read its event log.
 */
import crypto from 'node:crypto';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../adapters/config.js';
import type { ConversationStore, TurnRecord } from '../adapters/conversation-store.js';
import { ConversationIdKey, TurnStatusKey, UserIdKey } from '../domain/search-attributes.js';
import { EventType, FINISHED_TURN_STATUSES, TERMINAL_EVENTS, zeroUsage, type Approval, type ApprovalStatus, type TurnEvent, type TurnInput, type TurnStatus, type TurnView, type UndoOutcome } from '../domain/types.js';
import * as messages from '../workflows/temporal-messages.js';
import { turnResultOf, turnView } from '../workflows/turn-state.js';
import type { turnWorkflow } from '../workflows/turn.js';
import type { undoWorkflow, UndoInput } from '../workflows/undo.js';
import { mayApprove, type Role } from '../domain/policy.js';
import { detectLanguage, failedTurnAnswer, failedWriting, LATEST_DETECTION, turnOutcomes } from '../domain/outcomes.js';
import { canSee, requireNamespace, type AuthUser } from './auth.js';
import { HttpProblem, notFound, unavailable } from './errors.js';
import { boundedQuery, queryBy, QUERY_DEADLINE_MS } from './workflow-query.js';
import { notices as processNotices, type Notice, type NoticeBus, type Subscription } from '../adapters/notices.js';
import { watchClosed } from './closed-watch.js';
import { metrics } from '../adapters/metrics.js';
import type { StreamFeed } from './sse.js';

export const workflowIdFor = (turnId: string) => `turn-${turnId}`;

export interface TurnServiceDeps {
  client: Client;
  /**
   * Ask the server to start turns eagerly: the client shares the connection of a worker on the turn
   * queue in this process (api/server.ts), so the first workflow task comes back in the start call's
   * answer. The server falls back to dispatching it when that worker has no free slot (or is stopped).
   */
  eagerStart?: boolean;
  conversations: ConversationStore;
  config: Pick<Config, 'temporal' | 'maxHops' | 'maxAgentRetries' | 'fanOut' | 'localActivities' | 'prices' | 'budget' | 'timezone' | 'defaultNamespace' | 'approvalTimeoutMs' | 'maxBookingHours' | 'bookingHorizonDays' | 'undoWindowMs'>;
  /** Users who may approve anyone's writes (approvers and admins). */
  approvers: string[];
  /** The admins among them: the workflow and the policy tell the two roles apart. */
  admins: string[];
  /** Non-null when no LLM is configured: the 503 names the variables. */
  llmProblem: string | null;
  /** Where workflow notices arrive (adapters/notices.ts): this process's bus by default. */
  notices?: NoticeBus;
  /** A waiting stream or request reads again after this long without a notice (SSE_RECHECK_MS). */
  recheckMs?: number;
  /** How often the turns someone waits on are checked for having closed without a last event (terminated, timed out). */
  closedSweepMs?: number;
}


/**
 * Whether a notice may mean its turn came to rest: it carries no events (the last one is announced
 * without content, and PostgreSQL drops the content of a large notice) or one of them asks for an
 * approval or ends the turn. Progress alone (a decision, an agent's step) needs no read.
 */
const REST_EVENTS: readonly string[] = [EventType.approvalRequired, ...TERMINAL_EVENTS];
const mayBeRest = (n: Notice) => !n.draft && (!n.events?.length || n.events.some((e) => REST_EVENTS.includes(e.type)));

const CLOSED_CHECK_MS = 3000;

function viewFromRecord(r: TurnRecord, pending: Approval[] = []): TurnView {
  return {
    turnId: r.turnId,
    conversationId: r.conversationId,
    status: r.status,
    question: r.question,
    answer: r.answer,
    decisions: r.result?.decisions ?? [],
    sources: r.result?.sources ?? [],
    pendingApprovals: pending,
    receipts: r.result?.receipts ?? [],
    outcomes: r.result?.outcomes ?? [],
    outcomeBlock: r.result?.outcomeBlock ?? '',
    usage: r.result?.usage ?? { total: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, byModel: {}, byAgent: {}, calls: 0 },
    cost: r.result?.cost ?? null,
    stopReason: r.result?.stopReason ?? null,
    hops: r.result?.hops ?? 0,
    error: r.result?.error ?? null,
    startedAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

/**
 * Whether `user` may decide approval `a`: the requester when the policy lets them confirm their own
 * request, else another user holding a role the rule names. A member who may not see it gets 404, as
 * for another user's turn (no existence leak); someone who may see it but not decide it gets 403 with
 * the rule's reason (separation of duties, a room that needs an approver).
 */
function mayDecide(user: AuthUser, a: Approval, approvalId: string, turnId: string): void {
  const rule = a.details.approvers ?? { requester: true, roles: ['approver', 'admin'] as Role[], note: 'the requester, an approver or an admin may approve' };
  const mine = user.userId === a.requestedBy;
  if (!mine && user.role === 'member' && !rule.roles.includes('member')) throw notFound(`approval ${approvalId} of turn ${turnId}`);
  if (!mayApprove(rule, a.requestedBy, user.userId, user.role)) {
    throw new HttpProblem(403, 'approval-forbidden', 'Not yours to approve', mine ? `you asked for this change, so you cannot approve it: ${rule.note}` : rule.note);
  }
}

/**
 * A finished turn's saved log after a stream's cursor. A log rebuilt after its workflow ended unannounced
 * (terminated or timed out mid-step, no worker answering for its log) can hold fewer events than the stream
 * already wrote; its end then follows the cursor, so every stream of the turn still ends on its terminal event.
 */
export function finishedAfter(log: TurnEvent[], after: number): TurnEvent[] {
  const events = log.filter((e) => e.offset > after);
  const end = log.at(-1);
  if (events.length === 0 && end && TERMINAL_EVENTS.includes(end.type) && end.offset < after) return [{ ...end, offset: after + 1 }];
  return events;
}

export function createTurnService(deps: TurnServiceDeps) {
  const { client, conversations, config } = deps;

  const bus = deps.notices ?? processNotices;
  // Streams that rejoin a running turn start from its recent events (adapters/notices.ts).
  bus.keepRecent();
  const recheckMs = deps.recheckMs ?? 60_000;
  const closedWatch = watchClosed(client, bus, deps.closedSweepMs ?? 5000);
  /** Notices about a turn, from before the first read (so none falls between a read and the wait). */
  const subscribe = (turnId: string, opts: { drafts?: boolean } = {}) => {
    closedWatch.ensure();
    return bus.subscribe(workflowIdFor(turnId), opts);
  };
  /** A stream's feed: notices with drafts (streamed answers), and the events and draft so far for one joining mid-turn. */
  const streamFeed = (turnId: string, pushedFromStart?: boolean): StreamFeed => ({
    subscription: subscribe(turnId, { drafts: true }),
    recheckMs,
    ...(pushedFromStart ? { pushedFromStart } : {}),
    currentDraft: () => bus.currentDraft(workflowIdFor(turnId)),
    recent: (after) => bus.recentEvents(workflowIdFor(turnId), after),
  });
  const queryState = (turnId: string, deadline = Date.now() + QUERY_DEADLINE_MS) => queryBy(deadline, client, workflowIdFor(turnId), messages.state);
  const queryEvents = (turnId: string, after: number) => boundedQuery(client, workflowIdFor(turnId), messages.events, { after });

  async function workflowClosed(turnId: string): Promise<{ closed: boolean; status?: string }> {
    try {
      const d = await client.workflow.getHandle(workflowIdFor(turnId)).describe();
      return { closed: d.status.name !== 'RUNNING', status: d.status.name };
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) return { closed: true };
      throw e;
    }
  }

  /** The turn record, or 404 when it does not exist or belongs to someone else. */
  async function ownedTurn(user: AuthUser, turnId: string): Promise<TurnRecord> {
    const r = await conversations.getTurn(turnId);
    if (!r || !canSee(user, r.userId)) throw notFound(`turn ${turnId}`);
    return r;
  }

  /**
   * A turn's record rebuilt from its closed workflow is written only where no finished record is saved: the
   * record the workflow saved itself (its whole log, its outcomes, its checks' notes) wins over one rebuilt from
   * a stale read (a record read before the workflow saved it, then a query that went unanswered: one event).
   */
  const KEEP_SAVED = { keepFinished: true } as const;
  /**
   * A turn whose row is not finished although its workflow has closed: its save ran out of retries, or
   * the workflow was terminated, timed out or is gone. Saved now from what the workflow holds (a
   * completed turn keeps its answer and receipts), or as failed with the reason and the receipts the
   * approvals table holds, and a terminal event so that its streams end. Null while the workflow runs.
   */
  async function reconcile(record: TurnRecord, opts: { queryFailed?: boolean } = {}): Promise<TurnRecord | null> {
    if (FINISHED_TURN_STATUSES.includes(record.status) && record.result) return record;
    const w = await workflowClosed(record.turnId);
    if (!w.closed) return null;
    const turn = { turnId: record.turnId, conversationId: record.conversationId, userId: record.userId, question: record.question, namespace: record.namespace };
    // The log as the workflow holds it; when no worker answers for it (a workflow terminated mid-step may hold
    // its task until the step ends), the events this API saw pushed from the first, so a rebuilt log keeps them.
    const events = async () =>
      record.result?.events ??
      (opts.queryFailed ? null : await queryEvents(record.turnId, -1).catch(() => null)) ??
      ((bus.recentEvents(workflowIdFor(record.turnId), -1) as TurnEvent[] | null) ?? []);
    const ending = (log: TurnEvent[], type: TurnEvent['type'], data: Record<string, unknown>): TurnEvent[] => [
      ...log,
      { offset: (log.at(-1)?.offset ?? -1) + 1, type, at: new Date().toISOString(), data },
    ];
    if (w.status === 'COMPLETED') {
      // The whole state when a worker answers the query; else the workflow's result, which has the
      // answer, receipts and sources (not the entities or the log).
      // (Not asked again when a query just went unanswered: it would wait out the same bound.)
      const state = opts.queryFailed ? null : await queryState(record.turnId).catch(() => null);
      if (state && FINISHED_TURN_STATUSES.includes(state.status)) {
        await conversations.saveTurn(turn, state.status, state.answer ?? '', turnResultOf(state, { error: state.error, events: state.events, withOutcomes: Boolean(state.outcomeBlock || state.outcomes.length) }), KEEP_SAVED);
        return conversations.getTurn(record.turnId);
      }
      const view = await client.workflow.getHandle(workflowIdFor(record.turnId)).result().catch(() => null) as TurnView | null;
      if (view && FINISHED_TURN_STATUSES.includes(view.status)) {
        const { status, answer, receipts, outcomes, outcomeBlock, decisions, sources, usage, cost, stopReason, hops, error } = view;
        const log = await events();
        const done = log.some((e) => TERMINAL_EVENTS.includes(e.type)) ? log : ending(log, status === 'completed' ? 'turn.completed' : 'turn.failed', { status, answer, receipts });
        await conversations.saveTurn(turn, status, answer ?? '', { decisions, sources, entities: [], receipts, outcomes, outcomeBlock, usage, cost: cost ?? undefined, stopReason, hops, error, events: done }, KEEP_SAVED);
        return conversations.getTurn(record.turnId);
      }
    }
    // Terminated, timed out, failed or gone: failed, with the reason and what the approvals table says was committed.
    const approvals = await conversations.listApprovals({ status: null, requestedBy: null, turnId: record.turnId });
    const receipts = approvals.flatMap((a) => (a.outcome?.outcome === 'committed' ? [a.outcome.receipt] : []));
    const how = w.status ? w.status.toLowerCase().replace('_', ' ') : 'removed';
    const error = { type: 'TurnNotFinished', message: `the turn's workflow was ${how} before it finished` };
    // In the question's language, as the turn itself would have said it.
    const committed = turnOutcomes(approvals, []).filter((o) => o.kind === 'committed');
    const lang = detectLanguage(record.question, LATEST_DETECTION);
    const answer = failedTurnAnswer(error.message, committed, lang, config.timezone, 'unfinished', failedWriting(lang));
    await conversations.saveTurn(turn, 'failed', answer, {
      decisions: [],
      sources: [],
      entities: [],
      receipts,
      usage: { total: zeroUsage(), byModel: {}, byAgent: {}, calls: 0 },
      stopReason: null,
      hops: 0,
      error,
      events: ending(await events(), 'turn.failed', { status: 'failed', answer, error, receipts }),
    }, KEEP_SAVED);
    return conversations.getTurn(record.turnId);
  }
  // Streams and polls of a turn whose workflow may have been terminated ask the server this often.
  const lastClosedCheck = new Map<string, number>();
  function closedCheckDue(turnId: string): boolean {
    const now = Date.now();
    const last = lastClosedCheck.get(turnId);
    if (last !== undefined && now - last < CLOSED_CHECK_MS) return false;
    if (lastClosedCheck.size > 10_000) lastClosedCheck.clear();
    lastClosedCheck.set(turnId, now);
    // The first sight of a turn starts the clock: a turn just started is running.
    return last !== undefined;
  }

  return {
    ownedTurn,

    /**
     * Starts a turn; with `opts.feed`, also the feed of its events, and with `opts.watch` a subscription
     * to its notices for `waitForRest`: either subscribed before the workflow starts (nothing is missed).
     */
    async start(
      user: AuthUser,
      body: { question: string; conversationId?: string; namespace?: string },
      opts: { feed?: boolean; watch?: boolean } = {},
    ): Promise<{ turnId: string; conversationId: string; feed?: StreamFeed; watch?: Subscription }> {
      if (deps.llmProblem) throw new HttpProblem(503, 'llm-not-configured', 'LLM not configured', deps.llmProblem);
      const turnId = crypto.randomUUID();
      const conversationId = body.conversationId ?? crypto.randomUUID();
      const namespace = body.namespace ?? config.defaultNamespace;
      requireNamespace(user, namespace);
      const begin = () => conversations.beginTurn({ turnId, conversationId, userId: user.userId, question: body.question, namespace });
      let r = await begin();
      if (!r.ok && r.reason === 'busy') {
        // A lock held by a turn whose workflow closed (its save failed, or it was terminated) would
        // block the conversation forever: the turn is saved from its workflow, which frees it.
        const active = await conversations.getTurn(r.activeTurnId);
        const done = active ? await reconcile(active) : null;
        if (!active) await conversations.releaseLock(conversationId, r.activeTurnId, 'failed');
        if (!active || done) r = await begin();
      }
      if (!r.ok) {
        if (r.reason === 'not_found') throw notFound(`conversation ${conversationId}`);
        throw new HttpProblem(409, 'conversation-busy', 'Conversation busy', `turn ${r.activeTurnId} of this conversation is still running; one turn at a time`, {
          activeTurnId: r.activeTurnId,
        });
      }
      const input: TurnInput = {
        turnId,
        conversationId,
        userId: user.userId,
        question: body.question,
        namespace,
        settings: {
          maxHops: config.maxHops,
          maxAgentRetries: config.maxAgentRetries,
          timezone: config.timezone,
          approvalTimeoutMs: config.approvalTimeoutMs,
          maxBookingHours: config.maxBookingHours,
          bookingHorizonDays: config.bookingHorizonDays,
          localActivities: config.localActivities,
          prices: config.prices,
          maxTurnCostUsd: config.budget.maxCostUsd,
          maxTurnTokens: config.budget.maxTokens,
          maxToolCallsPerStep: config.fanOut.maxToolCallsPerStep,
          maxAgentCallsPerDecision: config.fanOut.maxAgentCallsPerDecision,
        },
        approvers: deps.approvers,
        // Who is asking comes from the API key, never from the request body.
        caller: { userId: user.userId, displayName: user.displayName, role: user.role },
        admins: deps.admins,
      };
      const feed: StreamFeed | undefined = opts.feed ? streamFeed(turnId, true) : undefined;
      const watch = opts.watch ? subscribe(turnId) : undefined;
      try {
        const handle = await client.workflow.start<typeof turnWorkflow>('turnWorkflow', {
          workflowId: workflowIdFor(turnId),
          taskQueue: config.temporal.taskQueue,
          args: [input],
          typedSearchAttributes: [
            { key: ConversationIdKey, value: conversationId },
            { key: UserIdKey, value: user.userId },
            { key: TurnStatusKey, value: 'running' },
          ],
          staticSummary: `Turn: ${body.question.slice(0, 80)}`,
          ...(deps.eagerStart ? { requestEagerStart: true } : {}),
        });
        metrics.turnsStarted.inc({ dispatch: handle.eagerlyStarted ? 'eager' : 'server' });
      } catch (e) {
        feed?.subscription.close();
        watch?.close();
        await conversations.releaseLock(conversationId, turnId, 'failed');
        throw unavailable('temporal-unavailable', 'Workflow service unavailable', 'the turn could not be started: the workflow service did not answer; nothing was started, try again', e);
      }
      return { turnId, conversationId, ...(feed ? { feed } : {}), ...(watch ? { watch } : {}) };
    },

    /**
     * The turn as it is now: the saved result once finished, else the live workflow state. `query: false`:
     * from the tables alone (a query waits for the workflow task in progress, which with local model
     * calls can run to the turn's end).
     */
    async view(user: AuthUser, turnId: string, opts: { query?: boolean; deadline?: number } = {}): Promise<TurnView> {
      const record = await ownedTurn(user, turnId);
      if (FINISHED_TURN_STATUSES.includes(record.status) && record.result) return viewFromRecord(record);
      let live: TurnView | null = null;
      try {
        if (opts.query !== false) live = turnView(await queryState(turnId, opts.deadline));
      } catch {
        // No worker answered in time (restarting, replaying), or the workflow is gone: see below.
      }
      // Finished in the workflow but not in its row (the save failed), or terminated (its state still
      // says running; asked every few seconds): save it now.
      if (!live || FINISHED_TURN_STATUSES.includes(live.status) || closedCheckDue(turnId)) {
        const saved = await reconcile(record, { queryFailed: !live }).catch(() => null);
        if (saved && FINISHED_TURN_STATUSES.includes(saved.status) && saved.result) return viewFromRecord(saved);
      }
      // The tables hold the same facts while no worker answers.
      return live ?? viewFromRecord(record, await conversations.listApprovals({ status: 'pending', requestedBy: null, turnId }));
    },

    /**
     * Waits until the turn completes, fails or pauses for approval, or `timeoutMs` passes. `started`: the
     * subscription `start` took for a turn it has just started (`opts.watch`), which is running: the first
     * read waits for a notice that may mean the turn came to rest (its end, a pause for approval, or a
     * notice without its events), so a turn that runs through costs one read of its saved record, and
     * no query. Without it, it reads at once. Once `timeoutMs` has passed it reads the tables only.
     */
    async waitForRest(user: AuthUser, turnId: string, timeoutMs: number, started?: Subscription): Promise<{ view: TurnView; settled: boolean }> {
      const deadline = Date.now() + timeoutMs;
      const changes = started ?? subscribe(turnId);
      let read = !started;
      try {
        for (;;) {
          const left = () => Math.max(0, deadline - Date.now());
          if (read) {
            // Past the bound the tables answer, so the bound holds: a query would wait for the task in progress.
            const late = left() === 0;
            // A query before it is bounded by it too: one answered only when the task in progress ends (a long model call) would outlast it.
            const view = await this.view(user, turnId, { query: !late, deadline });
            if (view.status !== 'running') return { view, settled: true };
            if (left() === 0) return { view, settled: false };
          }
          // Read again when the workflow announces an event (a pause for approval, the end), not on a timer.
          const came = await changes.wait(Math.min(recheckMs, left()));
          const { notices, woken } = changes.drain();
          // Nothing came in time (a notice lost, a worker elsewhere), or the deadline: read.
          read = !came || left() === 0 || (woken && notices.length === 0) || notices.some(mayBeRest);
        }
      } finally {
        changes.close();
      }
    },

    /** What a stream of this turn waits on between reads (api/sse.ts). */
    feed(turnId: string): StreamFeed {
      return streamFeed(turnId);
    },

    /**
     * Sends the `approval` signal for a pending approval, after the API's own checks (404 unknown, 403 not
     * allowed, 409 resolved or expired), then waits briefly for the workflow to act on it: resolved (and,
     * when approved, committed) or ignored. The workflow re-checks everything itself.
     */
    /**
     * Sends a human decision as the `approval` signal. Checked first against the approvals table (the
     * workflow writes each approval there when it is requested and again once it is resolved), so a
     * decision needs no worker and no query, whose replays are what a busy worker can least afford; the
     * workflow re-checks the signal itself. Then the table is polled for the outcome for up to 10 s.
     */
    async decideApproval(user: AuthUser, turnId: string, approvalId: string, body: { decision: 'approve' | 'reject'; comment?: string }) {
      const record = await conversations.getTurn(turnId);
      if (!record) throw notFound(`turn ${turnId}`);
      let a: Approval | undefined = (await conversations.getApproval(approvalId)) ?? undefined;
      if (a && a.turnId !== turnId) a = undefined;
      if (!a) {
        // Just requested: the event can reach a client before the row is written. Ask the workflow.
        const s = await queryState(turnId).catch(() => null);
        a = s?.approvals.find((x) => x.approvalId === approvalId);
        if (!a && !s && FINISHED_TURN_STATUSES.includes(record.status) === false) {
          throw new HttpProblem(503, 'turn-unavailable', 'Turn not answering', 'no worker answered for this turn just now (restarting?); nothing was decided, try again', {}, { 'Retry-After': '5' });
        }
      }
      if (!a) throw notFound(`approval ${approvalId} of turn ${turnId}`);
      mayDecide(user, a, approvalId, turnId);
      if (a.status !== 'pending') throw new HttpProblem(409, 'approval-resolved', 'Approval already resolved', `approval ${approvalId} is already ${a.status}`, { approval: a });
      if (Date.now() >= Date.parse(a.expiresAt)) throw new HttpProblem(409, 'approval-expired', 'Approval expired', `approval ${approvalId} expired at ${a.expiresAt}`, { approval: a });
      // Subscribed before the signal: the workflow's save of the decision announces itself (saveApproval).
      const changes = subscribe(turnId);
      try {
        await client.workflow.getHandle(workflowIdFor(turnId)).signal(messages.approval, { approvalId, decision: body.decision, userId: user.userId, ...(body.comment ? { comment: body.comment } : {}) });
      } catch (e) {
        changes.close();
        if (e instanceof WorkflowNotFoundError) throw new HttpProblem(409, 'approval-resolved', 'Turn finished', `turn ${turnId} has finished; approval ${approvalId} can no longer be decided`, { approval: a });
        throw unavailable('temporal-unavailable', 'Workflow service unavailable', 'the decision was not sent: the workflow service did not answer; nothing was decided, try again', e, { approval: a });
      }
      // The decision is sent: from here on nothing may turn into an error unless the workflow refused it,
      // or a client would retry a decision that was taken. Not settled within 10 s: 202.
      const deadline = Date.now() + 10_000;
      try {
        for (;;) {
          const row = await conversations.getApproval(approvalId).catch(() => null);
          if (row && row.status !== 'pending') {
            // Someone else's decision reached the workflow first, or it expired: ours was ignored.
            const ours = row.resolvedBy === user.userId && row.status === (body.decision === 'approve' ? 'approved' : 'rejected');
            if (!ours) throw new HttpProblem(409, 'approval-ignored', 'Approval not accepted', `the turn did not accept it: already ${row.status}${row.resolvedBy ? ` by ${row.resolvedBy}` : ''}`, { approval: row });
            return { settled: true, approval: row };
          }
          if (Date.now() >= deadline) return { settled: false, approval: { ...a, ...(row ?? {}) } };
          await changes.wait(Math.max(0, deadline - Date.now()));
          changes.take();
        }
      } finally {
        changes.close();
      }
    },

    /**
     * Undoes a committed write for its requester, within UNDO_WINDOW, as the undo workflow (id
     * `undo-<approvalId>`: a second click joins the first). Another member's write answers 404, like
     * their turn; an approver or admin who can see it but did not ask for it gets 403.
     */
    async undo(user: AuthUser, turnId: string, approvalId: string) {
      const a = await conversations.getApproval(approvalId);
      if (!a || a.turnId !== turnId || !(canSee(user, a.requestedBy) || user.role === 'approver')) throw notFound(`approval ${approvalId} of turn ${turnId}`);
      if (a.requestedBy !== user.userId) throw new HttpProblem(403, 'undo-forbidden', 'Not yours to undo', `only ${a.requestedBy}, who asked for this change, can undo it`);
      if (a.outcome?.outcome !== 'committed') {
        throw new HttpProblem(409, 'nothing-to-undo', 'Nothing to undo', `approval ${approvalId} is ${a.status}${a.outcome ? ` (${a.outcome.outcome})` : ''}: nothing was written, so there is nothing to undo`, { approval: a });
      }
      const input: UndoInput = { turnId, approvalId, actor: { userId: user.userId, displayName: user.displayName, role: user.role }, windowMs: config.undoWindowMs, timezone: config.timezone };
      let outcome: UndoOutcome;
      try {
        const handle = await client.workflow.start<typeof undoWorkflow>('undoWorkflow', {
          workflowId: `undo-${approvalId}`,
          taskQueue: config.temporal.taskQueue,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
          staticSummary: `Undo ${approvalId}`,
        });
        outcome = await handle.result();
      } catch (e) {
        throw unavailable('temporal-unavailable', 'Workflow service unavailable', 'the undo did not run: the workflow service did not answer; nothing was changed, try again', e);
      }
      if (outcome.outcome === 'undone') return outcome;
      if (outcome.outcome === 'conflict') throw new HttpProblem(409, 'undo-conflict', 'Undo conflicts', outcome.message, { conflicts: outcome.conflicts, nearestFreeSlots: outcome.suggestions });
      const status = { not_found: 404, not_requester: 403, policy: 403, window: 409, stale: 409 }[outcome.reason];
      const type = { not_found: 'not-found', not_requester: 'undo-forbidden', policy: 'policy-refused', window: 'undo-window-closed', stale: 'booking-changed' }[outcome.reason];
      throw new HttpProblem(status, type, 'Undo refused', outcome.message, { reason: outcome.reason });
    },

    /** Approvals the caller may act on or see: their own, or everyone's for approvers and admins. */
    listApprovals(user: AuthUser, status: ApprovalStatus | null): Promise<Approval[]> {
      return conversations.listApprovals({ status, requestedBy: user.role === 'member' ? user.userId : null });
    },

    /** Events after `after`, and whether the log has ended (terminal event included). */
    async eventsAfter(record: TurnRecord, after: number): Promise<{ events: TurnEvent[]; done: boolean }> {
      let events: TurnEvent[];
      const saved = record.result?.events;
      if (saved && FINISHED_TURN_STATUSES.includes(record.status)) events = finishedAfter(saved, after);
      else {
        try {
          events = await queryEvents(record.turnId, after);
        } catch (e) {
          // Finished since the record was read: the saved log is complete.
          let fresh = await conversations.getTurn(record.turnId);
          if (fresh && !(fresh.result && FINISHED_TURN_STATUSES.includes(fresh.status))) fresh = await reconcile(fresh).catch(() => null);
          if (fresh?.result && FINISHED_TURN_STATUSES.includes(fresh.status)) events = finishedAfter(fresh.result.events, after);
          else throw e;
        }
      }
      if (events.some((e) => TERMINAL_EVENTS.includes(e.type))) return { events, done: true };
      if (events.length === 0 && !saved) {
        // Saved as finished: the saved log has whatever the stream has not written yet. The turn saves itself
        // before its workflow appends the terminal event, so a query in between answers nothing new while the
        // saved log already ends with it; a stream resumed after the terminal event gets nothing.
        const fresh = await conversations.getTurn(record.turnId);
        if (fresh && FINISHED_TURN_STATUSES.includes(fresh.status)) return { events: finishedAfter(fresh.result?.events ?? [], after), done: true };
        // A workflow terminated or timed out never writes its terminal event: every few seconds of
        // silence, ask the server whether it still runs, and end the stream with the saved failure.
        if (closedCheckDue(record.turnId)) {
          const done = fresh ? await reconcile(fresh).catch(() => null) : null;
          if (done?.result) {
            lastClosedCheck.delete(record.turnId);
            return { events: finishedAfter(done.result.events, after), done: true };
          }
        }
      }
      return { events, done: Boolean(saved && FINISHED_TURN_STATUSES.includes(record.status)) };
    },
  };
}

export type TurnService = ReturnType<typeof createTurnService>;
