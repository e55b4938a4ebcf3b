/**
 * Writes said done in the languages answers come in that are not written in the Latin alphabet
 * (since the `other-scripts` patch): Chinese, Japanese, Korean and Russian; and since `script-states`,
 * rooms said free or booked in them (`scriptStates`, at the end). `claim-words.ts` reads the
 * Latin ones; its patterns lean on spaces and word ends, which Chinese and Japanese do not have, so
 * these are written apart, in the same spirit:
 *
 * - a booking made, changed or cancelled by the one writing ("我已为您预订了3号会议室", "会議室3を予約しました",
 *   "3번 회의실을 예약했습니다", "Я забронировал переговорную 3"), or said done with the booking as subject
 *   or label ("预订成功", "ご予約が確定しました", "예약이 완료되었습니다", "Бронирование подтверждено");
 * - judged clause by clause (at "，", "、", "," and the like): a clause that asks, supposes, looks
 *   ahead, offers or waits for an approval gives none ("批准后我会为您预订", "承認されたら予約します",
 *   "승인되면 예약이 완료됩니다", "после одобрения бронь будет подтверждена"); a sentence waiting for an
 *   approval anywhere gives none;
 * - a write said not done ("我没有为您预订", "Я не бронировал") gives none, and neither does one another
 *   person did ("田中さんが予約しました", "김 대리님이 예약했습니다"), which relays a read;
 * - a room said booked with no one named as having booked it ("3号会议室已预订", "会議室3は予約済みです")
 *   is the room's state, not a write, and gives none here.
 *
 * Conservative as the Latin ones: a claim found here that the words do not make sends an honest answer
 * back, so only forms that say the write is done count. Pure and shared with the workflow bundle:
 * patterns are built from strings, each use afresh, and only for a sentence in one of these scripts.
 */

/** What a write claim found here is: its words, its kind, and whether it may be a booking's status read ("您的预订已确认" after a read that found it). */
export interface ScriptWrite {
  text: string;
  kind: 'booked' | 'changed' | 'cancelled';
  /** A booking said confirmed: where the turn read bookings, the status of one it found (`yours`: said to be the reader's). */
  status?: 'yours' | 'any';
}

interface Pattern {
  source: string;
  /** A booking said confirmed, which may be the status a read found. */
  status?: true;
  /** The first person singular said ("我", "私", "제가", "я"): stands in an answer from documents too. */
  singular?: true;
}

