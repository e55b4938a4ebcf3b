/**
 * The answer's words, read where a slow reading cannot take the worker down.
 *
 * The answer check reads an answer's words with a few hundred large patterns (domain/claim-words.ts,
 * domain/undone-words.ts): up to `READ_CHARS` characters, 20–30 ms for an ordinary answer, up to a second or
 * more for 20,000 characters of a hostile shape, several times that on a loaded machine. On the workflow thread
 * that ran under the SDK's 5 s limit per activation, and an activation that runs past it does not only fail its
 * task: in a thread with async hooks (every workflow thread) the `vm` timeout that ends it can abort the whole
 * worker process (docs/performance.md, "What the limit costs when it is hit"). So a turn asks the verifier's
 * activity to read them (`WordsAsked`, sent with the answer), which returns every list of claims the turn's
 * patches may pick from (`WordsFound`, packed), and the workflow picks as before; no pattern of words runs on
 * the workflow thread, and a replay reads what was recorded. A turn recorded before, or whose verifier ran on a
 * worker that does not read them, reads them on the workflow thread as it did (`readWords`, the same function).
 *
 * What is read is pure data in and out, so either place gives the same lists: the claims of the answer's words
 * under each patch (`claimsByPatch`), with its number marks read (`numberMarksRead`) where that changes the text;
 * those of a turn that read no times but wrote (`writes`: rooms' states too); the readings after a write not done
 * in the chain the turn asks for (`undoneEchoesRead`); those of a write the question asked for and the turn
 * never tried (`undoneEchoes`); and who it says holds a stretch read booked for someone else (`wrongHolders`).
 */
import { claimsByPatch, numberMarksRead, type ClaimsByPatch } from './claim-words.js';
import { ECHO_READINGS, readingsChain, undoneEchoes, undoneEchoesRead, type EchoOptions, type EchoReading, type UndoneWrite } from './undone-words.js';
import { wrongHolders, type HoldersAsked } from './holder-words.js';
import { holdingsSaid } from './holding-words.js';
import type { ModelCallUsage } from './types.js';
import type { Claim, ParsedClaims, VerifyInput } from './verify.js';

/** What a turn asks of its answer's words: all of it data, so an activity can read them. */
export interface WordsAsked {
  /** The rooms the conversation has seen by name. */
  names: string[];
  /** Rooms said free or booked are read (the turn read times). */
  states: boolean;
  /** The answer is from documents alone. */
  documents: boolean;
  /** The turn read bookings (times, or a listing): "your booking … is confirmed" may be a status. */
  read: boolean;
  /** Rooms' states are read in more words too (`byPatch.stateWords`, the state-words patch): asked where `states` is. */
  moreStates?: boolean;
  /** The turn read no times but wrote (writes-read): its words read with rooms' states too, `read` for a listing. */
  writes?: { read: boolean };
  /** The writes of the turn not done, read with each of `readings` on top of those before it (`readingsChain`). */
  undone?: { writes: UndoneWrite[]; readings: (keyof EchoReading)[]; options: EchoOptions };
  /** The writes the question asked for and the turn never tried, read with every reading. */
  untried?: { writes: UndoneWrite[]; options: EchoOptions };
  /** The stretches read booked, for whom, and the people the turn knows of (holders-named): who the answer says holds them. */
  holders?: HoldersAsked;
  /** Rooms said to be someone's at a time are read (holdings-said): asked where the turn read times or wrote, not from documents. */
  holdings?: boolean;
  /**
   * The people the turn knows of by name (whom its writes were for, whom its reads and conflicts found, whom the question
   * asks for, the asker): a holding's name in lower case counts where it is one of theirs ("sarah has Room 3 from 2 to 4pm").
   */
  people?: string[];
}

/**
 * What the verifier's activity is asked: the answer and what checks it (`VerifyInput`), and what the turn asks the answer's
 * words to be read for (`words`; not shown to the verifier model; turns from before asked nothing).
 */
export interface VerifyAsked extends VerifyInput {
  words?: WordsAsked;
}

/**
 * The verifier activity's result: the claims the model listed (or why its reply cannot be used), the model call's
 * usage, and where the turn asked for them and the reply was usable, the answer's words as read (`words`), or why
 * they were not (`wordsUnread`: they took too long; the turn then does not show the prose, as when the verifier fails).
 */
export interface VerifyResult {
  parsed: ParsedClaims;
  usage: ModelCallUsage[];
  words?: PackedWords;
  wordsUnread?: string;
}

