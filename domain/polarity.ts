/**
 * Policy sentences said the other way round: an answer from documents that says "Alcohol is reimbursed"
 * where the passage retrieved says "Alcohol is not reimbursed", or "Bookings of the boardroom don't need an
 * approver" where it says they do. The figure check (`unsourcedFigures`) cannot see these, and the verifier
 * only lists claims: the system judges them here, from the passages' text.
 *
 * A sentence of the answer is held against a clause of a passage when they share nearly all their words
 * (each word cut to its first five letters, so "reimbursed" and "reimbursable" meet; in Chinese, Japanese and
 * Korean, each character but the kana of grammar) and one says it with a negation or a prohibition ("not", "never", "no",
 * "prohibited", "excluded", "nicht", "kein", "nunca", "pas", "non", "não", "не", "不", "ない", "않") where the
 * other does not. It is contradicted only when no clause as close says it the same way. Left alone, so that an
 * honest paraphrase is never held: an answer's sentence with a limit or a comparison ("up to", "more than",
 * "within", "before"), a condition or an exception ("if", "when", "unless", "only", "without"), or a question;
 * a passage's question, and its negative clause with a limit or a condition ("may not be booked more than 30 days
 * ahead"); a sentence that shares few words with every clause; and antonyms ("must pay it yourself" for "not
 * reimbursed"), which the verifier and the citations are left to. Pure; the activity reads the passages.
 */

import { detectLanguage, LATEST_DETECTION, type OutcomeLanguage } from './outcomes.js';
import type { Claim } from './verify.js';

