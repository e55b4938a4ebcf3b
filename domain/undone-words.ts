/**
 * Writes not done, spoken of as done. After a write the approver rejected, that expired, met a booking,
 * failed at commit, or was refused or not valid to propose, a model can say it happened without a verb of booking: "✅ Room 3 · Fri 14:00–15:00 ·
 * Sarah", "Bis Freitag um 14 Uhr in Raum 3!", "Sarah's got the room, it's locked in for 14:00", "Room 3
 * is now booked for Sarah", "周五下午两点，3号会议室见！". The words of `claim-words.ts` read writes by their
 * verbs and nouns, and rooms' states only where the turn read some, so these pass a verifier that misses
 * them.
 *
 * Here a sentence that speaks of such a write (its room, a day or clock time of it, or the person it was
 * for) and says nothing of it not being done is a claim that it was: a write claim of its kind, which
 * only a receipt that agrees with it backs. A sentence says it was not done, or does not say it was,
 * when it names the failure ("rejected", "abgelehnt", "冲突"), asks or supposes ("if", "wenn", "如果");
 * or when the parts of it that speak of the write (between its commas, dashes and joining words)
 * negate, apologise, offer, speak of the request or the approval, say what stays as it was ("still",
 * "sigue") or offer another way ("instead"): "No worries, Sarah has Room 3 at 2pm" claims it, its
 * filler aside; when it says the room is free (a room's state, judged by the reads);
 * when it says the room is booked where the turn read a booking there (the conflict relayed), unless
 * it names the person the write was for ("Room 3 is booked for Sarah" after Sarah's booking met
 * Alice's); when it introduces what follows (ends with a colon); and when it quotes the approver's
 * comment or the system's reason.
 *
 * Conservative the other way from the rest of the words: a sentence of an honest answer that names the
 * write and none of those words ("Here is the status of Room 3") is sent back once, and the second time
 * the outcome block, which states what became of the write, is the answer. Pure and shared with the
 * workflow bundle: patterns are built from strings, each use afresh.
 */
import { namesStretch, type JudgeOptions, type ReceiptDetail } from './calendar.js';
import { BOOKED, FREE, PARTS, readPart, sentencesOf } from './claim-words.js';
import { STATE_WORDS } from './claim-words-scripts.js';
import type { Claim } from './verify.js';

/** A write of the turn that was not done, as the sentences may speak of it. */
export interface UndoneWrite {
  kind: 'booked' | 'changed' | 'cancelled';
  /** The stretch it would have left (for a cancellation, the booking's own). */
  stretch: ReceiptDetail;
  /** Who the booking was for, as the write named them. */
  bookedFor: string | null;
  /** What became of it ("rejected", "conflict"), for the reason. */
  outcome: string;
  /** The turn read a booking in that room over that stretch (a conflict, a check): the room is booked then, by someone. */
  bookedThen: boolean;
  /** What the approver or the system said of it, which a sentence may quote. */
  said: string[];
  /** Whom the bookings it met are for: "Room 3 is booked for Sarah" relays one of hers. */
  heldBy?: string[];
  /** An approver approved it (the commit then met a booking or failed): "Alice approved it" is true. */
  approved?: boolean;
}

const B = String.raw`(?<![\p{L}\p{N}'’])`;
const E = String.raw`(?![\p{L}\p{N}])`;

