/**
 * A streamed answer's side channel: the pieces of text a model call writes, published as draft notices
 * on the notice bus (adapters/notices.ts: in-process, and NOTIFY with PostgreSQL), never in workflow
 * history. The completed text stays the activity's result, so history holds it once.
 *
 * The first piece goes out at once (time to first token); later ones are gathered for `coalesceMs`, so
 * a fast model costs a few notices a second, not one per token. A draft is one call attempt: a retried
 * call publishes under a new id, and a reset (tool calls, a claim only the checks may let through, a
 * failure) abandons it; what follows a reset is a new draft.
 */
import type { DraftNotice, NoticeBus } from '../adapters/notices.js';
import { draftHeld } from '../domain/guard.js';
import { contradictedSentences, sentencesOf, type PolarityIndex } from '../domain/polarity.js';
import { unspokenWords, type TopicIndex } from '../domain/unspoken.js';

export interface DraftWriter {
  /** The next piece of visible text. */
  text(delta: string): void;
  /** Abandons what was shown (if anything was), saying why; later text starts a new draft. */
  reset(reason: string): void;
  /** Sends what is gathered and stops the timer. */
  close(): void;
}

/** Where the draft's last finished sentence ends, looking from `from` on (`from` while none has since): after a full stop and a space, or "。！？". */
function finishedUpTo(text: string, from: number): number {
  let end = from;
  for (const m of text.slice(from).matchAll(/[.!?](?=\s)|[。！？]/gu)) end = from + m.index + m[0].length;
  return end;
}

/** A notice carries at most this much text (PostgreSQL's NOTIFY payload is under 8,000 bytes). */
const MAX_PIECE_CHARS = 1500;
/** A draft longer than this stops growing on the stream; the final answer still comes whole. */
export const MAX_DRAFT_CHARS = 32_000;

export function draftWriter(
  bus: NoticeBus,
  o: {
    workflowId: string;
    draftId: string;
    hop: number;
    coalesceMs?: number;
    /** The figures of the passages retrieved (`knownFigures`): a draft stating another is held. */
    sourceFigures?: ReadonlySet<string>;
    /** The passages retrieved, read for `contradictedSentences`: a draft whose finished sentence says one the other way round is held. */
    polarity?: PolarityIndex;
    /** The passages' words, read for `unspokenWords`: a draft whose finished sentence speaks of what none of them mentions is held. */
    topics?: TopicIndex;
  },
): DraftWriter {
  const coalesceMs = o.coalesceMs ?? 25;
  let n = 0;
  let id = o.draftId;
  let text = '';
  let sent = 0;
  let held = false;
  let timer: NodeJS.Timeout | null = null;
  // How far the draft's finished sentences have been held against the passages (each is read once).
  let read = 0;
  const saysOtherwise = () => {
    if (!o.polarity && !o.topics) return null;
    const end = finishedUpTo(text, read);
    if (end <= read) return null;
    const finished = text.slice(read, end);
    read = end;
    if (o.polarity && contradictedSentences(finished, o.polarity).length) return 'says what the documents retrieved say otherwise; shown once checked';
    const { topics } = o;
    if (topics && sentencesOf(finished).some((s) => unspokenWords(s, topics, { draft: true }).length)) return 'speaks of what the documents retrieved do not mention; shown once checked';
    return null;
  };
  const publish = (draft: DraftNotice) => bus.publish({ workflowId: o.workflowId, last: -1, draft });
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (held) return;
    while (sent < text.length) {
      // Split at a UTF-16 pair's start, never between its halves.
      let end = Math.min(text.length, sent + MAX_PIECE_CHARS);
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
      publish({ id, hop: o.hop, from: sent, text: text.slice(sent, end) });
      sent = end;
    }
  };
  const reset = (reason: string) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (sent > 0) publish({ id, hop: o.hop, reset: reason });
    n += 1;
    id = `${o.draftId}.${n}`;
    text = '';
    sent = 0;
    read = 0;
  };
  // The draft starts: a stream showing an earlier one (an answer the checks sent back, a killed attempt) resets it now.
  publish({ id, hop: o.hop });
  return {
    text(delta) {
      if (held || text.length >= MAX_DRAFT_CHARS) return;
      text += delta.slice(0, MAX_DRAFT_CHARS - text.length);
      const why = draftHeld(text, o.sourceFigures) ?? saysOtherwise();
      if (why) {
        // Nothing more of this reply is shown: the finished answer comes after the checks.
        reset(why);
        held = true;
        return;
      }
      if (sent === 0) flush();
      else timer ??= setTimeout(flush, coalesceMs);
    },
    reset(reason) {
      reset(reason);
      held = false;
    },
    close: flush,
  };
}
