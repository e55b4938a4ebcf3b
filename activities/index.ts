/**
 * The turn's side effects, built by `createActivities(deps)`: the worker builds the clients and stores
 * once and injects them (tests inject other real stores the same way). Each activity is a thin function
 * over an adapter; failures carry a type from domain/failures.ts that decides retry or not.
 */
import crypto from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { notices } from '../adapters/notices.js';
import { AGENT_NAMES, toolDefinitionsOf, type AgentName } from '../domain/agents.js';
import { FailureType } from '../domain/failures.js';
import type { Approval, ChatMessage, ConversationContext, DecideInput, Decision, Entity, Receipt, SavedTurn, Source, TurnResult, TurnStatus } from '../domain/types.js';
import type { Booking, BookingStore } from '../adapters/booking-store.js';
import { DEFAULT_POLICY, owns, type Actor, type BookingPolicy } from '../domain/policy.js';
import type { ConversationStore, TurnIdentity } from '../adapters/conversation-store.js';
import type { Embedder } from '../adapters/embedding.js';
import type { KnowledgeStore } from '../adapters/knowledge-store.js';
import type { ChatResult, ModelClient, ToolDefinition } from '../adapters/llm.js';
import { parseToolArgs, storeRejected, withHeartbeat } from './support.js';
import type { Db } from '../adapters/db.js';
import { decide } from './decide.js';
import { retrievePassages } from './search.js';
import { draftWriter, type DraftWriter } from './drafts.js';
import { answersFromDocuments } from '../domain/guard.js';
import { detectLanguage, LATEST_DETECTION } from '../domain/outcomes.js';
import { readsAll, type VerifyAsked, type VerifyResult } from '../domain/answer-words.js';
import { readAnswerWords } from './words-reader.js';
import { CLAIMS_JSON_SCHEMA, CLAIMS_SCHEMA_NAME, knownFigures, parseClaims, passageIds, verifierMessages, withUnsourcedFigures } from '../domain/verify.js';
import { polarityIndex, withContradictions, type PolarityIndex } from '../domain/polarity.js';
import { documentsLanguage, topicIndex, withUnspoken, type TopicIndex } from '../domain/unspoken.js';
import { passageTexts } from '../adapters/fulltext.js';
import type { ModelCallUsage } from '../domain/types.js';
import { observeApproval, observeModelCall, observeTurn } from '../adapters/metrics.js';
import { createIngestionActivities } from './ingestion.js';
import { approvalAuditRows, createWriteActivities } from './writes.js';
import type { CalendarRead, RoomTime } from '../domain/calendar.js';

export { approvalAuditRows };

export interface ActivityDeps {
  db: Db;
  /** Passages scoring below this are not relevant to the question. */
  kbMinScore: number;
  /** KB_TEXT_WEIGHT: full-text coverage's weight in a passage's relevance. */
  kbTextWeight: number;
  /** KB_TEXT_SEARCH_CONFIG: the language a new namespace's full-text index uses. */
  kbTextSearchConfig?: string;
  orchestratorModel: ModelClient;
  agentModel: ModelClient;
  /** Checks answers' outcome claims (VERIFIER_MODEL); the agent model when absent. */
  verifierModel?: ModelClient;
  embedder: Embedder;
  knowledge: KnowledgeStore;
  bookings: BookingStore;
  conversations: ConversationStore;
  /** The bound on a PDF's decompressed size (INGESTION_MAX_INFLATED_BYTES). */
  maxInflatedBytes?: number;
  /** How long one PDF may take to parse (INGESTION_PARSE_TIMEOUT). */
  parseTimeoutMs?: number;
  /** How long reading an answer's words may take (ANSWER_WORDS_TIMEOUT; activities/words-reader.ts's default). */
  answerWordsTimeoutMs?: number;
  /** How long an upload no document uses is kept (UPLOAD_RETENTION). */
  uploadRetentionMs?: number;
  /** Who may do what to which booking (BOOKING_POLICY_FILE); the default when absent. */
  policy?: BookingPolicy;
  /** Stream the orchestrator's answers as drafts (STREAM_ANSWERS; default on): activities/drafts.ts. */
  streamAnswers?: boolean;
}