// Words that say a write was not done, or do not say it was: negations, the failure named, an apology,
// a question, a supposition, an offer, the request or the approval, what stays as it was, another way.
// Latin-alphabet languages as words (a trailing `\p{L}*` where the word is a stem).
const NOT_AS_DONE_WORDS = [
  // English.
  String.raw`not|no|never|nothing|none|nobody|cannot|\p{L}+n['’]t|unable|fail\p{L}*|reject\p{L}*|declin\p{L}*|den(?:y|ied|ial)|refus\p{L}*|expir\p{L}*|conflict\p{L}*|clash\p{L}*|overlap\p{L}*|sorry|unfortunately|regrett?\p{L}*|instead|other|another|need\p{L}*|alternative\p{L}*|still|remains?|stays?|unchanged|if|whether|unless|shall|should|would|could|can|may|might|want|like|prefer|request\p{L}*|ask\p{L}*|pending|waiting|await\p{L}*|approv\p{L}*|again|retry|try`,
  // German.
  String.raw`nicht|kein\p{L}*|nie|nichts|niemand|leider|abgelehnt|abgelaufen|verweigert|fehlgeschlagen|gescheitert|konflikt\p{L}*|überschneid\p{L}*|überschnitt\p{L}*|kollidier\p{L}*|stattdessen|alternativ\p{L}*|ander\p{L}*|brauch\p{L}*|noch|bleibt|weiterhin|unverändert|wenn|falls|ob|soll\p{L}*|möchte\p{L}*|würde\p{L}*|könnte\p{L}*|kann|anfrage\p{L}*|angefragt|genehmig\p{L}*|freigabe\p{L}*|erneut|nochmal|entschuldig\p{L}*`,
  // Spanish.
  String.raw`no|nunca|nada|nadie|ningun\p{L}*|ningún|lamentablemente|desafortunadamente|siento|perdón|disculp\p{L}*|rechaz\p{L}*|deneg\p{L}*|expir\p{L}*|caduc\p{L}*|venci\p{L}*|conflicto\p{L}*|solap\p{L}*|en\s+cambio|en\s+su\s+lugar|alternativ\p{L}*|otr[oa]s?|necesit\p{L}*|sigue|siguen|todavía|todavia|aún|si|quieres|quiere|desea\p{L}*|puedo|podría|podria|puede|solicit\p{L}*|pediste|pidió|pendiente|espera\p{L}*|aprob\p{L}*|de\s+nuevo|intentar`,
  // French ("ne" and "n'" before the verb).
  String.raw`ne|n['’]\p{L}*|pas|jamais|rien|aucun\p{L}*|personne|malheureusement|désolée?|desolee?|refus\p{L}*|rejet\p{L}*|expir\p{L}*|conflit\p{L}*|chevauch\p{L}*|à\s+la\s+place|plutôt|alternativ\p{L}*|autres?|besoin|toujours|reste|si|souhait\p{L}*|voulez|veux|pourrais|pourriez|demand\p{L}*|attente|approb\p{L}*|approuv\p{L}*|de\s+nouveau|à\s+nouveau|réessay\p{L}*`,
  // Italian.
  String.raw`non|mai|niente|nessun\p{L}*|purtroppo|spiacente|dispiace|rifiutat\p{L}*|respint\p{L}*|negat\p{L}*|scadut\p{L}*|conflitt\p{L}*|sovrappo\p{L}*|invece|alternativ\p{L}*|altr[oaie]|bisogn\p{L}*|ancora|resta|rimane|se|vuoi|vuole|desideri|posso|potrei|richiest\p{L}*|attesa|approv\p{L}*|riprov\p{L}*`,
  // Portuguese.
  String.raw`não|nao|nunca|nada|nenhum\p{L}*|ninguém|infelizmente|desculp\p{L}*|lament\p{L}*|rejeitad\p{L}*|recusad\p{L}*|negad\p{L}*|expirad\p{L}*|conflito\p{L}*|sobrepo\p{L}*|em\s+vez|alternativ\p{L}*|outr[oa]s?|precis\p{L}*|ainda|continua|permanece|se|quer|queres|deseja\p{L}*|posso|poderia|solicit\p{L}*|pedido|pendente|aguard\p{L}*|aprov\p{L}*|novamente`,
  // Dutch.
  String.raw`niet|geen|nooit|niets|helaas|afgewezen|geweigerd|verlopen|mislukt|in\s+plaats|alternatie\p{L}*|ander\p{L}*|nodig|nog|blijft|als|wil|wilt|kan|kunt|zou|aangevraagd|aanvraag|goedkeuring|opnieuw`,
  // Russian (Cyrillic words have the same bounds).
  String.raw`не|нет|ни|никак\p{L}*|отклон\p{L}*|отказ\p{L}*|истек\p{L}*|истёк\p{L}*|конфликт\p{L}*|пересека\p{L}*|сожалению|извин\p{L}*|вместо|альтернатив\p{L}*|друг\p{L}*|нужн\p{L}*|ещё|еще|по-прежнему|оста[её]тся|если|хотите|можно|могу|запрос\p{L}*|заявк\p{L}*|ожида\p{L}*|одобр\p{L}*|соглас\p{L}*|снова`,
].join('|');
// The failure named: said anywhere in a sentence, it speaks of the write as not done ("Room 3, Friday
// 14:00: rejected"). The other words count only in the part of the sentence that speaks of the write, so
// a filler elsewhere ("No worries, Sarah has Room 3 at 2pm") does not pass a claim.
const FAILURE_WORDS = [
  String.raw`cannot|can['’]?t|couldn['’]?t|didn['’]?t|wasn['’]?t|unable|fail\p{L}*|reject\p{L}*|declin\p{L}*|denied|refused|expired|conflicts?|conflicting|clash\p{L}*|turned\s+(?:it\s+)?down|vetoed`,
  String.raw`abgelehnt|abgelaufen|verweigert|fehlgeschlagen|gescheitert|konflikt\p{L}*|kollidier\p{L}*`,
  String.raw`rechazad\p{L}*|denegad\p{L}*|expirad\p{L}*|caducad\p{L}*|conflicto\p{L}*`,
  String.raw`refusée?s?|rejetée?s?|expirée?s?|conflit\p{L}*`,
  String.raw`rifiutat\p{L}*|respint\p{L}*|scadut\p{L}*|conflitt\p{L}*`,
  String.raw`rejeitad\p{L}*|recusad\p{L}*|expirad\p{L}*|conflito\p{L}*`,
  String.raw`afgewezen|geweigerd|verlopen|mislukt`,
  String.raw`отклон\p{L}*|отказ\p{L}*|истек\p{L}*|истёк\p{L}*|конфликт\p{L}*|не\s+удалось`,
].join('|');
// Said done, whatever else the sentence asks: a check mark, "all set", "done", "erledigt", "listo", "c'est fait", "完了".
const DONE_WORDS = String.raw`all\s+set|done|sorted|locked\s+in|erledigt|geschafft|listo|hecho|c['’]est\s+fait|fatto|pronto|feito|klaar|geregeld|готово|сделано`;
const DONE_PARTS = '✅|✔|☑|👍|🎉|完成了|搞定|完了しました|완료';
// A supposition governs its whole sentence too ("If Alice approves it later, Room 3 is yours at 2pm").
const SUPPOSING_WORDS = String.raw`if|unless|once|whether|wenn|falls|sobald|sofern|si|se|als|zodra|если|как\s+только`;
const SUPPOSING_PARTS = '如果|假如|要是|一旦|もし|たら|れば|만약|하면|되면';
// The outcome block's own label for a write not done, in each language ("Not done: …", "Не выполнено: …"): a model may copy it.
const NOT_DONE_LABELS = String.raw`not\s+done|nicht\s+erledigt|no\s+realizado|non\s+effectué|non\s+eseguito|não\s+realizado|не\s+выполнено`;
const FAILURE_PARTS = '未完成|未完了|미완료|无法|無法|未能|拒绝|拒絕|驳回|駁回|过期|過期|冲突|衝突|失败|失敗|却下|拒否|期限切れ|競合|できませんでした|거절|반려|만료|충돌|못했';

