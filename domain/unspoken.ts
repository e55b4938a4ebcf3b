/**
 * Policy claims about what no passage retrieved speaks of: "Employees may bring their dogs on Fridays." after a
 * search that found the expense policy's pages. The figure check (`unsourcedFigures`) reads only figures, the
 * polarity check (domain/polarity.ts) only a passage's clause said the other way round; a claim the verifier
 * lists as what a policy says, with no figure and on a subject the passages never name, passed both.
 *
 * A claim is held when most of its words (more than two in three, each cut to its first five letters as the
 * polarity check cuts them: "reimbursed" meets "reimbursable") are in no passage retrieved. It is read only where
 * it can be compared word for word, so that an honest answer is not held:
 * - it is written in a passage's language, told by its short function words ("the", "are", "may", "to"; "der",
 *   "und"; "los", "con"; `languageOf`). An answer in German relaying an English page shares few words with it: it is
 *   read in the verifier's gloss of it into the documents' language (`Claim.gloss`, `documentsLanguage`), and not at
 *   all without one; nor is one whose language its words do not tell. Chinese, Japanese and Korean are compared by
 *   pairs of characters (`cjkPairs`), with passages in them;
 * - it says something is so: not a question, and not a negative sentence ("The policy does not say anything
 *   about parking", "Pets are not allowed"), which is how "not found" is said;
 * - it has two words or more to compare.
 * Heavy paraphrase ("business dinners with customers" for "client meals") can read as a new subject: the answer
 * is then sent back once with the words no passage has, and the model says it in the documents' words. Pure; the
 * verifier's activity reads the passages and marks the claims (`Claim.unspoken`), which `unbackedClaims` holds.
 */

import { detectLanguage, LATEST_DETECTION } from './outcomes.js';
import { HAS_CJK, read, withoutCitations } from './polarity.js';
import type { Claim } from './verify.js';