/** What a tool returns to its agent: `content` for the model, structured bits for the turn. */
export interface ToolResult {
  ok: boolean;
  content: string;
  sources: Source[];
  entities: Entity[];
  receipts?: Receipt[];
  /** What a booking read found of rooms' times, for judging the answer's claims (never shown to the model). */
  calendar?: CalendarRead;
}

const MAX_TOOL_CONTENT = 8000;
const toolResult = (ok: boolean, payload: unknown, extra: Partial<ToolResult> = {}): ToolResult => {
  const content = JSON.stringify(payload);
  return { ok, content: content.length > MAX_TOOL_CONTENT ? `${content.slice(0, MAX_TOOL_CONTENT)}…(truncated)` : content, sources: [], entities: [], ...extra };
};

const DAY_MS = 24 * 3600_000;
/** How many bookings a listing returns (the store's default limit): a listing that long may be cut off. */
const LISTING_LIMIT = 50;
/** The stretches of [from, to) that none of a room's `bookings` occupies, as free times of that room. */
function freeBetween(bookings: Booking[], room: { id: string; name: string }, from: string, to: string): RoomTime[] {
  const out: RoomTime[] = [];
  const free = (start: number, end: number) => out.push({ roomId: room.id, roomName: room.name, start: new Date(start).toISOString(), end: new Date(end).toISOString(), state: 'free' });
  let at = Date.parse(from);
  for (const b of [...bookings].sort((x, y) => Date.parse(x.startsAt) - Date.parse(y.startsAt))) {
    if (Date.parse(b.startsAt) > at) free(at, Date.parse(b.startsAt));
    at = Math.max(at, Date.parse(b.endsAt));
  }
  if (at < Date.parse(to)) free(at, Date.parse(to));
  return out;
}
/** The bookings a read found in [from, to), and the free time around them. */
const aroundBookings = (bookings: Booking[], room: { id: string; name: string }, from: Date, to: Date): RoomTime[] => [
  ...bookings.map(bookedTime),
  ...freeBetween(bookings, room, from.toISOString(), to.toISOString()),
];
/** How many bookings a check of more than a day records: its reads are kept in the turn's history. */
const WIDE_LIMIT = 40;
/** A stretch read in a range of more than a day (RoomTime.wide). */
const wide = (t: RoomTime): RoomTime => ({ ...t, wide: true });
/** A booking read as the stretch of its room's time it occupies. */
const bookedTime = (b: Booking): RoomTime => ({
  roomId: b.roomId,
  roomName: b.roomName,
  start: b.startsAt,
  end: b.endsAt,
  state: 'booked',
  bookingId: b.id,
  bookedFor: b.bookedFor,
  ...(b.title.trim() ? { title: b.title.trim() } : {}),
});

const agentToolDefinitions = Object.fromEntries(AGENT_NAMES.map((a) => [a, toolDefinitionsOf(a)])) as Record<AgentName, ToolDefinition[]>;

/** Store calls: a failure is retried by Temporal (typed), never shown raw to a model. */
async function storeCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApplicationFailure) throw e;
    const message = `${what} failed: ${(e as Error).message}`;
    throw storeRejected(e, message) ?? ApplicationFailure.create({ message, type: FailureType.storeUnavailable });
  }
}

const MAX_RANGE_MS = 93 * 24 * 3600 * 1000;

/**
 * A booking as a tool shows it to `caller`: members see the id (and who asked, who approved) only of
 * their own bookings, since the id is what a change or cancellation names. `mine` marks theirs.
 */