// Chinese, Japanese and Korean, written with no spaces: as parts of words.
const NOT_AS_DONE_PARTS = [
  // Chinese.
  '不|没|沒|未|无法|無法|拒绝|拒絕|驳回|駁回|过期|過期|失效|冲突|衝突|抱歉|遗憾|遺憾|仍|还是|還是|依然|如果|是否|要不要|需要|申请|申請|请求|請求|审批|審批|批准|等待|改为|或者|吗|嗎|吧',
  // Japanese.
  'ない|ません|なかった|却下|拒否|期限切れ|失効|重複|競合|申し訳|残念|まだ|引き続き|もし|場合|いかが|ましょうか|ますか|申請|依頼|リクエスト|承認|代わり',
  // Korean.
  '않|못|없|거절|반려|만료|충돌|겹|죄송|아쉽|유감|아직|여전히|만약|경우|까요|요청|신청|승인|대기|대신',
].join('|');

// An approval said given ("your request was approved", "wurde genehmigt", "已获批准", "承認されました"): after
// writes none of which an approver approved, a claim that one was, which only a receipt backs. Its
// parts that negate, wait or suppose say otherwise ("not approved yet", "waiting to be approved").
// What the approval is said of, in the same part: the request, the booking, "it" (not "expense reports are approved within 3 days").
const OF_THE_WRITE = [
  String.raw`(?<![\p{L}])(?:it|request|booking|reservation|Anfrage|Buchung|Reservierung|solicitud|reserva|demande|réservation|richiesta|prenotazione|pedido|aanvraag|boeking|reservering|заявк\p{L}*|брон\p{L}*|запрос\p{L}*)(?![\p{L}])`,
  '申请|申請|预订|預訂|预定|預定|预约|預約|予約|リクエスト|예약|요청',
].join('|');
const APPROVED = [
  String.raw`(?<![\p{L}])(?:approved|accepted|signed\s+off|green-?lit|genehmigt|freigegeben|aprobad[oa]s?|aceptad[oa]s?|approuvée?s?|acceptée?s?|validée?s?|approvat[oa]|accettat[oa]|aprovad[oa]s?|aceit[oa]s?|goedgekeurd|одобрен\p{L}*|утвержд[её]н\p{L}*|согласован\p{L}*)(?![\p{L}])`,
  '获批|獲批|批准了|已批准|已经批准|已經批准|通过了审批|通過了審批|承認され|承認済|承認しました|승인되|승인됐|승인했',
].join('|');