/** Each list of claims a turn may pick from, of the text and (`marked`) of the text with its number marks read, where that differs. */
export interface WordsFound {
  byPatch: ClaimsByPatch;
  writes?: Claim[];
  /** One list for each reading of the chain: none of them, then each on top of those before it. */
  echoes?: Claim[][];
  untried?: Claim[];
  holders?: Claim[];
  /** Rooms said to be someone's at a time ("Sarah has Room 3 from 2 to 4pm"), each a claim of a booking there (`holdingsSaid`). */
  holdings?: Claim[];
  marked?: { scriptOffers: Claim[]; writes?: Claim[]; echoes?: Claim[][]; untried?: Claim[]; holders?: Claim[]; holdings?: Claim[] };
}

/** Reads `text`'s words for all that `asked` asks: the same lists wherever it runs. */
export function readWords(text: string, asked: WordsAsked): WordsFound {
  const options = { names: asked.names, states: asked.states, documents: asked.documents, read: asked.read };
  // Only the main reading's lists read the state words of `state-words` (`byPatch.stateWords`).
  const main = asked.moreStates ? { ...options, moreStates: true } : options;
  const { writes, undone, untried, holders, holdings } = asked;
  // What is read of the text, and again of it with its number marks read where that changes it.
  const lists = (t: string) => ({
    ...(writes ? { writes: claimsByPatch(t, { ...options, states: true, read: writes.read }).scriptOffers } : {}),
    ...(undone ? { echoes: undoneEchoesRead(t, undone.writes, undone.options, readingsChain(undone.readings)) } : {}),
    ...(untried ? { untried: undoneEchoes(t, untried.writes, untried.options) } : {}),
    ...(holders ? { holders: wrongHolders(t, holders) } : {}),
    ...(holdings ? { holdings: holdingsSaid(t, asked.names, asked.people) } : {}),
  });
  const numbered = numberMarksRead(text);
  return {
    byPatch: claimsByPatch(text, main),
    ...lists(text),
    ...(numbered !== text ? { marked: { scriptOffers: claimsByPatch(numbered, options).scriptOffers, ...lists(numbered) } } : {}),
  };
}

/** What this build knows a turn may ask. */
const ASKED = ['names', 'states', 'documents', 'read', 'moreStates', 'writes', 'undone', 'untried', 'holders', 'holdings', 'people'] as const satisfies readonly (keyof WordsAsked)[];

/**
 * Whether this build reads all that `asked` asks: every part of it, every reading it names (a worker of an older build
 * may not know what a newer turn asks; it then leaves the words to the turn, rather than return fewer lists).
 */
export const readsAll = (asked: WordsAsked) =>
  Object.keys(asked).every((key) => (ASKED as readonly string[]).includes(key)) && (asked.undone?.readings ?? []).every((key) => (ECHO_READINGS as readonly string[]).includes(key));

/**
 * `WordsFound` as an activity returns it: each distinct claim once (`claims`), every list as the indexes of its
 * claims; in the chain of readings (`echoes`), `0` for a list the same as the one before it (most readings change nothing).
 * The lists of a long answer repeat the same claims many times over; this keeps the recorded result small.
 */
export interface PackedWords {
  claims: Claim[];
  found: Packed<WordsFound>;
}
type Packed<T> = { [K in keyof T]: T[K] extends Claim[] | undefined ? number[] : T[K] extends Claim[][] | undefined ? (number[] | 0)[] : Packed<T[K]> };

export function packWords(found: WordsFound): PackedWords {
  const claims: Claim[] = [];
  const index = new Map<string, number>();
  const list = (cs: Claim[]) =>
    cs.map((c) => {
      const key = JSON.stringify(c);
      let i = index.get(key);
      if (i === undefined) {
        i = claims.length;
        claims.push(c);
        index.set(key, i);
      }
      return i;
    });
  // A list whose claims are those of the one before it, field for field (the same indexes), is `0`.
  const chain = (lists: Claim[][]) => {
    const ids = lists.map(list);
    return ids.map((l, i) => (i > 0 && l.length === ids[i - 1]!.length && l.every((x, j) => x === ids[i - 1]![j]) ? (0 as const) : l));
  };
  const pack = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return key === 'echoes' ? chain(value as Claim[][]) : list(value as Claim[]);
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, pack(k, v)]));
  };
  return { claims, found: pack('', found) as Packed<WordsFound> };
}

export function unpackWords(packed: PackedWords): WordsFound {
  const list = (ids: number[]) => ids.map((i) => packed.claims[i]!);
  const chain = (lists: (number[] | 0)[]) => {
    const out: Claim[][] = [];
    for (const ids of lists) out.push(ids === 0 ? out.at(-1)! : list(ids));
    return out;
  };
  const unpack = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return key === 'echoes' ? chain(value as (number[] | 0)[]) : list(value as number[]);
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, unpack(k, v)]));
  };
  return unpack('', packed.found) as WordsFound;
}