function visibleBooking(b: Booking, caller: Actor | undefined) {
  const mine = caller ? owns(caller, b) : false;
  if (!caller || caller.role !== 'member' || mine) return { ...b, mine };
  return { roomId: b.roomId, roomName: b.roomName, startsAt: b.startsAt, endsAt: b.endsAt, bookedFor: b.bookedFor, title: b.title, status: b.status, mine };
}
const bookingEntities = (list: Booking[], caller: Actor | undefined) =>
  list
    .filter((b) => !caller || caller.role !== 'member' || owns(caller, b))
    .map((b) => ({ kind: 'booking' as const, id: b.id, label: `${b.roomName} ${b.startsAt}–${b.endsAt} for ${b.bookedFor}`, ...(caller ? { mine: owns(caller, b) } : {}) }));


/** A draft writer for this activity attempt's model call (a retry is a new draft). */
function draftFor(hop: number, sourceFigures: ReadonlySet<string>, polarity: PolarityIndex, topics: TopicIndex): DraftWriter | undefined {
  const { info } = Context.current();
  const workflowId = info.workflowExecution?.workflowId;
  // The attempt names a retry; the nonce names a re-run that Temporal counts as the same attempt (a local
  // activity run again after its worker died).
  const draftId = `${info.activityId}.${info.attempt}.${crypto.randomUUID().slice(0, 8)}`;
  return workflowId ? draftWriter(notices, { workflowId, draftId, hop, sourceFigures, polarity, topics }) : undefined;
}