// The scripts read here: a sentence with none of them is left to claim-words.ts.
const SCRIPTS = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}]`;

// ---------------------------------------------------------------- Chinese (simplified and traditional)

// For whom: "为您", "帮你", "为Sarah", "给张三" (a name of two or three characters, or in Latin letters).
const ZH_FOR_YOU = String.raw`(?:为|為|帮|幫|给|給|替)(?:您|你|(?![您你])\p{Script=Latin}[\p{Script=Latin} .]{0,29}?|(?![您你])\p{Script=Han}{2,3}?)`;
const ZH_ALREADY = '已经|已經|已';
const ZH_WE = '我们|我們|我';
const ZH_BOOK = '预订|預訂|预定|預定|预约|預約|订好|訂好|订(?![阅閱单單])|訂(?![阅閱单單])';
const ZH_BOOK_NOUN = '预订|預訂|预定|預定|预约|預約';
const ZH_CHANGE = '更改|修改|改期|调整|調整|变更|變更|延长|延長';
const ZH_CHANGE_TO = '改到|改为|改為|改成|调整到|調整到|调整为|調整為|移到|挪到|推迟到|推遲到|提前到|改期到|更改为|更改為|换到|換到';
const ZH_CANCEL = '取消|删除|刪除|撤销|撤銷|释放|釋放';
const ZH_SUBJECT = '预订|預訂|预定|預定|预约|預約|会议|會議|订单|訂單|会议室预订|會議室預訂';
const ZH_YOURS = '您的|你的';

/** The done forms of a verb: "我已(为您)预订", "我(为您)预订了", "已为您预订", "预订成功", "成功预订". */
const zhDone = (verbs: string): Pattern[] => [
  { source: `(?:${ZH_WE})(?:${ZH_ALREADY})(?:成功)?(?:${ZH_FOR_YOU})?(?:成功)?(?:${verbs})`, singular: true },
  { source: `(?:${ZH_WE})(?:${ZH_FOR_YOU})?(?:成功)?(?:${verbs})(?:了|好)`, singular: true },
  { source: `(?:${ZH_ALREADY})(?:成功)?(?:${ZH_FOR_YOU})(?:成功)?(?:${verbs})` },
  { source: `(?:${ZH_FOR_YOU})(?:${verbs})好了` },
  { source: `(?:${verbs})(?:已经|已經|已)?成功|成功(?:${verbs})` },
];

const ZH: Record<ScriptWrite['kind'], Pattern[]> = {
  booked: [
    ...zhDone(ZH_BOOK),
    // "您的预订已确认", "预约已完成": a booking said confirmed (after a read, perhaps one it found).
    { source: `(?:${ZH_YOURS}|该|該|这个|這個|此)?(?:${ZH_BOOK_NOUN})(?:${ZH_ALREADY})(?:成功)?(?:确认|確認|确定|確定|完成)`, status: true },
  ],
  changed: [
    ...zhDone(ZH_CHANGE),
    // "已将会议改到下午4点", "我把预订改到了4点".
    { source: `(?:${ZH_ALREADY})(?:成功)?(?:${ZH_FOR_YOU})?(?:将|將|把)[^，。,；;！!]{0,40}?(?:${ZH_CHANGE_TO})` },
    { source: `(?:${ZH_WE})(?:${ZH_FOR_YOU})?(?:将|將|把)[^，。,；;！!]{0,40}?(?:${ZH_CHANGE_TO})[^，。,；;！!]{0,30}?了`, singular: true },
    { source: `(?:${ZH_SUBJECT})(?:${ZH_ALREADY})(?:被)?(?:成功)?(?:${ZH_CHANGE}|${ZH_CHANGE_TO})` },
  ],
  cancelled: [
    ...zhDone(ZH_CANCEL),
    { source: `(?:${ZH_SUBJECT})(?:${ZH_ALREADY})(?:被)?(?:成功)?(?:${ZH_CANCEL})` },
  ],
};

// ---------------------------------------------------------------- Japanese

const JA_DID = '(?:し|いたし|致し|しておき|させていただき|させて頂き)ました(?!ら)';
const JA: Record<ScriptWrite['kind'], Pattern[]> = {
  booked: [
    // "予約しました", "予約をいたしました", "会議室3を押さえました", "予約を入れました", "予約が取れました".
    { source: `(?:予約|仮予約)(?:を)?${JA_DID}` },
    { source: `予約(?:を|が)?(?:お取り|取り|入れ|確保|押さえ)(?:いたし|致し|し)?ました(?!ら)` },
    { source: `予約が取れました(?!ら)|(?:押さえ|おさえ)(?:ておき)?ました(?!ら)|確保(?:いたし|致し|し)ました(?!ら)|ご予約を承りました` },
    // "ご予約が確定しました", "予約が完了しました", "予約完了です", "ご予約は確定しております".
    { source: `(?:ご予約|予約)(?:が|は)?(?:確定|完了)(?:いたし|致し|し|され)ました(?!ら)|(?:ご予約|予約)(?:が|は)?(?:確定|完了)(?:して(?:おり|い)ます|です|となりました)`, status: true },
  ],
  changed: [
    { source: `(?:変更|移動|振替|振り替え|延長|日程変更|時間変更)(?:を)?${JA_DID}` },
    { source: `(?:変更|移動|延長)(?:が)?(?:完了|確定)(?:いたし|致し|し)ました(?!ら)|(?:変更|移動)されました(?!ら)` },
    { source: `(?:に|へ)(?:移し|ずらし|変え|変更し)(?:ておき)?ました(?!ら)` },
  ],
  cancelled: [
    { source: `(?:キャンセル|取り消し|取消|削除|解除)(?:を)?${JA_DID}` },
    { source: `取り消しました(?!ら)|取りやめました(?!ら)` },
    { source: `(?:キャンセル|取り消し|取消|削除)(?:が)?(?:完了(?:いたし|致し|し)?|され)ました(?!ら)|キャンセル(?:が)?完了(?:です|しております)` },
  ],
};

// ---------------------------------------------------------------- Korean

const KO_DID = String.raw`(?:을|를)?\s?(?:했습니다|했어요|했다|하였습니다|해\s?드렸습니다|해\s?드렸어요|해\s?두었습니다|해\s?뒀습니다|완료했습니다)`;
const KO_DONE = String.raw`(?:이|가)?\s?(?:완료|확정)(?:되었습니다|됐습니다|되었어요|됐어요|했습니다)`;
const KO: Record<ScriptWrite['kind'], Pattern[]> = {
  booked: [
    { source: `예약${KO_DID}` },
    { source: String.raw`예약${KO_DONE}|예약\s?(?:완료|확정)(?=\s*(?:[!.]|$))|예약(?:이|가)?\s?(?:확정|완료)되어\s?있습니다|예약되었습니다|예약됐습니다`, status: true },
    { source: String.raw`잡아\s?(?:드렸습니다|드렸어요|두었습니다|뒀습니다)|잡았습니다|확보했습니다|확보해\s?드렸습니다` },
  ],
  changed: [
    { source: String.raw`(?:변경|이동|연장|조정)${KO_DID}|옮겼습니다|옮겨\s?드렸습니다` },
    { source: String.raw`(?:변경|이동|조정|연장)(?:이|가)?\s?(?:완료되었습니다|완료됐습니다|되었습니다|됐습니다)|변경\s?완료` },
  ],
  cancelled: [
    { source: `(?:취소|삭제)${KO_DID}` },
    { source: String.raw`(?:취소|삭제)(?:가)?\s?(?:완료되었습니다|완료됐습니다|되었습니다|됐습니다)|취소\s?완료` },
  ],
};

// ---------------------------------------------------------------- Russian

const RU_B = String.raw`(?<![\p{L}])`;
const RU_E = String.raw`(?![\p{L}])`;
const RU_I = String.raw`(?:я|мы)\s+(?:уже\s+|успешно\s+|только\s+что\s+|сейчас\s+)?`;
const RU_START = String.raw`^[^\p{L}]*(?:уже\s+|успешно\s+)?`;
const RU_BOOKING = String.raw`(?:ваше|ваша|ваш|ваши|эта|это|этот)?\s*(?:бронирование|бронь|броня|резерв|резервирование|встреча|заявка\s+на\s+бронирование)`;
const ruVerbs = (stems: string) => `(?:${stems})(?:а|и)?`;
const RU_BOOK = ruVerbs('забронировал|зарезервировал');
const RU_CHANGE = ruVerbs('перенес|перенёс|перенесл|изменил|передвинул|сдвинул|продлил');
const RU_CANCEL = ruVerbs('отменил|удалил|освободил');
const RU: Record<ScriptWrite['kind'], Pattern[]> = {
  booked: [
    { source: `${RU_B}${RU_I}${RU_BOOK}${RU_E}`, singular: true },
    { source: `${RU_START}${RU_BOOK}${RU_E}` },
    { source: `${RU_B}${RU_BOOKING}\\s+(?:успешно\\s+|уже\\s+)?(?:подтвержден[аоы]?|подтверждён[аоы]?|создан[аоы]?|оформлен[аоы]?)${RU_E}`, status: true },
    { source: `${RU_B}успешно\\s+(?:за)?(?:бронирован|резервирован)[аоы]?${RU_E}|${RU_B}(?:за)?(?:бронирован|резервирован)[аоы]?\\s+(?:для\\s+вас|за\\s+вами|на\\s+вас|на\\s+ваше\\s+имя)${RU_E}` },
  ],
  changed: [
    { source: `${RU_B}${RU_I}${RU_CHANGE}${RU_E}`, singular: true },
    { source: `${RU_START}${RU_CHANGE}${RU_E}` },
    { source: `${RU_B}${RU_BOOKING}\\s+(?:успешно\\s+|уже\\s+)?(?:перенесен[аоы]?|перенесён[аоы]?|изменен[аоы]?|изменён[аоы]?|продлен[аоы]?|продлён[аоы]?)${RU_E}` },
  ],
  cancelled: [
    { source: `${RU_B}${RU_I}${RU_CANCEL}${RU_E}`, singular: true },
    { source: `${RU_START}${RU_CANCEL}${RU_E}` },
    { source: `${RU_B}${RU_BOOKING}\\s+(?:успешно\\s+|уже\\s+)?(?:отменен[аоы]?|отменён[аоы]?|удален[аоы]?|удалён[аоы]?|аннулирован[аоы]?)${RU_E}|${RU_B}успешно\\s+(?:отменен|отменён|удален|удалён)[аоы]?${RU_E}` },
  ],
};

const KINDS = ['cancelled', 'changed', 'booked'] as const;
const PATTERNS: Record<ScriptWrite['kind'], Pattern[]> = Object.fromEntries(KINDS.map((k) => [k, [...ZH[k], ...JA[k], ...KO[k], ...RU[k]]])) as Record<ScriptWrite['kind'], Pattern[]>;

// ---------------------------------------------------------------- what makes a clause claim nothing

// Asks, supposes, looks ahead or offers: "如果", "批准后", "可以为您预订", "吗"; "たら", "予定です", "ますか"; "하면",
// "할게요", "까요"; "если", "после", "будет", "можно".
const NOT_DONE = [
  String.raw`如果|假如|要是|若|一旦|等到|(?<![\d点點])(?:之后|之後|以后|以後)|将会(?![议議])|將會(?![议議])|即将|即將|将为|將為|将帮|將幫|会为|會為|会帮|會幫|可以|能否|能够|能夠|是否|吗|嗎|吧|需要|准备|準備|打算|请问|請問`,
  String.raw`たら|れば|なら|次第|後に|あとで|予定です|ましょうか|ますか|でしょうか|できます|いたします|いたしましょう|しましょう`,
  String.raw`하면|되면|으면|시면|다면|라면|이면|후에|뒤에|다음에|예정|드릴게요|드리겠습니다|할게요|하겠습니다|까요|나요|습니까|할\s?수`,
  String.raw`${RU_B}(?:если|после|когда|как\s+только|будет|будут|буду|будем|может|можно|могу|можем|нужно|надо|должн\p{L}*|хотите|хочешь|давайте|чтобы|ли)${RU_E}`,
].join('|');
// Waiting for an approval, anywhere in the sentence: "待审批", "承認待ち", "승인 대기", "ожидает одобрения".
const WAITING = String.raw`审批|審批|批准|审核|審核|待定|等待|承認|申請|保留中|リクエスト|승인|대기|보류|요청|${RU_B}(?:ожида\p{L}*|одобр\p{L}*|утвержд\p{L}*|согласова\p{L}*|подтверждени\p{L}*|заявк\p{L}*)`;
// Someone else did it: a named person as the subject, or "by" ("田中さんが予約しました", "被张三预订", "김 대리님이 예약했습니다").
const SOMEONE_ELSE = String.raw`(?:さん|様|さま|氏|くん|ちゃん)(?:が|は)|によって|により|被[^，。,]{1,12}(?:预订|預訂|预定|預定|取消|更改)|(?:님|씨)(?:이|가|께서)|께서|에\s?의해|${RU_B}(?!(?:Мы|Уже|Успешно|Сейчас|Только|Также|Я)(?![\p{L}]))(?:[\p{Lu}][\p{Ll}]+)\s+(?:уже\s+)?(?:(?:(?:за)?бронировал|зарезервировал|отменил|перенесл|изменил)(?:а|и)?|перен[её]с)${RU_E}`;
// A room said booked before, not now ("すでに予約されました", "이미 예약되었습니다"): its state, not a write.
const ALREADY_STATE = String.raw`すでに|既に|이미`;
// A write said not done: "没有", "未", "不", "无法" just before; "не", "ни" just before in Russian.
const DENIED_BEFORE = String.raw`(?:没|沒|未|不|无法|無法|别|別|尚未|还没|還沒)[^，。,]{0,3}$|${RU_B}(?:не|ни|нет)\s+(?:\p{L}+\s+)?$`;

// The first person singular said: "我" (not "我们"), "私", "僕", "제가", "내가", "я".
const I_SAID = String.raw`我(?!们|們)|私|僕|제가|내가|${RU_B}я${RU_E}`;
// A booking said to be the reader's: "您的", "ご予約", "귀하의", "ваше".
const YOURS = String.raw`您的|你的|ご予約|あなたの|귀하의|고객님의|${RU_B}ваш\p{L}*`;

/**
 * The sentences of `text` in one of these scripts that say something as so: none that asks, supposes, looks ahead, offers
 * or waits for an approval (`NOT_DONE`, `WAITING`): what `holdingsSaid` reads a room said to be someone's in. Only those
 * `among` keeps are looked at.
 */
export function scriptSentencesSaid(text: string, among: (sentence: string) => boolean = () => true): string[] {
  const sentences = scriptSentences(text).filter(among);
  if (sentences.length === 0) return [];
  const [notDone, waiting] = [new RegExp(NOT_DONE, 'iu'), new RegExp(WAITING, 'iu')];
  return sentences.filter((s) => !/[?？]/.test(s) && !notDone.test(s) && !waiting.test(s));
}

/** The sentences of `text` in one of these scripts: at a line's end, after "。", "！", "？", "!", "?", and after ". " before a capital (Russian). */
function scriptSentences(text: string): string[] {
  const inScript = new RegExp(SCRIPTS, 'u');
  const end = new RegExp(String.raw`(?<=[。！？!?；])\s*|(?<=(?<![\p{N}])[.…])\s+(?=[\p{Lu}])`, 'u');
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(end))
    .map((s) => s.replace(/^[\s*\-•>#]+/, '').trim())
    .filter((s) => s !== '' && inScript.test(s));
}

/**
 * The patterns, compiled once for a text rather than for each of its sentences (an answer of many
 * sentences costs their matching, not their compiling); none global, so none keeps a position.
 */
function compile() {
  const re = (source: string, flags = 'iu') => new RegExp(source, flags);
  return {
    kinds: KINDS.map((kind) => ({ kind, patterns: PATTERNS[kind].map((p) => ({ ...p, re: re(p.source) })) })),
    // Any write pattern at all: a sentence with none is passed over at once.
    any: re(KINDS.flatMap((k) => PATTERNS[k].map((p) => `(?:${p.source})`)).join('|')),
    clauseBreak: re(String.raw`[，、,：:；;]|\s[-–—]\s|${RU_B}(?:но|а\s+потом|потому\s+что)${RU_E}|但是|但|不过|不過|然后|然後`),
    notDone: re(NOT_DONE),
    waiting: re(WAITING),
    // Case-sensitive: a Russian name is told by its capital.
    someoneElse: re(SOMEONE_ELSE, 'u'),
    denied: re(DENIED_BEFORE),
    already: re(ALREADY_STATE, 'u'),
    iSaid: re(I_SAID),
    yours: re(YOURS),
  };
}
type Compiled = ReturnType<typeof compile>;

/** A sentence's clauses: at "，", "、", ",", ":" (not a clock time's), ";" and "но"/"但", without those that ask, suppose, look ahead or offer, or tell another's act. */
function scriptClauses(sentence: string, c: Compiled): string[] {
  // Parted where the sentence with its clock times masked parts (same length), so each clause keeps its "14:00".
  const masked = sentence.replace(/(?<=\d)[:：.](?=\d)/g, '\u00b7');
  const breaks = new RegExp(c.clauseBreak.source, 'giu');
  const clauses: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(breaks)) {
    clauses.push(sentence.slice(from, m.index));
    from = m.index! + m[0].length;
  }
  clauses.push(sentence.slice(from));
  return clauses.map((clause) => clause.trim()).filter((clause) => clause !== '' && !/[?？]/.test(clause) && !c.notDone.test(clause) && !c.someoneElse.test(clause));
}

/**
 * The writes said done in `text`'s sentences in Chinese, Japanese, Korean or Russian, one per sentence at
 * most (cancelled, changed, booked tried in that order). With `documents` (an answer from documents),
 * only those in the first person singular said ("我已为您预订"): a policy may say "已为访客预留停车位".
 */
export function scriptWrites(text: string, opts: { documents?: boolean } = {}): ScriptWrite[] {
  return scriptClaims(text, opts).writes;
}

function writeIn(sentence: string, documents: boolean, c: Compiled): Omit<ScriptWrite, 'text'> | null {
  const clauses = scriptClauses(sentence, c);
  for (const { kind, patterns } of c.kinds) {
    for (const { re, status, singular } of patterns) {
      if (documents && !singular) continue;
      for (const clause of clauses) {
        const m = re.exec(clause);
        if (!m) continue;
        // Said not done, or a room's state said before ("すでに予約されました"): no write in this sentence.
        if (c.denied.test(clause.slice(0, m.index)) || c.already.test(clause)) return null;
        if (documents && !c.iSaid.test(m[0])) continue;
        return status ? { kind, status: c.yours.test(clause) ? 'yours' : 'any' } : { kind };
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------- rooms said free or booked (since the `script-states` patch)

/** A room said free or booked in one of these scripts: the clause that says it, and which. */
export interface ScriptState {
  text: string;
  kind: 'available' | 'exists';
  /** Said in a sentence that asks or offers (found only with `offers`, since the `script-offers` patch). */
  asked?: true;
}

// Said free, and said booked, in each language; the turned forms first ("没有空" is booked, "没有被预订" free).
// Not "可以预订" ("can be booked": an offer, which the clause filter drops with "可以").
export const STATE_WORDS: { source: string; kind: 'available' | 'exists' }[] = [
  // Chinese.
  { source: '没有空|沒有空|没空|沒空|不空|不可用|无法使用|無法使用|不能使用', kind: 'exists' },
  { source: '没有被预订|沒有被預訂|没有预订|沒有預訂|未被预订|未被預訂|无人预订|無人預訂|没有人预订|沒有人預訂|没有被占用|沒有被佔用|未被占用|无人使用|無人使用', kind: 'available' },
  { source: '已被预订|已被預訂|已被预定|已被預定|已预订|已預訂|已被占用|已被佔用|被占用|被佔用|有人预订|有人預訂|有人使用|已满|已滿|使用中', kind: 'exists' },
  { source: '有空|空闲|空閒|可用|空着|空著|闲置|閒置', kind: 'available' },
  // Japanese.
  { source: '空いていません|空いてません|空きがありません|利用できません|使用できません|予約できません', kind: 'exists' },
  { source: '予約されていません|予約が入っていません|使われていません', kind: 'available' },
  { source: '予約済み|予約されています|予約が入っています|埋まっています|ふさがっています|使用中', kind: 'exists' },
  { source: '空いています|空いてます|空いている|空きがあります|空きです|利用可能|使用可能|予約可能', kind: 'available' },
  // Korean.
  { source: String.raw`비어\s?있지\s?않|사용할\s?수\s?없|이용할\s?수\s?없|예약할\s?수\s?없`, kind: 'exists' },
  { source: String.raw`예약되어\s?있지\s?않|예약이\s?없|사용\s?중이\s?아니`, kind: 'available' },
  { source: String.raw`예약되어\s?있|예약이\s?있|사용\s?중|차\s?있`, kind: 'exists' },
  { source: String.raw`비어\s?있|비었|사용\s?가능|이용\s?가능|예약\s?가능`, kind: 'available' },
  // Russian: "не" turns one into the other.
  { source: String.raw`${RU_B}не\s+(?:свободн|доступн)\p{L}*`, kind: 'exists' },
  { source: String.raw`${RU_B}не\s+(?:занят|забронирован)\p{L}*`, kind: 'available' },
  { source: String.raw`${RU_B}(?:занят|забронирован|недоступн)\p{L}*`, kind: 'exists' },
  { source: String.raw`${RU_B}(?:свободн|доступн)\p{L}*`, kind: 'available' },
];

/**
 * The rooms `text` says free or booked in Chinese, Japanese, Korean or Russian, clause by clause ("3号会议室
 * 明天14:00已被预订，15:00以后有空": two). No claim from a sentence that asks or waits, or one that claims a
 * write (`scriptWrites` has it), nor from a clause that supposes, offers or looks ahead, tells another's
 * act, or says both; the caller keeps those that name something to hold them to (a room, a day, a time).
 */
export function scriptStates(text: string): ScriptState[] {
  return scriptClaims(text, { states: true }).states;
}

/**
 * `scriptWrites` and (with `states`) `scriptStates` of `text` in one pass over its sentences: each is
 * split, and its write looked for, once.
 */
export function scriptClaims(text: string, opts: { documents?: boolean; states?: boolean; offers?: boolean } = {}): { writes: ScriptWrite[]; states: ScriptState[] } {
  const writes: ScriptWrite[] = [];
  const states: ScriptState[] = [];
  const sentences = scriptSentences(text);
  if (sentences.length === 0) return { writes, states };
  const c = compile();
  const words = opts.states ? STATE_WORDS.map((w) => ({ re: new RegExp(w.source, 'iu'), kind: w.kind })) : [];
  for (const sentence of sentences) {
    if (c.waiting.test(sentence)) continue;
    if (/[?？]\s*$/.test(sentence)) {
      // With `offers` (since the `script-offers` patch), the rooms' states said in the clauses before the
      // one that asks or offers ("3号会议室下午2点有空，要我帮您预订吗？"), where none of them asks itself.
      if (opts.offers && opts.states) states.push(...statesIn(scriptClauses(sentence, c).filter((clause) => !A_NOT_A.test(clause)), words).map((st) => ({ ...st, asked: true as const })));
      continue;
    }
    const said = c.any.test(sentence);
    const write = said ? writeIn(sentence, opts.documents ?? false, c) : null;
    if (write) writes.push({ text: sentence, ...write });
    // A sentence that claims a write (in any person, an answer from documents too) says no room's state.
    if (!opts.states || (opts.documents ? said && writeIn(sentence, false, c) : write)) continue;
    states.push(...statesIn(scriptClauses(sentence, c), words));
  }
  return { writes, states };
}

// A Chinese question asked by "A-not-A" ("有没有空", "是不是", "能不能", "可不可以"): it says no state.
const A_NOT_A = new RegExp(String.raw`(\p{Script=Han})[没沒不]\1`, 'u');

/** The rooms' states said in `clauses`: the first form found in a clause (turned forms are tried first), and no other of the other kind after it is taken out. */
function statesIn(clauses: string[], words: { re: RegExp; kind: ScriptState['kind'] }[]): ScriptState[] {
  return clauses.flatMap((clause) => {
    const first = words.find((w) => w.re.test(clause));
    if (!first) return [];
    const rest = clause.replace(first.re, ' ');
    return words.some((w) => w.kind !== first.kind && w.re.test(rest)) ? [] : [{ text: clause, kind: first.kind }];
  });
}