// What in a part says an approval was not given, or not yet: a negation, a wait, a need.
const NEGATED_OR_WAITING = [
  String.raw`not|no|never|nobody|none|\p{L}+n['’]t|yet|pending|waiting|await\p{L}*|needs?|must|until|before`,
  String.raw`nicht|kein\p{L}*|nie|niemand|noch|ausstehend|warte\p{L}*|muss|bevor`,
  String.raw`no|nunca|nadie|ningun\p{L}*|todavía|aún|pendiente|espera\p{L}*|debe|antes`,
  String.raw`ne|n['’]\p{L}*|pas|jamais|personne|aucun\p{L}*|encore|attente|attend\p{L}*|doit|avant`,
  String.raw`non|mai|nessun\p{L}*|ancora|attesa|deve|prima`,
  String.raw`não|nao|nunca|ninguém|nenhum\p{L}*|ainda|pendente|aguard\p{L}*|deve|antes`,
  String.raw`niet|geen|nooit|niemand|nog|wacht\p{L}*|moet|voordat`,
  String.raw`не|нет|ни|никто|ещё|еще|ожида\p{L}*|должн\p{L}*|до`,
].join('|');
const NEGATED_OR_WAITING_PARTS = '不|没|沒|未|尚未|还没|還沒|等待|待|需要|ない|ません|待ち|まだ|않|못|아직|대기';

// Said booked, beside the words of `claim-words.ts` (which read "taken" only after a verb).
const TAKEN = 'taken|prise|prises|tomad[oa]s?|pres[oa]|ocupad[oa]s?|vergeben';

/** Whether a sentence says the room is free (a room's state the reads judge), or booked. */
function statesIn(sentence: string): { free: boolean; booked: boolean } {
  const latin = (words: string) => new RegExp(`${B}(?:${words})${E}`, 'iu').test(sentence);
  const scripts = (kind: 'available' | 'exists') => STATE_WORDS.some((w) => w.kind === kind && new RegExp(w.source, 'iu').test(sentence));
  return { free: latin(FREE) || scripts('available'), booked: latin(`${BOOKED}|${TAKEN}`) || scripts('exists') };
}