export function createActivities(deps: ActivityDeps) {
  const { bookings } = deps;
  const roomNotFound = async (name: string) =>
    toolResult(false, { error: `no room called "${name}"`, rooms: (await bookings.listRooms({})).map((r) => r.name) });

  const writes = createWriteActivities(bookings, deps.policy ?? DEFAULT_POLICY);
  const ingestion = createIngestionActivities({ db: deps.db, embedder: deps.embedder, knowledge: deps.knowledge, textSearchConfig: deps.kbTextSearchConfig, maxInflatedBytes: deps.maxInflatedBytes, parseTimeoutMs: deps.parseTimeoutMs, uploadRetentionMs: deps.uploadRetentionMs });
  return {
    ...ingestion,

    /** Validates a proposed write for the approver; writes nothing. */
    async prepareWrite(input: Parameters<typeof writes.prepareWrite>[0]) {
      return storeCall('prepare write', () => writes.prepareWrite(input));
    },

    /** Commits an approved write (idempotent per approval). */
    async commitWrite(input: Parameters<typeof writes.commitWrite>[0]) {
      return storeCall('commit write', () => writes.commitWrite(input));
    },

    /** Undoes a committed write for its requester (the undo workflow's one activity). */
    async undoWrite(input: Parameters<typeof writes.undoWrite>[0]) {
      return storeCall('undo write', () => writes.undoWrite(input));
    },

    /** Records an approval for GET /approvals (and the turn's status with it), and in the booking's audit trail. */
    async saveApproval(input: { approval: Approval; conversationId: string; turnStatus: TurnStatus }): Promise<void> {
      await storeCall('save approval', () => deps.conversations.saveApproval(input.approval, input.conversationId, input.turnStatus));
      for (const row of approvalAuditRows(input.approval)) await storeCall('record audit', () => bookings.recordAudit(row));
      observeApproval(input.approval);
      // The row changed: whoever waits on this turn's approvals (a decision's request) reads it now.
      notices.publish({ workflowId: `turn-${input.approval.turnId}`, last: -1 });
    },

    /**
     * One orchestrator decision (the same core the eval grader calls). An answer it writes is streamed as
     * a draft when the turn may stream (STREAM_ANSWERS, and `answersFromDocuments`: an answer from documents); the
     * result is the same.
     */
    async decide(input: DecideInput): Promise<Decision> {
      let draft: DraftWriter | undefined;
      if (deps.streamAnswers !== false && answersFromDocuments(input.hops)) {
        // The passages' figures, what they say and their words, so that a draft stating another figure, saying one of them
        // the other way round or speaking of what none of them mentions, stops before the claim check would hold it back.
        const ids = passageIds([...input.hops.flatMap((h) => h.outputs.flatMap((o) => o.sources)), ...input.context.turns.flatMap((t) => t.sources)]);
        const texts = await storeCall('read passages', () => passageTexts(deps.db, ids));
        draft = draftFor(input.hop, knownFigures(texts), polarityIndex(texts), topicIndex(texts));
      }
      try {
        const d = await withHeartbeat((signal) => decide(deps.orchestratorModel, input, { signal, draft }));
        for (const u of d.usage) observeModelCall(u, 'orchestrator');
        return d;
      } catch (e) {
        draft?.reset('the model call failed; it is retried');
        throw e;
      } finally {
        draft?.close();
      }
    },

    /**
     * Lists the outcome claims an answer makes, with the receipts they rely on (one model call with a
     * strict JSON schema). A reply that is not valid JSON of that schema is returned as not ok, never
     * thrown: the turn then fails closed instead of retrying a model that answers badly.
     */
    async verifyClaims(input: VerifyAsked): Promise<VerifyResult> {
      const model = deps.verifierModel ?? deps.agentModel;
      // The passages' text as it is now (the turn keeps a snippet only), read first: the verifier is told their language,
      // to gloss a policy claim in another into it (`withUnspoken` reads the gloss).
      const texts = input.passages?.length ? await storeCall('read passages', () => passageTexts(deps.db, input.passages!)) : [];
      const topics = topicIndex(texts);
      const language = documentsLanguage(topics);
      const r = await withHeartbeat((signal) =>
        model.chat({ messages: verifierMessages({ ...input, ...(language ? { documentsLanguage: language } : {}) }), jsonSchema: { name: CLAIMS_SCHEMA_NAME, schema: CLAIMS_JSON_SCHEMA }, temperature: 0, signal }),
      );
      observeModelCall(r.usage, 'verifier');
      const parsed = parseClaims(r.content);
      // The answer's words, read here rather than on the workflow thread (domain/answer-words.ts), in a thread of their
      // own (activities/words-reader.ts); only for a reply the turn will judge by, and only where this build reads every
      // reading the turn asks for (else the turn reads them). Words that take too long to read come back unread: the
      // turn then does not show the prose.
      const asked = parsed.ok && input.words && readsAll(input.words) ? input.words : undefined;
      const reading = asked ? await withHeartbeat(() => readAnswerWords(input.answer, asked, deps.answerWordsTimeoutMs)) : undefined;
      const words = !reading ? {} : 'packed' in reading ? { words: reading.packed } : { wordsUnread: reading.unread };
      // A policy claim's figures (in an answer from documents, every figure) are looked for in the
      // passages' text, and what it says held against theirs (`withContradictions`). Not judged when nothing could be
      // looked for: no policy claim, and no answer from documents.
      // An answer from documents is read whole against the passages too: a sentence that says one the other way round.
      if (parsed.ok && (input.everyFigure || parsed.claims.some((c) => c.kind === 'policy')) && input.passages?.length) {
        const lang = detectLanguage(input.answer, LATEST_DETECTION);
        const figured = withUnsourcedFigures(parsed.claims, texts, { lang, ...(input.everyFigure ? { whole: { answer: input.answer, question: input.question } } : {}) });
        const contradicted = withContradictions(figured, texts, { lang, ...(input.everyFigure ? { whole: input.answer } : {}) });
        // And a policy claim the verifier listed that speaks of what no passage does (`withUnspoken`).
        return { parsed: { ok: true, claims: withUnspoken(contradicted, topics) }, usage: [r.usage], ...words };
      }
      return { parsed, usage: [r.usage], ...words };
    },

    /** One sub-agent model call with that agent's tools, at temperature 0. */
    async agentStep(input: { agent: AgentName; messages: ChatMessage[] }): Promise<ChatResult> {
      const r = await withHeartbeat((signal) =>
        deps.agentModel.chat({ messages: input.messages, tools: agentToolDefinitions[input.agent], temperature: 0, signal }),
      );
      observeModelCall(r.usage, input.agent);
      return r;
    },

    async searchKnowledgeBase(input: { namespace: string; args: unknown }): Promise<ToolResult> {
      const args = parseToolArgs('search_knowledge_base', input.args);
      const problem = await storeCall('namespace check', () => ingestion.namespaceProblem(input.namespace));
      if (problem) return toolResult(false, { error: `${problem}: its vectors cannot be compared with this query`, passages: [] });
      // Heartbeats: a worker that dies mid-search is noticed in seconds, not at the 30 s timeout.
      // The query and its alternates, each searched by vector and by full text, passages under KB_MIN_SCORE dropped, fused (activities/search.ts).
      const hits = await withHeartbeat(() =>
        storeCall('knowledge search', () =>
          retrievePassages({ embedder: deps.embedder, knowledge: deps.knowledge, minScore: deps.kbMinScore, textWeight: deps.kbTextWeight }, input.namespace, [args.query, ...(args.alternates ?? [])], args.top_k ?? 5),
        ),
      );
      const sources: Source[] = hits.map((h) => ({
        documentId: h.documentId,
        chunkId: `${h.documentId}:${h.chunkIndex}`,
        fileName: h.fileName,
        page: h.page,
        chunkIndex: h.chunkIndex,
        score: h.score,
        snippet: h.text.slice(0, 300),
      }));
      if (hits.length === 0) return toolResult(true, { passages: [], note: 'nothing relevant in the documents: say the documents do not cover this' });
      return toolResult(true, { passages: hits.map((h, i) => ({ chunkId: sources[i]!.chunkId, file: h.fileName, page: h.page, score: h.score, text: h.text })) }, { sources });
    },

    async listRooms(input: { args: unknown }): Promise<ToolResult> {
      const args = parseToolArgs('list_rooms', input.args);
      const rooms = await storeCall('list rooms', () => bookings.listRooms(args));
      return toolResult(true, { rooms }, { entities: rooms.map((r) => ({ kind: 'room' as const, id: r.id, label: r.name })) });
    },

    async checkAvailability(input: { args: unknown; caller?: Actor }): Promise<ToolResult> {
      const args = parseToolArgs('check_availability', input.args);
      const start = new Date(args.start);
      const end = new Date(args.end);
      if (!(end > start)) return toolResult(false, { error: 'end must be after start' });
      if (end.getTime() - start.getTime() > MAX_RANGE_MS) return toolResult(false, { error: 'the range may span at most 93 days' });
      const room = await storeCall('find room', () => bookings.findRoom(args.room));
      if (!room) return roomNotFound(args.room);
      // Every room's name too, so that an answer naming a room this check did not look at is found.
      const [conflicts, rooms] = await Promise.all([
        storeCall('check availability', () => bookings.conflicts(room.id, start.toISOString(), end.toISOString())),
        storeCall('list rooms', () => bookings.listRooms({})),
      ]);
      const free = conflicts.length
        ? await storeCall('free slots', () => bookings.freeSlots(room.id, start.toISOString(), end.toISOString(), new Date().toISOString()))
        : null;
      return toolResult(
        true,
        {
          room: room.name,
          roomId: room.id,
          start: start.toISOString(),
          end: end.toISOString(),
          available: conflicts.length === 0,
          conflicts: conflicts.map((b) => visibleBooking(b, input.caller)),
          ...(free ? { nearestFreeSlots: [...free.sameRoom, ...free.otherRooms] } : {}),
        },
        {
          entities: [
            { kind: 'room', id: room.id, label: room.name },
            ...bookingEntities(conflicts, input.caller),
          ],
          calendar: {
            // A check says what occupies its range and, around that, what is free (the store returns every
            // booking in it). One of more than a day says it of days a claim's clock time cannot tell
            // apart: it is marked wide (held only against a claim naming its day), and recorded only up
            // to WIDE_LIMIT bookings.
            times: [
              ...(conflicts.length === 0
                ? [{ roomId: room.id, roomName: room.name, start: start.toISOString(), end: end.toISOString(), state: 'free' as const }]
                : end.getTime() - start.getTime() <= DAY_MS
                  ? aroundBookings(conflicts, room, start, end)
                  : conflicts.length <= WIDE_LIMIT
                    ? aroundBookings(conflicts, room, start, end).map(wide)
                    : []),
              ...(free ? [...free.sameRoom, ...free.otherRooms].map((x) => ({ roomId: x.roomId, roomName: x.roomName, start: x.startsAt, end: x.endsAt, state: 'free' as const, offered: true as const })) : []),
            ],
            rooms: rooms.map((r) => r.name),
          },
        },
      );
    },

    /** Bookings as `caller` may see them; `mine` lists the caller's own (absent caller: a turn from before identities). */
    async listBookings(input: { args: unknown; caller?: Actor }): Promise<ToolResult> {
      const args = parseToolArgs('list_bookings', input.args);
      if (args.mine && !input.caller) return toolResult(false, { error: 'who is asking is not known in this turn; ask for the name instead' });
      let roomId: string | undefined;
      let roomName: string | undefined;
      if (args.room) {
        const room = await storeCall('find room', () => bookings.findRoom(args.room!));
        if (!room) return roomNotFound(args.room);
        roomId = room.id;
        roomName = room.name;
      }
      const list = await storeCall('list bookings', () =>
        bookings.listBookings({
          roomId,
          from: args.from ? new Date(args.from).toISOString() : undefined,
          to: args.to ? new Date(args.to).toISOString() : undefined,
          bookedFor: args.bookedFor,
          ...(args.mine && input.caller ? { owner: input.caller } : {}),
        }),
      );
      // A listing says what occupies each room in its range; one of a room, of everyone's bookings and
      // not cut off, says too that the rest of its range is free. One of more than a day (or with no
      // end) says it of days a claim's clock time cannot tell apart: its stretches are marked wide.
      const bounded = Boolean(args.from && args.to);
      const day = bounded && new Date(args.to!).getTime() - new Date(args.from!).getTime() <= DAY_MS;
      const whole = bounded && roomId && !args.mine && !args.bookedFor && list.length < LISTING_LIMIT;
      const read = whole ? aroundBookings(list, { id: roomId!, name: roomName! }, new Date(args.from!), new Date(args.to!)) : list.map(bookedTime);
      const times = day ? read : read.map(wide);
      return toolResult(true, { bookings: list.map((b) => visibleBooking(b, input.caller)) }, { entities: bookingEntities(list, input.caller), ...(times.length ? { calendar: { times, rooms: [] } } : {}) });
    },

    async loadContext(input: { conversationId: string; turnId: string }): Promise<ConversationContext> {
      return storeCall('load context', () => deps.conversations.loadContext(input.conversationId, input.turnId));
    },

    /**
     * Records the turn's outcome (idempotent: a retry writes the same row again). With `keepSaved` (the
     * record run as a local activity, workflows/turn.ts), a turn already saved as finished keeps its row,
     * which comes back: a run that repeated its steps after a crash adopts what was saved, and maybe seen.
     */
    async persistTurn(input: { turn: TurnIdentity; status: TurnStatus; answer: string | null; result: TurnResult; keepSaved?: boolean }): Promise<SavedTurn | undefined> {
      const kept = await storeCall('persist turn', () => deps.conversations.saveTurn(input.turn, input.status, input.answer, input.result, { keepFinished: input.keepSaved === true }));
      if (kept) return { status: kept.status, answer: kept.answer, result: kept.result! };
      // Counted once saved: a retry only follows a failed save, and a kept row was counted when it was written.
      observeTurn(input.status, input.result);
      return undefined;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