// The short function words of the languages answers and documents are written in (four letters or fewer), which
// tell them apart: a text's language is the one most of its short words belong to (none where two tie).
const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set('the a an and or is are be to of in on at by for you can may yes not all any per it its our we i if up as has get out do was own who how off via with from that this your must will have they when also only'.split(' ')),
  de: new Set('der die das den dem des und ist im am zu zum zur ein auf für mit bei von vom bis pro sie es wir ihr man ja nur aus um wie sind ihre wird eine auch oder aber dass nach kein'.split(' ')),
  es: new Set('el la los las de del y en es un una con por se que al su sus lo sí muy hay para como esta pero solo'.split(' ')),
  fr: new Set('le la les de des du et est un une en au aux par sur ne pas que qui il ils se son sa ses oui vos à pour dans avec sont vous nous leur'.split(' ')),
  it: new Set('il lo la gli le di del e è un una in con per si che non da al ai nel sì i sul sono alla come ogni'.split(' ')),
  pt: new Set('o os a as de do da dos das e é em no na um uma com por se que ao às sim seu sua seus suas para como pelo pela mais'.split(' ')),
  nl: new Set('de het een en is in op van te met bij tot er ook dat die wat je u voor zijn niet naar deze door'.split(' ')),
  ru: new Set('в и на не с по до за от для как что это он она они мы вы или при если всех'.split(' ')),
};
const LANGUAGES = Object.keys(FUNCTION_WORDS);
const SHORT_WORDS = /(?<![\p{L}\p{M}])[\p{L}\p{M}]{1,4}(?![\p{L}\p{M}'’])/gu;

/** The language most of a text's short words are function words of, or null (none, or a tie). */
function languageOf(text: string): string | null {
  const words = withoutCitations(text).toLowerCase().match(SHORT_WORDS) ?? [];
  let best: string | null = null;
  let top = 0;
  for (const lang of LANGUAGES) {
    const n = words.filter((w) => FUNCTION_WORDS[lang]!.has(w)).length;
    if (n > top) [best, top] = [lang, n];
    else if (n === top) best = null;
  }
  return best;
}

// Chinese, Japanese and Korean are written without spaces between words (Korean: with its particles joined to them):
// they are compared by pairs of characters within a run of Han, katakana or Hangul ("周五", "带狗"; hiragana, the kana
// of Japanese grammar, digits and punctuation end a run, and a character standing alone counts by itself).
const CJK_RUNS = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
/** The pairs of characters of a text's runs, in order, each with the run and its place in it. */
function cjkPairs(text: string): { pair: string; run: number; at: number }[] {
  const out: { pair: string; run: number; at: number }[] = [];
  let run = 0;
  for (const m of withoutCitations(text).matchAll(CJK_RUNS)) {
    const chars = [...m[0]];
    if (chars.length === 1) out.push({ pair: chars[0]!, run, at: 0 });
    for (let i = 0; i + 1 < chars.length; i++) out.push({ pair: chars[i]! + chars[i + 1]!, run, at: i });
    run += 1;
  }
  return out;
}
// A negation in them ("没有提到", "記載がありません", "내용이 없습니다": how "not found" is said); not the "無" of "無料" (free of charge).
const CJK_NEGATION = /不|没|沒|无(?!料)|無(?!料|線)|ない|ません|않|못|없/u;
/** The missing pairs of a run joined where they overlap ("工周", "周五" → "工周五"), each stretch once. */
function joinPairs(missing: { pair: string; run: number; at: number }[]): string[] {
  const out: string[] = [];
  let last: { run: number; at: number } | null = null;
  for (const m of missing) {
    if (last && last.run === m.run && last.at + 1 === m.at) out[out.length - 1] += [...m.pair].slice(1).join('');
    else out.push(m.pair);
    last = m;
  }
  return [...new Set(out)];
}

/** Share of a claim's words at or above which it speaks of what a passage does. */
const SPOKEN_SHARE = 1 / 3;
/**
 * Whether a claim of `total` words (or pairs of characters) of which `missing` are in no passage speaks of what none
 * does: less than `SPOKEN_SHARE` of them in a passage; with `draft`, none.
 */
const unspokenShare = (total: number, missing: number, draft = false) => (draft ? missing === total : (total - missing) / total < SPOKEN_SHARE);

/** The passages retrieved, read once for every claim compared with them. */
export interface TopicIndex {
  stems: Set<string>;
  /** The languages the passages are written in, as their function words tell (`languageOf`). */
  languages: Set<string>;
  /** The pairs of characters of their Chinese, Japanese and Korean (`cjkPairs`). */
  pairs: Set<string>;
  /** How many passages are written in each language, theirs in Chinese, Japanese or Korean told by their script (`documentsLanguage`). */
  written: Map<string, number>;
}

export function topicIndex(passages: readonly string[]): TopicIndex {
  const stems = new Set<string>();
  const languages = new Set<string>();
  const pairs = new Set<string>();
  const written = new Map<string, number>();
  for (const p of passages) {
    for (const s of read(p).stems) stems.add(s);
    const lang = languageOf(p);
    if (lang) languages.add(lang);
    for (const x of cjkPairs(p)) pairs.add(x.pair);
    const named = HAS_CJK.test(p) ? detectLanguage(p, LATEST_DETECTION) : lang;
    if (named) written.set(named, (written.get(named) ?? 0) + 1);
  }
  return { stems, languages, pairs, written };
}

/**
 * The words of `claim` that no passage of `index` has, where they are most of its words (less than one in three
 * is in a passage) and it can be compared (see above); otherwise none. Each word as the claim writes it, lower-cased.
 * With `draft` (a sentence of an answer being streamed, which no verifier has listed as a claim: "Great question!",
 * "Let me know if you have other questions."), only a sentence of three words or more of which none is in a passage:
 * holding a draft costs only the streaming, and a closer should not cost it.
 */
export function unspokenWords(claim: string, index: TopicIndex, opts: { draft?: boolean } = {}): string[] {
  if (HAS_CJK.test(claim)) return unspokenPairs(claim, index, opts);
  if (!comparable(claim, index)) return [];
  const r = read(claim);
  if (r.question || r.negative || r.stems.size < (opts.draft ? 3 : 2)) return [];
  const missing = [...r.stems].filter((s) => !index.stems.has(s));
  if (!unspokenShare(r.stems.size, missing.length, opts.draft)) return [];
  return missing.map((s) => r.words.get(s) ?? s);
}

/** Whether a claim's words can be compared with the passages': it is written in a language one of them is in (in Chinese, Japanese or Korean where one of them is). */
function comparable(claim: string, index: TopicIndex): boolean {
  if (HAS_CJK.test(claim)) return index.pairs.size > 0;
  const lang = index.stems.size > 0 ? languageOf(claim) : null;
  return lang !== null && index.languages.has(lang);
}

/**
 * `unspokenWords` for a claim in Chinese, Japanese or Korean, read against the passages in them: its pairs of
 * characters (`cjkPairs`), three or more (with `draft`, four, none in a passage), of which less than one in three
 * is in a passage; the stretches no passage has.
 */
function unspokenPairs(claim: string, index: TopicIndex, opts: { draft?: boolean }): string[] {
  if (index.pairs.size === 0) return [];
  const pairs = cjkPairs(claim);
  if (/[?？]/u.test(claim) || CJK_NEGATION.test(claim) || pairs.length < (opts.draft ? 4 : 3)) return [];
  const missing = pairs.filter((x) => !index.pairs.has(x.pair));
  if (!unspokenShare(pairs.length, missing.length, opts.draft)) return [];
  return joinPairs(missing);
}

/**
 * The policy claims the verifier listed, each that speaks of what no passage retrieved (`index`) does marked with those
 * words (`Claim.unspoken`); a claim already held for a figure or a contradiction, and other claims, as they are.
 */
export function withUnspoken(claims: Claim[], index: TopicIndex): Claim[] {
  return claims.map((c) => {
    if (c.kind !== 'policy' || c.unsourcedFigures?.length || c.contradicts) return c;
    // A claim in another language than the passages is read in the verifier's gloss of it into theirs; a claim that
    // can be read is read in its own words, whatever the gloss says.
    const words = comparable(c.text, index) ? c.text : c.gloss && comparable(c.gloss, index) ? c.gloss : null;
    const unspoken = words === null ? [] : unspokenWords(words, index);
    return unspoken.length ? { ...c, unspoken } : c;
  });
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'German', es: 'Spanish', fr: 'French', it: 'Italian', pt: 'Portuguese', nl: 'Dutch', ru: 'Russian', zh: 'Chinese', ja: 'Japanese', ko: 'Korean' };

/**
 * The language most of the passages of `index` are written in, by its English name ("English", "German"), for the
 * verifier to gloss a policy claim in another language into (`VerifyInput.documentsLanguage`); null where none is told.
 */
export function documentsLanguage(index: TopicIndex): string | null {
  const [top] = [...index.written].filter(([lang]) => LANGUAGE_NAMES[lang]).sort((a, b) => b[1] - a[1]);
  return top ? LANGUAGE_NAMES[top[0]]! : null;
}