/** A text as compared for quoting: case, spacing, quotes and end punctuation aside. */
const norm = (t: string) => t.toLowerCase().replace(/["“”'‘’«»「」]/g, '').replace(/\s+/g, ' ').replace(/^[\s.,;:!()]+|[\s.,;:!()]+$/g, '').trim();
/** Two texts the same, one holding the other (a comment quoted whole, or a sentence of it). */
const quotes = (sentence: string, said: string) => {
  const [x, y] = [norm(sentence), norm(said)];
  return y.length >= 12 && (x.includes(y) || y.includes(x));
};
/** A part of a sentence that `said` holds (a comment or reason quoted in part). */
const inside = (part: string, said: string) => {
  const x = norm(part);
  return x.length >= 4 && norm(said).includes(x);
};

/** Whether `sentence` names `person`, whole or by one of their names ("Sarah" for "Sarah Connor"), as whole words. */
const namesPerson = (sentence: string, person: string | null) => {
  const whole = person?.trim() ?? '';
  // Its parts that are names: a capital, then small letters ("Sarah Connor"; not "the" of "the sales team").
  const names = [whole, ...whole.split(/\s+/).filter((n) => new RegExp(String.raw`^\p{Lu}\p{Ll}+$`, 'u').test(n))].filter((n) => n.length >= 2);
  return names.some((n) => new RegExp(`(?<![\\p{L}\\p{N}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(sentence));
};

/**
 * The sentences of `text` that speak of an undone write as done, each a write claim of its kind marked
 * with what became of the write (`undone`). `names` are the rooms the conversation has seen; `judging`
 * reads days and times as the turn's judgement of claims does.
 */
export function undoneEchoes(text: string, undone: readonly UndoneWrite[], opts: { names: readonly string[]; timezone: string; judging: JudgeOptions }): Claim[] {
  if (undone.length === 0) return [];
  const failure = new RegExp(`${B}(?:${FAILURE_WORDS}|${SUPPOSING_WORDS}|${NOT_DONE_LABELS})${E}|${FAILURE_PARTS}|${SUPPOSING_PARTS}`, 'iu');
  // A question asks, unless it also says the thing is done ("✅ Room 3 · 14:00 · Sarah — anything else?").
  const asks = (sentence: string) => /[?¿？]/u.test(sentence) && !new RegExp(`${B}(?:${DONE_WORDS})${E}|${DONE_PARTS}`, 'iu').test(sentence);
  const notAsDone = new RegExp(`${B}(?:${NOT_AS_DONE_WORDS})${E}|${NOT_AS_DONE_PARTS}`, 'iu');
  const negatedOrWaiting = new RegExp(`${B}(?:${NEGATED_OR_WAITING})${E}|${NEGATED_OR_WAITING_PARTS}`, 'iu');
  const parts = new RegExp(`${PARTS}|\\s*(?::(?=\\s)|[：，、；])\\s*|\\s+(?:и|но|а)(?![\\p{L}])\\s*`, 'iu');
  const out: Claim[] = [];
  // "Approved" is a claim where no write of the turn was: the kind of the first such write.
  const unapproved = undone.find((w) => !w.approved);
  const approvedSaid = new RegExp(APPROVED, 'iu');
  const ofTheWrite = new RegExp(OF_THE_WRITE, 'iu');
  const cites = new RegExp(String.raw`\.pdf(?![\p{L}])|\(\s*pp?\.\s*\d`, 'iu');
  // Read as far as the other words are (`readPart`), so a hostile length costs the workflow thread bounded time.
  // Sentences end at "。！？!" too, and at ".", "?" or "…" before what starts no lower-case word ("… instead? ✅ Room 3 · 14:00").
  const end = new RegExp(String.raw`(?<=[。！？!])\s*|(?<=(?<![\p{N}])[.?…])\s+(?=[^\p{Ll}\p{N}])`, 'u');
  const sentences = sentencesOf(readPart(text)).flatMap((s) => s.split(end)).map((s) => s.trim()).filter(Boolean);
  for (const sentence of sentences) {
    // A sentence that cites a page speaks for the documents ("Client meals on Friday are reimbursed up to 60 EUR (policy.pdf p.1)");
    // a citation of a page the turn did not retrieve is gone before the check (`stripUnretrievedCitations`).
    if (/[:：]$/.test(sentence) || failure.test(sentence) || asks(sentence) || cites.test(sentence)) continue;
    // An approval said given, of the request or booking, in a part that neither negates nor waits.
    if (unapproved && sentence.split(parts).some((part) => approvedSaid.test(part) && ofTheWrite.test(part) && !negatedOrWaiting.test(part))) {
      out.push({ text: sentence, kind: unapproved.kind, receiptId: null, whose: null, byWords: true, undone: unapproved.outcome });
      continue;
    }
    const states = statesIn(sentence);
    if (states.free) continue;
    for (const w of undone) {
      if (w.said.some((said) => quotes(sentence, said))) continue;
      // The parts of the sentence that speak of the write, none of which says it was not done (a part
      // the approver's comment or the system's reason holds is theirs, quoted).
      const speaking = sentence
        .split(parts)
        .filter((part) => part && !w.said.some((said) => inside(part, said)) && (namesPerson(part, w.bookedFor) || namesStretch(part, w.stretch, opts.timezone, opts.names, opts.judging)));
      if (speaking.length === 0 || speaking.some((part) => notAsDone.test(part))) continue;
      // "Room 3 is booked at 14:00" after the write met a booking there relays it; "booked for Sarah" claims hers.
      // A cancellation not done leaves the booking there: said booked, it is.
      const forThem = namesPerson(sentence, w.bookedFor);
      const theirsMet = forThem && (w.heldBy ?? []).some((p) => namesPerson(p, w.bookedFor));
      if (states.booked && (!forThem || theirsMet) && (w.bookedThen || w.kind === 'cancelled')) continue;
      out.push({ text: sentence, kind: w.kind, receiptId: null, whose: null, byWords: true, undone: w.outcome });
      break;
    }
  }
  return out;
}