const WORD = String.raw`[\p{L}\p{M}]+(?:['’][\p{L}]+)?`;
// Chinese, Japanese and Korean runs, read character by character.
const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]`;
const TOKENS = new RegExp(`${CJK}+|${WORD}`, 'gu');
const IS_CJK = new RegExp(`^${CJK}`, 'u');
/** Whether a text has a Chinese, Japanese or Korean character. */
export const HAS_CJK = new RegExp(CJK, 'u');
/** A text without its citations ("[policy.pdf p.1]", "(acme-policy.pdf, p. 2)"), which are no part of what it says. */
export const withoutCitations = (text: string) => text.replace(/\[[^\]]*\]|\([^)]*\.pdf[^)]*\)/giu, ' ');
const HIRAGANA = /\p{Script=Hiragana}/u;
// Characters that say no, forbid or allow: not compared.
const POLAR_CHARS = '不没沒無无非禁止允许許可않못없';

// Negations, per language (one or more make a sentence negative: "no … nunca", "non … mai" say one thing), and
// prohibitions; a negated prohibition ("not prohibited") says it is allowed. French "ne" and "n'" go with "pas".
const NEGATIONS = new Set(
  [
    'not', 'no', 'never', 'none', 'neither', 'nor', 'cannot', 'nothing', 'nobody',
    'nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals',
    'nunca', 'ningún', 'ninguna', 'ninguno', 'jamás', 'tampoco',
    'pas', 'jamais', 'aucun', 'aucune', 'rien',
    'non', 'mai', 'nessun', 'nessuno', 'nessuna',
    'não', 'nao', 'nenhum', 'nenhuma',
    'niet', 'geen', 'nooit',
    'не', 'нет', 'ни', 'никогда',
  ].map((w) => w.toLowerCase()),
);
const PROHIBITIONS = new Set(
  [
    'prohibited', 'forbidden', 'banned', 'disallowed', 'excluded', 'ineligible', 'non-reimbursable', 'nonreimbursable',
    'verboten', 'untersagt', 'ausgeschlossen',
    'prohibido', 'prohibida', 'prohibidos', 'prohibidas', 'excluido', 'excluida', 'excluidos', 'excluidas',
    'interdit', 'interdite', 'interdits', 'interdites', 'exclu', 'exclue', 'exclus', 'exclues',
    'vietato', 'vietata', 'vietati', 'vietate', 'escluso', 'esclusa', 'esclusi', 'escluse',
    'proibido', 'proibida', 'proibidos', 'proibidas', 'excluído', 'excluída',
    'verboden', 'uitgesloten',
    'запрещено', 'запрещён', 'запрещен', 'запрещена', 'запрещены',
  ].map((w) => w.toLowerCase()),
);
const NEGATION_PARTS = /不|没|沒|無|无|非|ない|ません|않|못|없/u;
const PROHIBITION_PARTS = /禁止|금지/u;
// Words that make a sentence a limit, a comparison, a condition, an exception or a permission's degree: such a
// sentence is left alone ("no more than 60 EUR" says what "up to 60 EUR" says).
const LEFT_ALONE = new Set(
  [
    'up', 'more', 'less', 'fewer', 'over', 'under', 'above', 'below', 'exceed', 'exceeds', 'exceeding', 'exceeded', 'beyond', 'least', 'most', 'maximum', 'minimum', 'max', 'min', 'than', 'within', 'before', 'after', 'until', 'longer', 'shorter', 'later', 'earlier', 'only', 'just', 'except', 'unless', 'without', 'if', 'when', 'whenever', 'provided', 'once', 'otherwise', 'either', 'whether',
    'mehr', 'weniger', 'über', 'unter', 'bis', 'höchstens', 'mindestens', 'nur', 'außer', 'ohne', 'wenn', 'falls', 'sobald', 'vor', 'nach', 'innerhalb', 'sonst',
    'más', 'menos', 'hasta', 'solo', 'sólo', 'salvo', 'excepto', 'sin', 'cuando', 'antes', 'después', 'dentro',
    'plus', 'moins', "jusqu'", 'jusqu’', 'jusque', 'seulement', 'sauf', 'sans', 'quand', 'lorsque', 'avant', 'après', 'dans',
    'più', 'meno', 'fino', 'soltanto', 'tranne', 'senza', 'qualora', 'purché', 'quando', 'prima', 'dopo', 'entro',
    'mais', 'até', 'só', 'somente', 'exceto', 'sem', 'depois',
    'meer', 'minder', 'tot', 'alleen', 'behalve', 'zonder', 'als', 'wanneer', 'voor', 'na', 'binnen',
    'больше', 'меньше', 'более', 'менее', 'свыше', 'до', 'после', 'только', 'кроме', 'без', 'если', 'когда',
  ].map((w) => w.toLowerCase()),
);
// "Si" and "se" suppose in some languages and are reflexive in others ("se reembolsan", "si prenotano"): read by the
// text's language, and as a condition where it is not known.
const IF_BY_LANGUAGE: Partial<Record<OutcomeLanguage, readonly string[]>> = { es: ['si'], fr: ['si'], it: ['se'], pt: ['se'], de: [], en: [], ru: [], zh: [], ja: [], ko: [] };
const LEFT_ALONE_PARTS = /以上|以下|以内|超过|超過|不超过|不超過|最多|至少|只|仅|僅|除了|除非|如果|以外|だけ|のみ|場合|なら|まで|이상|이하|이내|최대|최소|만\s|제외|경우|면\s|까지/u;
// Words too common to tell two sentences apart (five letters or more).
const COMMON = new Set(
  [
    'about', 'these', 'those', 'their', 'there', 'which', 'where', 'would', 'could', 'should', 'shall', 'other', 'every', 'being', 'having', 'according', 'policy', 'policies', 'document', 'documents', 'states', 'stated', 'please', 'always',
    'diese', 'dieser', 'dieses', 'einer', 'einem', 'einen', 'werden', 'wurde', 'wurden', 'richtlinie', 'laut',
    'según', 'política', 'estas', 'estos', 'están',
    'selon', 'politique', 'cette', 'votre', 'leurs', 'toujours',
    'secondo', 'questa', 'questo', 'della', 'delle', 'sempre',
    'segundo', 'pelas', 'pelos',
    'согласно', 'политике', 'политика', 'всегда',
  ].map((w) => w.toLowerCase()),
);

// Words of permission say nothing either way ("Smoking is allowed" against "Smoking is prohibited"): not counted.
const PERMISSIONS = new Set(
  [
    'allowed', 'permitted', 'authorised', 'authorized', 'erlaubt', 'gestattet', 'zulässig', 'permitido', 'permitida', 'permitidos', 'permitidas', 'autorizado', 'autorizada',
    'autorisé', 'autorisée', 'autorisés', 'autorisées', 'permis', 'permise', 'consentito', 'consentita', 'permesso', 'permessa', 'toegestaan', 'разрешено', 'разрешён', 'разрешен', 'разрешена',
  ].map((w) => w.toLowerCase()),
);
// Four-letter words too common to tell sentences apart (shorter ones are not counted at all).
const COMMON_SHORT = new Set(
  'with from that this have will your must need they them then been were what into some such very each does make made here upon same like ours mine whom than shall also even much many well able sind eine wird oder auch aber nach sein ihre ihren dass eure para como esta este esto pero sobre todo toda sont avec pour dans tout leur nous vous sans elle sono alla alle agli come anche ogni essa pelo pela onde isso muito voor zijn naar deze door niet heel meer этот эта это если'.split(' '),
);
/** A word as it is compared: a plural's "s" off, then its first five letters. */
const stem = (w: string) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w).slice(0, 5);

/** A clause of a passage, or a sentence of an answer, as this check reads it. */
interface Read {
  text: string;
  stems: Set<string>;
  /** Each stem of a word (not of a Chinese, Japanese or Korean character), with the word it was first cut from, lower-cased. */
  words: Map<string, string>;
  negative: boolean;
  /** A limit, comparison, condition or exception: its negation may be the limit's ("no more than 60 EUR"). */
  limited: boolean;
  question: boolean;
}

/** A clause or a sentence as these checks read it (also `unspokenWords`, domain/unspoken.ts): its words cut to stems, its polarity, whether it limits or asks. */
export function read(text: string, lang?: OutcomeLanguage): Read {
  const ifs = lang ? IF_BY_LANGUAGE[lang] ?? ['si', 'se'] : ['si', 'se'];
  const stems = new Set<string>();
  const said = new Map<string, string>();
  let negated = NEGATION_PARTS.test(text);
  let prohibited = PROHIBITION_PARTS.test(text);
  let limited = LEFT_ALONE_PARTS.test(text);
  const words = withoutCitations(text).toLowerCase().match(TOKENS) ?? [];
  for (const w of words) {
    if (IS_CJK.test(w)) {
      // Each character but Japanese kana of grammar (hiragana) and those of a negation, a prohibition or a permission.
      for (const ch of w) if (!HIRAGANA.test(ch) && !POLAR_CHARS.includes(ch)) stems.add(ch);
      continue;
    }
    // "don't", "isn't", "can't".
    if (/n['’]t$/u.test(w) || NEGATIONS.has(w)) negated = true;
    else if (PROHIBITIONS.has(w)) prohibited = true;
    else if (LEFT_ALONE.has(w) || ifs.includes(w)) limited = true;
    else if (PERMISSIONS.has(w) || /^n['’]/u.test(w)) continue;
    else if ((w.length >= 5 && !COMMON.has(w)) || (w.length === 4 && !COMMON_SHORT.has(w))) {
      const s = stem(w);
      stems.add(s);
      if (!said.has(s)) said.set(s, w);
    }
  }
  return { text, stems, words: said, negative: negated !== prohibited, limited, question: /[?？]/u.test(text) };
}

// Sentences, then clauses apart at a semicolon, a colon or a contrast ("…; alcohol is not", "…, but …").
const SENTENCES = /(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/u;
/** A text's sentences, as these checks split them (also a streamed draft's, `activities/drafts.ts`). */
export const sentencesOf = (text: string) => text.split(SENTENCES).map((x) => x.trim()).filter(Boolean);
const CLAUSES = /\s*[;；:：]\s*|,?\s+(?:but|whereas|while|however|aber|jedoch|pero|sino|mais|cependant|ma|però|mas|porém|maar|но|а|однако)\s+|但是|但|しかし|하지만|그러나/iu;
const clausesOf = (text: string) => text.split(SENTENCES).flatMap((s) => s.split(CLAUSES)).map((s) => s.trim()).filter(Boolean);

/** The passages retrieved, read once for every sentence held against them. */
export interface PolarityIndex {
  clauses: Read[];
}

/**
 * A passage's clauses that an answer's sentence may be held against: not a question, and not a negative one with
 * a limit or a condition ("may not be booked more than 30 days ahead", "not reimbursed unless a client attends"),
 * whose negation may be the limit's or the exception's. A positive one with a limit still says it is so
 * ("reimbursed up to 60 EUR": "not reimbursed" says otherwise).
 */
export function polarityIndex(passages: readonly string[]): PolarityIndex {
  return {
    clauses: passages
      .flatMap((p) => {
        const lang = detectLanguage(p, LATEST_DETECTION);
        return clausesOf(p).map((c) => read(c, lang));
      })
      .filter((c) => c.stems.size > 0 && !c.question && !(c.limited && c.negative)),
  };
}

/**
 * Whether a sentence is close enough to a clause to be held against it: it shares three in four of its own words
 * with the clause, and half of the clause's (a clause says more than a sentence that relays it: "Client meals are
 * reimbursed up to 60 EUR per person when a client attends" and "Client meals are not reimbursed" are close).
 */
function close(sentence: Read, clause: Read): boolean {
  let shared = 0;
  for (const s of sentence.stems) if (clause.stems.has(s)) shared += 1;
  return shared > 0 && shared / sentence.stems.size >= 0.75 && shared / clause.stems.size >= 0.5;
}

/**
 * The clause of the passages that `sentence` says the other way round, or null: one close to it (`close`) says it
 * with a negation where the sentence does not (or the reverse), and none as close says it the sentence's way. A
 * sentence left alone (a limit, a condition, a question) or with no word to compare is null.
 */
export function contradictedClause(sentence: string, index: PolarityIndex, lang?: OutcomeLanguage): string | null {
  const s = read(sentence, lang);
  if (s.limited || s.question || s.stems.size === 0) return null;
  let against: Read | null = null;
  for (const c of index.clauses) {
    if (!close(s, c)) continue;
    if (c.negative === s.negative) return null;
    against ??= c;
  }
  return against?.text ?? null;
}

/**
 * The sentences of `answer` one of whose clauses says a passage's clause the other way round: each with the
 * passage's clause its first such clause is held against. A clause is read apart from its sentence ("Client meals are reimbursed up to 60 EUR;
 * alcohol is reimbursed too" is two).
 */
export function contradictedSentences(answer: string, index: PolarityIndex, lang?: OutcomeLanguage): { sentence: string; passage: string }[] {
  if (index.clauses.length === 0) return [];
  const out: { sentence: string; passage: string }[] = [];
  // Each sentence once, however often it is written.
  for (const sentence of new Set(sentencesOf(answer))) {
    for (const clause of sentence.split(CLAUSES)) {
      const passage = contradictedClause(clause, index, lang);
      if (passage) {
        out.push({ sentence, passage });
        break;
      }
    }
  }
  return out;
}

/**
 * The policy claims, each that says a passage the other way round marked with that passage's clause
 * (`Claim.contradicts`); other claims as they are. With `whole` (an answer from documents), each sentence of
 * the answer that says a passage the other way round and is no policy claim already is one of its own, so a
 * verifier that misses it, or is steered past it, does not let it through (as `figureClaims` does for figures).
 */
export function withContradictions(claims: Claim[], passages: readonly string[], opts: { lang?: OutcomeLanguage; whole?: string } = {}): Claim[] {
  const index = polarityIndex(passages);
  if (index.clauses.length === 0) return claims;
  const marked = claims.map((c) => {
    if (c.kind !== 'policy' || c.contradicts) return c;
    const [hit] = contradictedSentences(c.text, index, opts.lang);
    return hit ? { ...c, contradicts: hit.passage } : c;
  });
  if (opts.whole === undefined) return marked;
  const policies = marked.filter((c) => c.kind === 'policy').map((c) => c.text);
  const own = contradictedSentences(opts.whole, index, opts.lang).filter(({ sentence }) => !policies.some((t) => t.includes(sentence) || sentence.includes(t)));
  return [...marked, ...own.map(({ sentence, passage }) => ({ text: sentence, kind: 'policy' as const, receiptId: null, contradicts: passage }))];
}
