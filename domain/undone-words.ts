/**
 * Writes not done, spoken of as done. After a write was rejected, expired, met a booking, failed, or was
 * refused or not valid to propose, a model can say it happened with no verb of booking ("✅ Room 3 · Fri
 * 14:00 · Sarah", "Bis Freitag um 14 Uhr in Raum 3!", "周五下午两点，3号会议室见！"), which `claim-words.ts`
 * does not read. Here a sentence that names such a write (its room, a day or hour of it, its person) and
 * says nothing of it not being done, or says the request was approved where none was, is a write claim
 * of it, which only a receipt that agrees backs. What says it was not done: the failure named, a
 * supposition, a question (unless it says the thing is done, or only offers more help or a next step beyond
 * the write after saying it) anywhere in the sentence; a negation, apology, offer, wait or other way in the
 * part that names the write ("no conflicts", "no worries", "only needs to show up", "as requested", "waiting
 * for Sarah" are none of those; "si", "se" and "als" as the question's language reads them; a supposition that
 * only closes with more help, "…, let me know if you need anything else", supposes nothing; a request said to
 * have come through, or the thing requested said to be had, asks nothing; "fell through", "off the table"
 * say it was not done; after a cancellation not done, its booking said held by its holder relays it, said not held
 * claims it; after a move not done, "instead" passes nothing, where the booking is relays it, its leaving claims
 * the move). Rooms said
 * free, a booking the turn read relayed, a cited page, a quoted comment or reason, the outcome block's
 * label: not claims. A booking or cancellation the question asked for and the turn never tried is read the same
 * way (`asksToBook`, `asksToCancel`, `askedFor`; `UndoneWrite.untried`), with what a relay of its check says.
 * docs/api.md ("What the copilot may claim") has the cases. An honest sentence with none of those words
 * is sent back once. Shared with the workflow bundle: patterns are built from strings.
 */
import { escapeRegExp, MONTH_WORDS, WEEKDAY_WORDS, namePattern, namesStretch, roomKey, roomsNamed, type JudgeOptions, type ReceiptDetail } from './calendar.js';
import { BOOKED, BOOKED_MORE, FREE, FREE_MORE, PARTS, readPart, sentencesOf } from './claim-words.js';
import { IDLE_IF_PARTS, IDLE_IF_WORDS, inLatinTerms } from './calendar-words.js';
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
  /** The turn read a booking in that room then (a conflict, a check). */
  bookedThen: boolean;
  /** What the approver or the system said of it, which a sentence may quote. */
  said: string[];
  /** Whom the bookings it met are for: "Room 3 is booked for Sarah" relays one of hers. */
  heldBy?: string[];
  /** One of the bookings it met is the asker's own: "You already have Room 3" relays it (holders-met). */
  heldByAsker?: boolean;
  /** An approver approved it (the commit then met a booking or failed): "Alice approved it" is true. */
  approved?: boolean;
  /** For a change: the booking as it is (and stays, the change not done), which a sentence may relay. */
  current?: ReceiptDetail;
  /**
   * Asked for by the question and never tried (untried-writes): a booking, of a stretch the turn read free or
   * booked (`heldBy` its holder) or, where it read none, of a room the question names over the year ahead; a
   * cancellation, of a booking it read (`bookedThen`) or of a stretch it read free. A sentence that says a room free, says it booked but not for the person,
   * relays the check ("I checked…", "no bookings"), offers the write ("I'll book it once you confirm"), speaks of
   * another room only, or names the holder of the booking read and not the person, is no claim of it.
   */
  untried?: boolean;
}

// A name's or a second person's word's bounds: no letter of its own script, nor a digit, beside it ("是Sarah的" names Sarah; "Sarahs" does not).
export const NB = String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}])`;
export const NE = String.raw`(?![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}])`;
// The reader, in the question's language and in English: "you", "your", "du", "vous", "你"…
const SECOND_PERSON: Record<string, string> = {
  en: String.raw`you|your|yours|yourself|you['’](?:re|ve|ll|d)`,
  de: String.raw`du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*|Ihnen|Ihre?[mnrs]?`,
  es: String.raw`tú|tu|tus|tienes|usted|ustedes|tuy[oa]s?|contigo`,
  fr: String.raw`vous|votre|vos|tu|toi|ton|ta|tes`,
  it: String.raw`tu|tuo|tua|tuoi|tue|hai|voi|vostr\p{L}*`,
  pt: String.raw`você|vocês|tu|teu|tua|teus|tuas|contigo`,
  nl: String.raw`je|jij|jou|jouw|u|uw`,
  ru: String.raw`вы|вас|вам|вами|ваш\p{L}*|ты|тебя|тебе|твой|твоя|твоё|твое|твои\p{L}*`,
};
const SECOND_PERSON_PARTS = '你|您|あなた|당신|고객님|귀하';
/** The words of `table` in English and in `language` (bounded as names are), or `parts` (scripts with no spaces). */
const inLanguage = (table: Record<string, string>, parts: string, language: string | undefined) => {
  const words = [table.en, ...(language && language !== 'en' && table[language] ? [table[language]] : [])].join('|');
  return new RegExp(`${NB}(?:${words})${NE}|${parts}`, 'iu');
};
/** "You" and its kin, in `language` and in English: the reader of an answer, the person asking. */
export const secondPerson = (language: string | undefined) => inLanguage(SECOND_PERSON, SECOND_PERSON_PARTS, language);

// The asker said to hold a booking, in the question's language and English: "You (already) have", "it's yours", "du hast",
// "vous l'avez", "ya tienes", "você já tem", "你已经有", "Sie haben" (the booking met is the asker's: said to them, the polite
// "you", not "they"), "あなたが予約", "이미 예약하셨" (not "your request", nor "su", a third person's as much as theirs).
const ASKER_HOLDS: Record<string, string> = {
  en: String.raw`you(?:['’]ve)?\s+(?:(?:already|still)\s+)?(?:have|hold|got|booked|reserved)|(?:is|it['’]s)\s+(?:already\s+|still\s+)?yours`,
  de: String.raw`du\s+hast|hast\s+du|ihr\s+habt|gehört\s+dir|Sie\s+(?:(?:schon|bereits|noch)\s+)?haben|haben\s+Sie|gehört\s+Ihnen`,
  es: String.raw`tienes|tiene\s+usted|usted\s+(?:ya\s+)?tiene|es\s+tuy[oa]`,
  fr: String.raw`vous\s+(?:l['’]\s*)?(?:avez|aviez)|tu\s+(?:l['’]\s*)?as|est\s+à\s+(?:vous|toi)`,
  it: String.raw`hai|è\s+(?:tua|tuo)`,
  pt: String.raw`(?:você|vocês)\s+(?:já\s+|ainda\s+)?(?:tem|têm)|tu\s+(?:já\s+|ainda\s+)?tens|é\s+(?:tua|teu)`,
  nl: String.raw`(?:je|jij|u)\s+(?:hebt|heeft|had)|heb\s+je|hebt\s+u`,
  ru: String.raw`у\s+(?:вас|тебя)`,
};
const ASKER_HOLDS_PARTS = '你已经有|您已经有|你有|您有|是你的|是您的|あなたが|あなたは|あなたの|ご自身の|お持ちです|이미\\s*예약하셨|예약하셨습니다|예약하신|당신이|당신은|당신의';
/** The asker said to hold a booking ("You already have Room 3"), in `language` and in English (holders-met). */
const askerHolds = (language: string | undefined) => inLanguage(ASKER_HOLDS, ASKER_HOLDS_PARTS, language);

const B = String.raw`(?<![\p{L}\p{N}'’])`;
const E = String.raw`(?![\p{L}\p{N}])`;

// Words that say a write was not done, or do not say it was: negations, the failure named, an apology,
// a question, a supposition, an offer, the request or the approval, what stays as it was, another way.
// Latin-alphabet languages as words (a trailing `\p{L}*` where the word is a stem).
const NOT_AS_DONE_WORDS = [
  // English.
  String.raw`not|no|never|nothing|none|nobody|cannot|\p{L}+n['’]t|unable|fail\p{L}*|reject\p{L}*|declin\p{L}*|den(?:y|ied|ial)|refus\p{L}*|expir\p{L}*|conflict\p{L}*|clash\p{L}*|overlap\p{L}*|sorry|unfortunately|regrett?\p{L}*|instead|other|another|need\p{L}*|alternative\p{L}*|still|remains?|stays?|unchanged|if|whether|unless|shall|should|would|could|might|want|like|prefer|request\p{L}*|ask\p{L}*|pending|waiting|await\p{L}*|approv\p{L}*|again|retry|try`,
  // German.
  String.raw`nicht|kein\p{L}*|nie|nichts|niemand|leider|abgelehnt|abgelaufen|verweigert|fehlgeschlagen|gescheitert|konflikt\p{L}*|überschneid\p{L}*|überschnitt\p{L}*|kollidier\p{L}*|stattdessen|alternativ\p{L}*|ander\p{L}*|brauch\p{L}*|noch|bleibt|weiterhin|unverändert|wenn|falls|ob|soll\p{L}*|möchte\p{L}*|würde\p{L}*|könnte\p{L}*|anfrage\p{L}*|angefragt|genehmig\p{L}*|freigabe\p{L}*|erneut|nochmal|entschuldig\p{L}*`,
  // Spanish.
  String.raw`no|nunca|nada|nadie|ningun\p{L}*|ningún|lamentablemente|desafortunadamente|siento|perdón|disculp\p{L}*|rechaz\p{L}*|deneg\p{L}*|expir\p{L}*|caduc\p{L}*|venci\p{L}*|conflicto\p{L}*|solap\p{L}*|en\s+cambio|en\s+su\s+lugar|alternativ\p{L}*|otr[oa]s?|necesit\p{L}*|sigue|siguen|todavía|todavia|aún|si|quieres|quiere|desea\p{L}*|puedo|podría|podria|solicit\p{L}*|pediste|pidió|pendiente|espera\p{L}*|aprob\p{L}*|de\s+nuevo|intentar`,
  // French ("ne" and "n'" before the verb).
  String.raw`ne|n['’]\p{L}*|pas|jamais|rien|aucun\p{L}*|personne|malheureusement|désolée?|desolee?|refus\p{L}*|rejet\p{L}*|expir\p{L}*|conflit\p{L}*|chevauch\p{L}*|à\s+la\s+place|plutôt|alternativ\p{L}*|autres?|besoin|toujours|reste|si|souhait\p{L}*|voulez|veux|pourrais|pourriez|demand\p{L}*|attente|approb\p{L}*|approuv\p{L}*|de\s+nouveau|à\s+nouveau|réessay\p{L}*`,
  // Italian.
  String.raw`non|mai|niente|nessun\p{L}*|purtroppo|spiacente|dispiace|rifiutat\p{L}*|respint\p{L}*|negat\p{L}*|scadut\p{L}*|conflitt\p{L}*|sovrappo\p{L}*|invece|alternativ\p{L}*|altr[oaie]|bisogn\p{L}*|ancora|resta|rimane|se|vuoi|vuole|desideri|posso|potrei|richiest\p{L}*|attesa|approv\p{L}*|riprov\p{L}*`,
  // Portuguese.
  String.raw`não|nao|nunca|nada|nenhum\p{L}*|ninguém|infelizmente|desculp\p{L}*|lament\p{L}*|rejeitad\p{L}*|recusad\p{L}*|negad\p{L}*|expirad\p{L}*|conflito\p{L}*|sobrepo\p{L}*|em\s+vez|alternativ\p{L}*|outr[oa]s?|precis\p{L}*|ainda|continua|permanece|se|quer|queres|deseja\p{L}*|posso|poderia|solicit\p{L}*|pedido|pendente|aguard\p{L}*|aprov\p{L}*|novamente`,
  // Dutch.
  String.raw`niet|geen|nooit|niets|helaas|afgewezen|geweigerd|verlopen|mislukt|in\s+plaats|alternatie\p{L}*|ander\p{L}*|nodig|nog|blijft|als|wil|wilt|kunt|zou|aangevraagd|aanvraag|goedkeuring|opnieuw`,
  // Russian (Cyrillic words have the same bounds).
  String.raw`не|нет|ни|никак\p{L}*|отклон\p{L}*|отказ\p{L}*|истек\p{L}*|истёк\p{L}*|конфликт\p{L}*|пересека\p{L}*|сожалению|извин\p{L}*|вместо|альтернатив\p{L}*|друг\p{L}*|нужн\p{L}*|ещё|еще|по-прежнему|оста[её]тся|если|хотите|можно|могу|запрос\p{L}*|заявк\p{L}*|ожида\p{L}*|одобр\p{L}*|соглас\p{L}*|снова`,
].join('|');
// Idioms of a write that did not happen ("fell through", "off the table", "lost out", "without a room", "look
// elsewhere", "geplatzt", "se cayó", "tombé à l'eau", "saltata"): since fell-through, they say it was not done as
// the words above do. Not "blocked" or "dropped", which can say a room is held for someone.
const FELL_THROUGH_WORDS = [
  String.raw`fell\s+through|fallen\s+through|off\s+the\s+table|lost\s+out|missed\s+out|no[-\s]go|no\s+dice|scrapped|nixed|(?:look|search|go|meet|try|book)\s+(?:\p{L}+\s+)?elsewhere|without\s+(?:a|any|the)\s+(?:room|booking|reservation|slot)|(?:look|search)\s+for\s+another`,
  String.raw`geplatzt|vom\s+Tisch|ins\s+Wasser\s+gefallen|woanders|ohne\s+(?:Raum|Buchung|Reservierung)`,
  String.raw`cayó|vino\s+abajo|quedó\s+sin|sin\s+(?:sala|reserva)|en\s+otro\s+lugar|otra\s+parte`,
  String.raw`tombée?\s+à\s+l['’]eau|à\s+l['’]eau|sans\s+(?:salle|réservation)|ailleurs`,
  String.raw`saltat[oa]|sfumat[oa]|andat[oa]\s+in\s+fumo|senza\s+(?:sala|prenotazione)|altrove`,
  String.raw`caiu\s+por\s+terra|furou|sem\s+(?:sala|reserva)|noutro\s+lugar|em\s+outro\s+lugar`,
  String.raw`gaat\s+niet\s+door|afgeblazen|zonder\s+(?:zaal|ruimte|boeking)|ergens\s+anders`,
  String.raw`сорвал\p{L}*|без\s+(?:переговорной|брони|комнаты)|в\s+другом\s+месте`,
].join('|');
const FELL_THROUGH_PARTS = '泡汤|落空|没戏|沒戲|黄了|黃了|另找|別の場所|他を探|다른\\s*곳|무산';
// Since refusals-said, the approver's refusal in the verbs and tenses the words above lack ("Bob disapproved Room 3 …",
// "shot it down", "lehnte … ab", "abgewiesen", "negó", "rehusó", "a décliné", "rifiutò", "bocciato", "recusou",
// "rejeitou", "negou", "afgekeurd", "wees … af", "отверг", "否决"): said of the write, they say it was not done. Only the
// forms of refusing: not "neg…" (Portuguese "negócio"), and a separable German or Dutch verb only with its "ab" or "af".
const REFUSAL_WORDS = [
  String.raw`disapprov\p{L}*|shot\s+(?:it\s+|that\s+|this\s+)?down|said\s+no`,
  String.raw`abgewiesen|zurückgewiesen|untersagt|lehnten?(?=[^.!?;:]*\sab(?![\p{L}]))`,
  String.raw`neg[óo]|negaron|rehus\p{L}*|desaprob\p{L}*`,
  String.raw`déclin\p{L}*|désapprouv\p{L}*`,
  String.raw`rifiut\p{L}*|bocciat[oaie]|bocciò`,
  String.raw`recusou|recusaram|rejeitou|rejeitaram|negou|negaram|indefer\p{L}*|reprov\p{L}*`,
  String.raw`afgekeurd|weigerde\p{L}*|(?:wees|wezen|keurden?)(?=[^.!?;:]*\saf(?![\p{L}]))`,
  String.raw`отверг\p{L}*`,
].join('|');
const REFUSAL_PARTS = '否决|否決|不批准|不予批准';
// A cancellation said by its noun ("the cancellation fell through"): of a cancellation not done, the idioms say so only of it;
// said of the booking ("Alice's booking was scrapped", "… is off the table") they say it is gone.
const CANCELLATION_NOUNS = String.raw`cancell?ations?|Stornierung\p{L}*|Absage|cancelaci[oó]n\p{L}*|anulaci[oó]n|annulation\p{L}*|cancellazion\p{L}*|cancelamento\p{L}*|annulering\p{L}*|отмен\p{L}*`;
const CANCELLATION_PARTS = '取消|キャンセル|취소';
// "Can" and "may" offer where the speaker or the user can ("I can try Room 2", "can I", "you may"); "Sarah
// can use Room 3 at 2pm" says she has it.
const CAN_OFFERS = String.raw`(?:i|we|you)\s+(?:can|may)|(?:can|may)\s+(?:i|we|you)|(?:ich|wir|sie|du)\s+(?:kann|können|kannst)|(?:kann|können|kannst)\s+(?:ich|wir|sie|du)|puedes|podemos|usted\s+puede|puede\s+usted|(?:ik|we|wij|je|jij|u)\s+(?:kan|kunnen)|(?:kan|kunnen)\s+(?:ik|we|wij|je|jij|u)`;
// Since overcome-failures, the user's "can" and a request again in French, Italian and Portuguese offer too ("vous pouvez
// redemander la salle 3", "puoi richiederla di nuovo", "você pode pedir de novo"), as "you can" and "puedes" did.
const YOU_CAN_MORE = String.raw`vous\s+pouvez|tu\s+peux|redemand\p{L}*|puoi|potete|richieder\p{L}*|di\s+nuovo|você\s+pode|vocês\s+podem|podes|pedir|de\s+novo`;
// Since obliged-steps, a step the person must still take toward the write says it was not done ("Sarah has to book Room 3
// at 2pm herself", "… must request it again", "Sarah muss Raum 3 … buchen", "tiene que reservar", "doit réserver", "deve
// prenotare", "tem de reservar", "должна забронировать"): an obligation, then within a word or two a verb of booking,
// requesting, asking or trying (at a German or Dutch clause's end). Not of what a booking had leads to ("Sarah just has to
// get there", "… has to check in at Room 3"), nor "Sarah must be thrilled: she has Room 3".
const OBLIGED_STEPS = String.raw`book|reserve|request|re-?request|ask|submit|re-?submit|try|retry|buchen|reservieren|anfragen|beantragen|fragen|einreichen|versuchen|boeken|reserveren|aanvragen|vragen|proberen|reservar|solicitar|pedir|preguntar|intentar|réserver|demander|redemander|réessayer|essayer|soumettre|prenotare|richiedere|chiedere|riprovare|provare|tentar|забронировать|запросить|попросить|попробовать|подать`;
const OBLIGED = [
  String.raw`(?:(?:has|have|had)|(?:will|would|['’]ll)\s+have)\s+to(?=(?:\s+\p{L}+)?\s+(?:${OBLIGED_STEPS})(?![\p{L}]))|(?:must|needs?\s+to|got\s+to|ought\s+to)(?=(?:\s+\p{L}+)?\s+(?:${OBLIGED_STEPS})(?![\p{L}]))`,
  String.raw`(?:muss|musst|müssen|müsste|müssten|moet|moeten)(?=(?:\s+[\p{L}\p{N}:.,]+){0,16}?\s+(?:${OBLIGED_STEPS})(?![\p{L}]))`,
  String.raw`(?:(?:tiene|tienes|tendrá|tendría|tengo|hay|tem|tens|terá|teria)\s+(?:que|de)|debe|debes|deberá|debería|doit|dois|devra|devrait|faut|faudra|deve|devi|dovrà|dovrebbe|deverá|deveria|должн\p{L}*|придётся|придется|надо|необходимо)(?=(?:\s+\p{L}+){0,2}?\s+(?:${OBLIGED_STEPS})(?![\p{L}]))`,
].join('|');
// Since wishes-said, the person's wish said of the write says it was not done, as "want" and "möchte" did: "Sarah wants Room 3
// at 2pm", "Sarah wanted …", "Sarah voulait la salle 3 …", "Sarah quería …", "Сара хотела …". Not "hope" alone, which the
// speaker says ("Hope Sarah enjoys Room 3 at 2pm!"); "as she wanted" and "the room she wanted" are taken out before (as-requested, requested-met).
const WISHED = String.raw`(?<!(?:as|like|comme|come|como|wie|zoals|как|everything|all|whatever|anything)\s+(?:\p{L}+['’]?\s*){0,2})(?:wants|wanted|wanting|wishes|wished|wishing|hoped|hoping|['’]d\s+like|longs?\s+for|wollte\p{L}*|wünscht\p{L}*|hoffte\p{L}*|quería\p{L}*|querría\p{L}*|quisiera\p{L}*|deseaba\p{L}*|deseó|esperaba\p{L}*|veut|voulait|voulaient|voudrait|voudraient|voulu|espérait|vorrebbe\p{L}*|voleva\p{L}*|desiderava\p{L}*|sperava\p{L}*|queria\p{L}*|gostaria\p{L}*|desejava\p{L}*|esperava\p{L}*|quis|wilde|wilden|wou|hoopte|wenste|хочет|хотят|хотел\p{L}*|надеял\p{L}*)`;
const WISHED_PARTS = '想要|希望|したい|たかった|たいです|싶|원했|원하';
// With it, everything the person needed or wanted said had ("Sarah has everything she needs: Room 3 at 2pm", "all she needs")
// is the thing requested said met, as "the room she asked for" is since requested-met: read as "it".
const NEEDS_MET = [
  String.raw`(?:everything|all|anything)\s+(?:that\s+)?(?:she|he|they|you|we)(?:['’]d)?\s+(?:needs?|needed|wants?|wanted|asked\s+for|requested|could\s+(?:want|need|ask\s+for))`,
  String.raw`alles,?\s+was\s+(?:sie|er|du|ihr)\s+(?:braucht|brauchte|brauchst|will|wollte|wünscht|wünschte)`,
  String.raw`todo\s+lo\s+que\s+(?:necesita|necesitaba|quiere|quería|pidió)`,
  String.raw`tout\s+ce\s+(?:dont\s+(?:elle|il|vous|tu)\s+(?:a|avait|avez|as)\s+besoin|qu['’](?:elle|il|vous|tu)\s+(?:veut|voulait|voulez|veux|demandait)|qu['’]il\s+(?:lui|vous|te)\s+faut)`,
  String.raw`tutto\s+(?:ciò|quello)\s+(?:di\s+cui\s+(?:ha|aveva)\s+bisogno|che\s+(?:voleva|vuole|(?:le|gli|ti)\s+serve))`,
  String.raw`tudo\s+(?:o\s+)?que\s+(?:ela\s+|ele\s+|você\s+)?(?:precisa|precisava|quer|queria)`,
  String.raw`вс[её],?\s+что\s+(?:ей\s+|ему\s+|вам\s+)?(?:нужно|надо|хотела|хотел)`,
].join('|');
// As turns recorded before the others-can patch read them: anyone's "can" offered.
const CAN_ANYONE = 'can|may|kann|puede|kan';
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
// A conflict said not to be ("no conflicts", "conflict-free", "ohne Überschneidung", "没有冲突", "競合なし"): it names
// no failure, and its "no" or "free" says nothing of the write. Taken out before the sentence is read.
const NO_CONFLICT_WORDS = [
  String.raw`(?:no|without|zero|free\s+of)\s+(?:\p{L}+\s+)?(?:conflicts?|clash\p{L}*|overlaps?|double[-\s]bookings?)|(?:conflict|clash)-free`,
  String.raw`(?:ohne|kein\p{L}*)\s+(?:\p{L}+\s+)?(?:konflikt\p{L}*|überschneidung\p{L}*|kollision\p{L}*)|konfliktfrei`,
  String.raw`(?:sin|ningún)\s+(?:\p{L}+\s+)?(?:conflictos?|solapamientos?)`,
  String.raw`(?:sans|aucun)\s+(?:\p{L}+\s+)?(?:conflits?|chevauchements?)`,
  String.raw`(?:senza|nessun)\s+(?:\p{L}+\s+)?(?:conflitt\p{L}*|sovrapposizion\p{L}*)`,
  String.raw`(?:sem|nenhum)\s+(?:\p{L}+\s+)?(?:conflitos?|sobreposiç\p{L}*)`,
  String.raw`(?:zonder|geen)\s+(?:\p{L}+\s+)?(?:conflict\p{L}*|overlap\p{L}*)`,
  String.raw`(?:без|нет)\s+(?:\p{L}+\s+)?(?:конфликт\p{L}*|пересечени\p{L}*)|конфликтов\s+нет`,
].join('|');
/** What stands where a conflict said not to be stood (an invisible separator). */
const CLEARED = '\u2063';
const NO_CONFLICT_PARTS = '没有任何冲突|沒有任何衝突|没有冲突|沒有衝突|无冲突|無衝突|不冲突|不衝突|冲突なし|競合なし|競合はありません|競合しません|重複なし|重複はありません|충돌이?\\s*없|겹치지\\s*않';
// A worry, an objection or a step said not to be ("Sarah doesn't need to worry", "Alice didn't object", "no
// worries", "Sarah n'a rien à faire", "keine Sorge", "不用担心"): it says nothing of the write, and names no
// failure. Taken out before the sentence is read, as a conflict said not to be is.
const NO_WORRY_WORDS = [
  String.raw`no\s+(?:worries|problem)|(?:don['’]?t|do\s+not|won['’]?t|will\s+not|doesn['’]?t|does\s+not|needn['’]?t|need\s+not)\s+(?:have\s+to\s+|need\s+to\s+)?(?:worry|fret)(?!\s+about)|(?:didn['’]?t|did\s+not)\s+(?:object|mind|complain)|(?:had|has|raised)\s+no\s+(?:objections?|concerns?|complaints?)|(?:has|have|need|needs)\s+nothing\s+(?:else\s+|more\s+|further\s+)?to\s+do`,
  String.raw`keine\s+(?:sorge|sorgen|einwände)|kein\s+(?:problem|einwand)|(?:muss|musst|müssen|braucht|brauchst)\s+sich\s+keine\s+sorgen\s+(?:zu\s+)?machen|hatte\s+nichts\s+dagegen`,
  String.raw`no\s+(?:te|se)\s+preocup\p{L}*|no\s+(?:tiene|tienes|hay)\s+que\s+preocupar\p{L}*|sin\s+problema|ningún\s+problema|no\s+hay\s+problema|no\s+(?:puso|tuvo)\s+(?:ninguna\s+)?objeci\p{L}*`,
  String.raw`pas\s+de\s+(?:souci|soucis|problème)|ne\s+(?:vous|t['’]|t)\s*inquiét\p{L}*\s+pas|n['’]\p{L}*\s+rien\s+(?:d['’]autre\s+)?à\s+faire|aucun\s+(?:souci|problème)`,
  String.raw`nessun\s+problema|non\s+(?:deve\s+|devi\s+)?preoccupar\p{L}*|non\s+ha\s+niente\s+da\s+fare`,
  String.raw`sem\s+problemas?|nenhum\s+problema|não\s+se\s+preocupe|não\s+(?:precisa|precisas)\s+(?:se\s+)?preocupar\p{L}*`,
  String.raw`geen\s+(?:zorgen|probleem|bezwaar)|hoeft\s+(?:zich\s+)?geen\s+zorgen`,
  String.raw`не\s+волн\p{L}*|не\s+беспок\p{L}*|без\s+проблем|нет\s+проблем`,
].join('|');
// Since unfailed: a failure said of nobody or nothing ("…, nothing failed", "…, nobody rejected it", "niemand hat
// abgelehnt", "nadie la rechazó", "rien n'a échoué", "没有人拒绝"): it names no failure and negates nothing. Taken out too.
const UNFAILED_WORDS = [
  String.raw`(?:nothing|nobody|no\s+one|no-one|none\s+of\s+(?:it|this|that|them))\s+(?:\p{L}+\s+){0,2}?(?:fail\p{L}*|reject\p{L}*|declin\p{L}*|refus\p{L}*|den(?:y|ies|ied)|object\p{L}*|turn\p{L}*\s+(?:it\s+|that\s+)?down|veto\p{L}*|went\s+wrong|go(?:es)?\s+wrong|gone\s+wrong|broke|clash\p{L}*|conflict\p{L}*|expired|blocked|stopped)`,
  String.raw`(?:nichts|niemand|keiner)\s+(?:\p{L}+\s+){0,2}?(?:abgelehnt|fehlgeschlagen|gescheitert|schiefgegangen|schiefgelaufen|schief\s+gelaufen|verweigert|widersprochen|blockiert)`,
  String.raw`nadie\s+(?:l[oa]s?\s+|se\s+|ha\s+|lo\s+ha\s+|la\s+ha\s+)?(?:rechaz\p{L}*|neg[óo]\p{L}*|objet\p{L}*|bloque\p{L}*)|nada\s+(?:ha\s+)?(?:fall[óo]|fallado|sali[óo]\s+mal)`,
  String.raw`(?:rien|personne)\s+(?:ne\s+l['’]a|n['’]a|n['’]ont)\s+(?:\p{L}+\s+)?(?:échoué|refusée?|rejetée?|objecté|bloquée?|mal\s+tourné)`,
  String.raw`nessuno\s+(?:l['’]ha|ha)\s+(?:rifiutat\p{L}*|respint\p{L}*|bloccat\p{L}*)|niente\s+(?:è\s+)?(?:fallito|andato\s+storto)`,
  String.raw`ninguém\s+(?:a\s+|o\s+)?(?:recusou|rejeitou|negou|bloqueou)|nada\s+(?:falhou|deu\s+errado)`,
  String.raw`niemand\s+heeft\s+(?:het\s+)?(?:afgewezen|geweigerd|geblokkeerd)|niets\s+(?:is\s+)?(?:mislukt|misgegaan)`,
  String.raw`никто\s+не\s+(?:отклонил\p{L}*|отказал\p{L}*|возраз\p{L}*|заблокировал\p{L}*)|ничего\s+не\s+(?:сломал\p{L}*|сорвал\p{L}*|провалил\p{L}*)`,
].join('|');
const UNFAILED_PARTS = '没有人拒绝|沒有人拒絕|没人拒绝|沒人拒絕|没有人反对|沒有人反對|没有失败|沒有失敗|没出问题|沒出問題|誰も(?:拒否|却下|反対)|失敗(?:は)?(?:ありません|していません)|아무도\\s*(?:거절|반대)|실패(?:는)?\\s*없';
// Since unneeded: an approval or a wait said not needed for the write ("… without needing approval", "… didn't need
// approval", "ohne Genehmigung", "sin necesidad de aprobación", "sans besoin d'approbation", "无需审批", "承認不要",
// "승인 없이"): it says the write was done without one, and negates nothing of it. Taken out too.
const APPROVAL_NOUNS = String.raw`approval|sign[-\s]?off|confirmation|authori[sz]ation|Genehmigung|Freigabe|Zustimmung|Bestätigung|aprobación|autorización|confirmación|approbation|validation|autorisation|accord|approvazione|autorizzazione|conferma|aprovação|autorização|confirmação|goedkeuring|toestemming|bevestiging|одобрения|согласования|подтверждения|разрешения`;
// Since expected-outcomes, "should" of what is expected to be so once a write is done asks nothing: "Sarah should now see
// Room 3 in her calendar", "… should show up shortly", "You should receive a confirmation", "Sarah should be all set", "…
// should have received the invite", "Sarah sollte Raum 3 … jetzt in ihrem Kalender sehen". Taken out before the sentence is
// read; "should" of advice ("Sarah should ask Alice again", "… should be requested again") and "should not" still ask.
const EXPECTED_WORDS = [
  String.raw`should(?:\s+(?:now|already|soon|by\s+now|then|also))?(?=\s+(?:see|show|appear|(?:receive|get)(?!\s+(?:an?\s+|her\s+|his\s+|their\s+|your\s+)?(?:answer|reply|response|decision|update|word|news|another|other))|have|find|arrive|reach|pop\s+up|land|be\s+(?:all\s+set|set|good\s+to\s+go|ready|confirmed|booked|reserved|there|visible|listed|showing|in\s+(?:her|his|their|your)|on\s+(?:her|his|their|your))))`,
  String.raw`sollte[n]?(?=(?:\s+[\p{L}\p{N}:.,]+){0,16}?\s+(?:sehen|erscheinen|auftauchen|erhalten|bekommen|haben|stehen|angezeigt|eingetragen|bestätigt|gebucht)(?![\p{L}]))`,
].join('|');
// Since presumed-steps, advice that presumes the write done asks nothing: "should" before going, being there, bringing or
// expecting ("Sarah should head to Room 3 at 2pm", "… should bring the slides to Room 3 …", "… should let her guests know:
// Room 3, 2pm"), "needs to" before bringing or setting up, "will want to be", "sollte … in Raum 3 sein"; and a step said
// no longer needed ("nothing more Sarah needs to do for Room 3 …", "Sarah need not do anything else …", "no longer needs
// to look for a room"). Taken out before the sentence is read, as "should" of what is expected is; "should" of asking,
// booking or another room ("Sarah should ask Bob again", "… should go to Room 2 instead") still asks by its other words.
const PRESUMED_WORDS = [
  String.raw`should(?:\s+(?:just|simply|then|now|probably))?(?=\s+(?:head|go|come|walk|arrive|be\s+(?:in|at)|turn\s+up|drop\s+by|bring|expect|welcome|meet|let\s+(?:\p{L}+\s+){0,3}know|tell|invite|prepare|plan\s+to\s+be)(?![\p{L}]))`,
  String.raw`needs?\s+to(?=\s+(?:bring|set\s+up|prepare)(?![\p{L}]))|will\s+want\s+to(?=\s+(?:be|arrive|head|come|show)(?![\p{L}]))`,
  String.raw`nothing\s+(?:more|else|further)\s+(?:\p{L}+\s+){0,2}needs?\s+to\s+do|need\s+not\s+do\s+anything(?:\s+(?:else|more))?|(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not)\s+need\s+to\s+do\s+anything(?:\s+(?:else|more))?|no\s+longer\s+needs?\s+to\s+(?:look|search|hunt|worry)(?:\s+for\s+(?:a|another|any)\s+(?:room|slot|space))?`,
  String.raw`sollten?(?=(?:\s+[\p{L}\p{N}:.,]+){0,16}?\s+(?:sein|kommen|gehen|erscheinen|mitbringen|hingehen|vorbeikommen)(?![\p{L}]))`,
].join('|');
// Since others-barred, everyone else said unable to have the room ("Nobody else can book Room 3 at 2pm now", "No one else
// will get it", "Niemand sonst kann Raum 3 … buchen", "Nadie más podrá reservar …", "Personne d'autre ne pourra réserver
// …"): it says the room booked, so read as "booked" (a claim where nothing was booked; after a write met a booking there,
// a relay of it), not as a negation.
const OTHERS_BARRED = [
  String.raw`(?:nobody|no\s+one|no-one)\s+else\s+(?:can|could|will|would|may|is\s+able\s+to)\s+(?:now\s+)?(?:book|get|take|have|use|reserve|grab)`,
  String.raw`niemand\s+(?:sonst|anderes?|anders)\s+(?:kann|könnte|wird|darf)`,
  String.raw`nadie\s+más\s+(?:puede|podrá|podría|va\s+a)\s+(?:reservar|tener|usar|coger|ocupar)`,
  String.raw`personne\s+d['’]autre\s+ne\s+(?:peut|pourra|pourrait|va)\s+(?:réserver|avoir|prendre|utiliser|occuper)`,
  String.raw`nessun\s+altro\s+(?:può|potrà|potrebbe)\s+(?:prenotare|avere|prendere|usare|occupare)`,
  String.raw`ninguém\s+mais\s+(?:pode|poderá|poderia|vai)\s+(?:reservar|ter|pegar|usar|ocupar)`,
  String.raw`niemand\s+anders\s+(?:kan|zal)\s+(?:boeken|krijgen|reserveren|gebruiken)`,
].join('|');
// Since presumed-after, where nothing was done and the booking the turn tried (or was asked for) is not, what presumes the
// booking had: a closer that presumes the meeting there, in a short sentence naming no room, day or hour ("See you there!",
// "Enjoy the meeting!", "Have a great meeting!", "Bis dann!", "¡Nos vemos allí!", "Bonne réunion !", "会议愉快！"); the
// booking said not needed again ("There's no need to book Room 3 again", "Sarah muss Raum 3 nicht noch einmal buchen", "No
// hace falta volver a reservar la sala 3", "Pas besoin de réserver à nouveau"); a reminder to cancel it later ("Don't forget to
// cancel Room 3 if Sarah's plans change", "If you want to cancel it later, just ask"); or where to find it ("You can find the
// booking under My Bookings", "You'll receive a calendar invite shortly"). Not a wish of luck ("Good luck with the meeting"),
// which is as true where nothing was booked. Read only where the answer nowhere relays the write (`undoneEchoes`).
const PRESUMED_CLOSERS = [
  String.raw`see\s+you\s+(?:there|then|in\s+there)|enjoy\s+(?:the|your|her|his|their)\s+(?:meeting|room|session|space|call|workshop)|enjoy(?=\s*[!.]*$)|have\s+(?:a|an)\s+(?:(?:great|good|nice|wonderful|productive|successful|fantastic|lovely|pleasant)\s+)?(?:meeting|session|workshop)`,
  String.raw`bis\s+(?:dann|nachher|gleich)|viel\s+spaß\s+(?:beim|bei\s+der|im|in\s+der)\s+(?:meeting|termin|treffen|besprechung|sitzung|raum)|(?:ein\s+)?(?:gutes|schönes|erfolgreiches)\s+(?:meeting|treffen)|(?:eine\s+)?(?:gute|schöne|erfolgreiche)\s+(?:besprechung|sitzung)`,
  String.raw`nos\s+vemos(?:\s+(?:allí|allá|ahí|entonces|luego))?|(?:que\s+(?:tengas|tengan|tenga)\s+)?(?:una\s+)?(?:buena|excelente|feliz|productiva)\s+reunión|disfrut\p{L}*\s+(?:de\s+)?(?:la|tu|su)\s+(?:reunión|sala)`,
  String.raw`(?:bonne|excellente)\s+réunion|on\s+se\s+voit\s+(?:là-bas|là|tout\s+à\s+l['’]heure)|profite[zr]?\s+(?:bien\s+)?de\s+(?:la|votre|ta|sa)\s+(?:réunion|salle)`,
  String.raw`(?:buona|ottima)\s+riunione|ci\s+vediamo\s+(?:lì|là|dopo)|goditi\s+la\s+(?:riunione|sala)`,
  String.raw`(?:boa|ótima|excelente)\s+reunião|até\s+lá|nos\s+vemos\s+lá|aproveite\s+(?:a|sua)\s+(?:reunião|sala)`,
  String.raw`(?:veel\s+plezier|succes)\s+met\s+de\s+(?:vergadering|meeting)|(?:fijne|goede)\s+(?:vergadering|meeting)|tot\s+dan`,
  String.raw`(?:хорошей|удачной|продуктивной|приятной)\s+встречи|до\s+встречи`,
].join('|');
const PRESUMED_CLOSER_PARTS = '(?:会議|ミーティング)(?:を|、)?\\s*楽しんで|会议愉快|開會愉快|會議愉快|开会愉快|祝(?:您|你)?(?:会议|會議)顺利|到时见|到時見|会議を楽しんで|良い会議を|좋은\\s*회의\\s*되세요|회의\\s*잘\\s*하세요';
const NEEDLESS_NEED = String.raw`(?:no\s+need|(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not|won['’]?t|will\s+not)\s+(?:need|have)|needn['’]?t|no\s+longer\s+(?:needs?|has|have))\s+(?:to\s+)?`;
const WORDS_BETWEEN = (n: number) => String.raw`(?:\s+[^\s.!?;]+){0,${n}}?`;
const NEEDLESS_REBOOK = [
  String.raw`${NEEDLESS_NEED}(?:re-?book|re-?reserve)|${NEEDLESS_NEED}worry\s+about\s+(?:finding|getting|booking|securing)\s+(?:a|the|another)\s+(?:room|space|slot)|${NEEDLESS_NEED}(?:book|reserve)${WORDS_BETWEEN(8)}\s+(?:again|once\s+more|a\s+second\s+time)`,
  String.raw`(?:muss|müssen|musst|brauch\p{L}*)${WORDS_BETWEEN(8)}\s+nicht\s+(?:noch\s+(?:ein)?mal|nochmal|erneut|wieder)${WORDS_BETWEEN(3)}\s+(?:zu\s+)?(?:buchen|reservieren)|(?:kein|nicht)\p{L}*\s+(?:Grund|nötig|notwendig)\p{L}*,?${WORDS_BETWEEN(6)}\s+(?:noch\s+(?:ein)?mal|nochmal|erneut)\s+zu\s+(?:buchen|reservieren)`,
  String.raw`no\s+(?:hace\s+falta|es\s+necesario|necesit\p{L}*|tien\p{L}*\s+que|hay\s+que)\s+(?:volver\s+a\s+reservar|reservar${WORDS_BETWEEN(8)}\s+(?:de\s+nuevo|otra\s+vez|nuevamente))`,
  String.raw`(?:pas\s+besoin|inutile|n['’]\p{L}+\s+pas\s+besoin|n['’]a\s+pas\s+à)\s+(?:de\s+|d['’])?(?:re-?réserver|réserver${WORDS_BETWEEN(8)}\s+(?:à\s+nouveau|de\s+nouveau|encore))`,
  String.raw`(?:non\s+(?:c['’]è\s+bisogno\s+di|serve|occorre|è\s+necessario|devi|deve)|nessun\s+bisogno\s+di)\s+(?:riprenotare|prenotare${WORDS_BETWEEN(8)}\s+(?:di\s+nuovo|ancora|nuovamente))`,
  String.raw`(?:não\s+(?:precisa\p{L}*|é\s+preciso|é\s+necessário|tem\s+que|tem\s+de)|sem\s+necessidade)\s+(?:de\s+)?(?:voltar\s+a\s+reservar|reservar${WORDS_BETWEEN(8)}\s+(?:novamente|de\s+novo|outra\s+vez))`,
  String.raw`(?:hoef\p{L}*|moet\p{L}*)${WORDS_BETWEEN(6)}\s+niet\s+(?:opnieuw|nog\s+een\s*keer|weer)${WORDS_BETWEEN(3)}\s+(?:te\s+)?(?:boeken|reserveren)`,
  String.raw`(?:не\s+нужно|не\s+надо|незачем)\s+(?:(?:снова|ещё\s+раз|еще\s+раз|повторно)\s+(?:за)?бронировать|(?:за)?бронировать${WORDS_BETWEEN(6)}\s+(?:снова|ещё\s+раз|еще\s+раз|повторно)|перебронировать)`,
].join('|');
const NEEDLESS_REBOOK_PARTS = '不用再(?:预订|預訂|订|訂)|不需要再(?:预订|預訂|订|訂)|无需再(?:预订|订)|無需再(?:預訂|訂)|もう一度予約する必要はありません|再予約は不要|다시\\s*예약할\\s*필요(?:는|가)?\\s*없';
// Since presumed-undone, the same after a cancellation or a move not done, where nothing was done: the change said not
// needed again ("No need to cancel it again", "Du musst Raum 3 nicht noch einmal stornieren", "No hace falta volver a cancelar
// la sala 3", "No need to move it again"), or what will come of it ("You'll receive a cancellation confirmation shortly",
// "You'll get an updated invite shortly"); and a move said done in a word alone ("Relocated!", "Switched!", "Umgebucht!").
const needlessAgain = (verbs: Record<'en' | 'de' | 'es' | 'fr' | 'it' | 'pt' | 'nl' | 'ru', string>) =>
  [
    String.raw`${NEEDLESS_NEED}(?:${verbs.en})${WORDS_BETWEEN(8)}\s+(?:again|once\s+more|a\s+second\s+time)`,
    String.raw`(?:muss|müssen|musst|brauch\p{L}*)${WORDS_BETWEEN(8)}\s+nicht\s+(?:noch\s+(?:ein)?mal|nochmal|erneut|wieder)${WORDS_BETWEEN(3)}\s+(?:zu\s+)?(?:${verbs.de})`,
    String.raw`no\s+(?:hace\s+falta|es\s+necesario|necesit\p{L}*|tien\p{L}*\s+que|hay\s+que)\s+(?:volver\s+a\s+(?:${verbs.es})|(?:${verbs.es})${WORDS_BETWEEN(8)}\s+(?:de\s+nuevo|otra\s+vez|nuevamente))`,
    String.raw`(?:pas\s+besoin|inutile|n['’]\p{L}+\s+pas\s+besoin|n['’]a\s+pas\s+à)\s+(?:de\s+|d['’])?(?:${verbs.fr})${WORDS_BETWEEN(8)}\s+(?:à\s+nouveau|de\s+nouveau|encore)`,
    String.raw`(?:non\s+(?:c['’]è\s+bisogno\s+di|serve|occorre|è\s+necessario|devi|deve)|nessun\s+bisogno\s+di)\s+(?:${verbs.it})${WORDS_BETWEEN(8)}\s+(?:di\s+nuovo|ancora|nuovamente)`,
    String.raw`(?:não\s+(?:precisa\p{L}*|é\s+preciso|é\s+necessário|tem\s+que|tem\s+de)|sem\s+necessidade)\s+(?:de\s+)?(?:voltar\s+a\s+(?:${verbs.pt})|(?:${verbs.pt})${WORDS_BETWEEN(8)}\s+(?:novamente|de\s+novo|outra\s+vez))`,
    String.raw`(?:hoef\p{L}*|moet\p{L}*)${WORDS_BETWEEN(6)}\s+niet\s+(?:opnieuw|nog\s+een\s*keer|weer)${WORDS_BETWEEN(3)}\s+(?:te\s+)?(?:${verbs.nl})`,
    String.raw`(?:не\s+нужно|не\s+надо|незачем)\s+(?:(?:снова|ещё\s+раз|еще\s+раз|повторно)\s+(?:${verbs.ru})|(?:${verbs.ru})${WORDS_BETWEEN(6)}\s+(?:снова|ещё\s+раз|еще\s+раз|повторно))`,
  ].join('|');
const NEEDLESS_RECANCEL = needlessAgain({
  en: String.raw`cancel|call\s+off|release|free\s+up`,
  de: String.raw`stornieren|absagen|löschen|freigeben`,
  es: String.raw`cancelar|anular`,
  fr: String.raw`annuler`,
  it: String.raw`annullar\p{L}*|disdir\p{L}*|cancellar\p{L}*`,
  pt: String.raw`cancelar|desmarcar`,
  nl: String.raw`annuleren|afzeggen`,
  ru: String.raw`отменять|отменить`,
});
const NEEDLESS_REMOVE = needlessAgain({
  en: String.raw`move|reschedule|relocate|shift`,
  de: String.raw`verschieben|verlegen|umbuchen`,
  es: String.raw`mover|cambiar|reprogramar|trasladar`,
  fr: String.raw`déplacer|reporter|décaler`,
  it: String.raw`spostar\p{L}*`,
  pt: String.raw`mover|remarcar|mudar|transferir`,
  nl: String.raw`verplaatsen|omboeken|verzetten`,
  ru: String.raw`переносить|перенести`,
});
const NEEDLESS_RECANCEL_PARTS = '不用再取消|不需要再取消|无需再取消|無需再取消|もう一度キャンセルする必要はありません|다시\\s*취소할\\s*필요(?:는|가)?\\s*없';
const NEEDLESS_REMOVE_PARTS = '不用再(?:改|调整|調整|移)|不需要再(?:改|移)|无需再改|もう一度(?:変更|移動)する必要はありません|다시\\s*(?:변경|이동)할\\s*필요(?:는|가)?\\s*없';
// What will come of the change: a cancellation's confirmation, a move's updated invite.
const YOU_WILL_GET = String.raw`(?:you['’]ll|you\s+will|(?:she|he|they)['’]ll|(?:she|he|they|\p{L}+)\s+will)\s+(?:\p{L}+\s+)?(?:receive|get)\s+(?:a|an|the)`;
const CANCELLED_LATER = [
  String.raw`${YOU_WILL_GET}\s+cancellation\s+(?:confirmation|email|notice|notification)|cancellation\s+(?:confirmation|email|notice)\s+(?:is|will\s+be)\s+(?:on\s+its\s+way|coming|sent)|cancellation\s+(?:confirmation|email)\s+will\s+follow`,
  String.raw`(?:sie|du)\s+(?:erhalten|erhältst|bekommen|bekommst)${WORDS_BETWEEN(4)}\s+(?:eine\s+)?(?:stornierungsbestätigung|absagebestätigung)`,
  String.raw`recibir\p{L}*${WORDS_BETWEEN(3)}\s+(?:una\s+)?confirmación\s+de\s+(?:la\s+)?cancelación|vous\s+recevrez${WORDS_BETWEEN(3)}\s+(?:une\s+)?confirmation\s+d['’]annulation`,
  String.raw`riceverai${WORDS_BETWEEN(3)}\s+(?:una\s+)?conferma\s+(?:di|della)\s+(?:cancellazione|disdetta)|(?:você\s+)?receberá${WORDS_BETWEEN(3)}\s+(?:uma\s+)?confirmação\s+de\s+cancelamento`,
].join('|');
const MOVED_LATER = [
  String.raw`${YOU_WILL_GET}\s+(?:updated|new)\s+(?:calendar\s+)?(?:invite|invitation|confirmation)|updated\s+(?:calendar\s+)?(?:invite|invitation|confirmation)\s+(?:is|will\s+be)\s+(?:on\s+its\s+way|coming|sent)`,
  String.raw`(?:sie|du)\s+(?:erhalten|erhältst|bekommen|bekommst)${WORDS_BETWEEN(4)}\s+(?:eine\s+)?aktualisierte\s+(?:einladung|bestätigung)`,
  String.raw`recibir\p{L}*${WORDS_BETWEEN(3)}\s+(?:una\s+)?invitación\s+actualizada|vous\s+recevrez${WORDS_BETWEEN(3)}\s+(?:une\s+)?invitation\s+mise\s+à\s+jour`,
  String.raw`riceverai${WORDS_BETWEEN(3)}\s+(?:un\s+)?invito\s+aggiornato|(?:você\s+)?receberá${WORDS_BETWEEN(3)}\s+(?:um\s+)?convite\s+atualizado`,
].join('|');
// The booking said kept as it was, in a sentence that presumes a change done: it relays the change not done.
const KEPT_SAID = String.raw`still|remains?|stays?|unchanged|as\s+before|as\s+it\s+was|immer\s+noch|noch\s+da|weiterhin|bleibt|unverändert|sigue|todavía|aún|toujours|reste|è\s+ancora|resta|ainda|continua|nog\s+steeds|blijft|по-прежнему|всё\s+ещё|все\s+еще`;
// Since tellings-held, leave given to pass it on ("You can tell Sarah that Room 3 is ready", "You can let Sarah know she
// has Room 3 at 2pm", "Du kannst Sarah sagen, dass …", "Puedes decirle a Sarah que …", "Vous pouvez dire à Sarah que …"):
// the "you can" goes, and what is to be told is read as said ("tell Sarah that Room 3 is ready" is a claim); before, its
// "can" made it an offer. Only before a verb of telling. Its kin too: an adverb after the "can" ("You could always tell
// Sarah …"), advice ("You might want to let Sarah know …"), a reminder ("Don't forget to tell Sarah …", "Vergiss nicht,
// Sarah zu sagen, …", "No olvides decirle a Sarah …", "N'oubliez pas de dire à Sarah …") and leave in other words
// ("N'hésitez pas à dire à Sarah …", "Non esitare a dire a Sarah …").
const TELLING = [
  String.raw`(?:(?:you|u)\s+(?:can|could|may|might|will|['’]ll)(?:\s+(?:want|wish|like)\s+to)?|(?:don['’]?t|do\s+not)\s+forget\s+to|(?:just\s+)?remember\s+to|be\s+sure\s+to|make\s+sure\s+(?:you\s+)?to)\s+(?:(?:now|already|safely|always|just|simply|certainly|definitely|also|still|then|go\s+ahead\s+and)\s+)*(?=(?:tell|let\s+\p{L}+\s+know|inform|remind|notify|reassure)(?![\p{L}]))`,
  String.raw`(?:du\s+kannst|sie\s+können|ihr\s+könnt|vergiss\s+nicht,?|vergessen\s+sie\s+nicht,?|denk\s+daran,?|denken\s+sie\s+daran,?)\s+(?:jetzt\s+|schon\s+|gerne?\s+|ruhig\s+|einfach\s+|auch\s+)*(?=(?:[^,.;:!?\n]{0,40}?\s)?(?:sagen|mitteilen|bescheid\s+(?:zu\s+)?geben|informieren|wissen\s+(?:zu\s+)?lassen)(?![\p{L}]))`,
  String.raw`(?:puedes|puede|pueden|no\s+olvides|no\s+te\s+olvides\s+de|no\s+dudes\s+en|recuerda)\s+(?:ya\s+|siempre\s+|tranquilamente\s+)*(?=(?:decir|avisar|informar|comunicar)\p{L}*)`,
  String.raw`(?:vous\s+pouvez|tu\s+peux|n['’]oubliez\s+pas\s+de|n['’]oublie\s+pas\s+de|n['’]hésitez\s+pas\s+à|n['’]hésite\s+pas\s+à)\s+(?:déjà\s+|toujours\s+)*(?=(?:dire|prévenir|informer|annoncer)(?![\p{L}]))`,
  String.raw`(?:puoi|può|potete|non\s+dimenticare\s+di|non\s+esitare\s+a|ricordati\s+di)\s+(?:già\s+|sempre\s+)*(?=(?:dire|dirl\p{L}+|dirgl\p{L}+|avvisar\p{L}+|informar\p{L}+|comunicar\p{L}+)(?![\p{L}]))`,
  String.raw`(?:você\s+pode|podes|não\s+se\s+esqueça\s+de|não\s+esqueça\s+de|não\s+hesite\s+em)\s+(?:já\s+|sempre\s+)*(?=(?:dizer|avisar|informar|contar)\p{L}*)`,
  String.raw`(?:(?:je|jij|u)\s+kunt|vergeet\s+niet)\s+(?=(?:[^,.;:!?\n]{0,40}?\s)?(?:(?:te\s+)?zeggen|laten\s+weten|(?:te\s+)?vertellen|(?:te\s+)?informeren)(?![\p{L}]))`,
].join('|');
// A move said done in a word alone (bare-booked's "Moved!", "Verschoben!" read already).
const BARE_MOVED_MORE = String.raw`relocated|switched|shifted|transferred|umgebucht|umgezogen|trasladad[oa]|reprogramad[oa]|décalée?|reportée?|remarcad[oa]|transferid[oa]|verzet|omgeboekt|перемещен\p{L}*`;
// A reminder to cancel it later is read though its sentence supposes ("If Sarah's plans change, just cancel it").
const CHANGED_PLANS = String.raw`plans?\s+change|can['’]?t\s+make\s+it|cannot\s+make\s+it|(?:doesn['’]?t|don['’]?t|no\s+longer)\s+needs?\s+(?:it|the\s+room)`;
const CANCEL_LATER = [
  String.raw`(?:don['’]?t\s+forget|do\s+not\s+forget|remember|be\s+sure|make\s+sure)\s+to\s+(?:cancel|release|free\s+up)|(?:cancel|release|free\s+up)\s+(?:it|the\s+(?:booking|reservation|room)|her\s+booking|his\s+booking)\s+(?:later|in\s+(?:time|advance)|ahead\s+of\s+time|early)`,
  String.raw`(?:(?:to|if\s+you\s+(?:want|need|wish|decide)\s+to|should\s+you\s+(?:want|need)\s+to)\s+cancel\s+(?:it|the\s+booking|the\s+reservation)(?:\s+later)?,?\s+(?:just\s+)?(?:ask|let\s+me\s+know|tell\s+me|reply|message\s+me))`,
  String.raw`(?:if|in\s+case|should)${WORDS_BETWEEN(6)}\s+(?:${CHANGED_PLANS})${WORDS_BETWEEN(4)},?\s+(?:just\s+|please\s+|simply\s+)?(?:cancel|release|free\s+up)|(?:cancel|release|free\s+up)${WORDS_BETWEEN(8)}\s+(?:if|in\s+case)${WORDS_BETWEEN(6)}\s+(?:${CHANGED_PLANS})`,
  String.raw`vergiss\s+nicht,?${WORDS_BETWEEN(6)}\s+(?:zu\s+)?(?:stornieren|abzusagen|freizugeben)|denk\p{L}*\s+daran,?${WORDS_BETWEEN(6)}\s+(?:zu\s+stornieren|abzusagen|freizugeben)|(?:stornier\p{L}*|absag\p{L}*)${WORDS_BETWEEN(4)}\s+später|später${WORDS_BETWEEN(4)}\s+(?:stornier\p{L}*|absag\p{L}*)`,
  String.raw`no\s+olvides\s+cancelar|cancelar(?:la|lo)?${WORDS_BETWEEN(4)}\s+más\s+tarde|n['’]oubliez\s+pas\s+d['’]annuler|(?:l['’])?annuler${WORDS_BETWEEN(4)}\s+plus\s+tard|non\s+dimenticare\s+di\s+(?:annullare|disdire)|(?:annullar|disdir)\p{L}*${WORDS_BETWEEN(4)}\s+più\s+tardi|não\s+se\s+esqueça\s+de\s+cancelar|cancelá-la\s+mais\s+tarde|cancelar${WORDS_BETWEEN(4)}\s+mais\s+tarde`,
  String.raw`vergeet\s+niet${WORDS_BETWEEN(6)}\s+te\s+annuleren|(?:annuleren|annuleer)${WORDS_BETWEEN(4)}\s+later|не\s+забудьте\s+отменить|отменить${WORDS_BETWEEN(4)}\s+позже`,
].join('|');
// Where to find it, what will come of it, or more added to it ("You can find the booking under My Bookings", "You'll receive a
// calendar invite shortly", "Would you like me to add a projector to Sarah's booking?"): read only where the sentence does not suppose.
const FOUND_LATER = [
  String.raw`(?:find|see|view|manage)\s+(?:it|the\s+booking|the\s+reservation|her\s+booking|his\s+booking)\s+(?:under|in)\s+(?:my|your|her|his)\s+(?:bookings|reservations|calendar)|(?:receive|get)\s+(?:a|an|the)\s+(?:calendar\s+)?(?:invite|invitation|confirmation)(?:\s+e-?mail)?\s+(?:shortly|soon|in\s+a\s+(?:moment|minute|few\s+minutes))`,
  String.raw`(?:add|attach|invite)${WORDS_BETWEEN(5)}\s+to\s+(?:the|her|his|your|\p{L}+['’]s)\s+(?:booking|reservation)|(?:anything|something)\s+else${WORDS_BETWEEN(3)}\s+(?:for|with)\s+(?:the|her|his|your|\p{L}+['’]s)\s+(?:booking|reservation)`,
].join('|');
// Since hedged-claims, an English hedge before what it says asks nothing ("Looks like Sarah has Room 3 at 2pm", "It seems like
// …", "Sounds like …", "I would say …", "It would appear …"): its "like" and "would" passed the sentence. Taken out before the
// sentence is read, as "should" of what is expected is; the other languages' hedges ("parece que", "on dirait", "看起来") held already.
const HEDGE_WORDS = String.raw`(?:it\s+|that\s+)?(?:looks|seems|sounds|appears|looked|seemed)\s+(?:like|as\s+(?:if|though))|(?:i|we)\s+would\s+(?:say|think|guess|imagine)(?:\s+that)?|(?:i|we)['’]d\s+(?:say|think|guess|imagine)(?:\s+that)?|it\s+would\s+(?:appear|seem)(?:\s+that)?|(?:it\s+)?would\s+seem\s+(?:that|like)`;
// Since instead-of, "instead of" another room says what the sentence says holds ("Sarah has Room 3 instead of Room 2",
// "invece della sala 2", "em vez da sala 2", "вместо переговорной 2", "2번 회의실 대신"): taken out with the room it names,
// so its "instead" no longer passes the sentence. Of the write's own room ("Sarah could take Room 2 instead of Room 3") it stays.
const INSTEAD_OF_WORDS = String.raw`instead\s+of|rather\s+than|invece\s+d(?:i|el|ella|ello|ei|elle|egli)|al\s+posto\s+d(?:i|el|ella)|em\s+vez\s+d[aeo]s?|ao\s+inv[eé]s\s+d[aeo]s?|en\s+lugar\s+de(?:l)?|en\s+vez\s+de(?:l)?|au\s+lieu\s+d[eu]|plut[oô]t\s+que|anstatt|statt|anstelle\s+(?:von|des|der)|in\s+plaats\s+van|вместо`;
const INSTEAD_OF_PARTS = String.raw`\S*\s*\S*회의실\s*대신`;
// Since again-held, words that say a thing is so again ("again", "once more", "wieder", "de nuevo", "otra vez", "de nouveau",
// "di nuovo", "de novo", "снова"): in a part that names the person an undone booking was for and its room, day or hour they
// are read out as "still" is ("Sarah has Room 3 on Friday at 2pm again", "Sarah a de nouveau la salle 3 …"), and the rest
// still says it was not done by a negation, a wait, a wish, a request or a retry ("Sarah can ask for Room 3 at 2pm again").
const AGAIN_WORDS = String.raw`again|once\s+more|anew|wieder|erneut|nochmals?|abermals|de\s+nuevo|otra\s+vez|una\s+vez\s+más|nuevamente|de\s+nouveau|à\s+nouveau|encore\s+une\s+fois|une\s+fois\s+de\s+plus|di\s+nuovo|nuovamente|ancora\s+una\s+volta|un['’]altra\s+volta|de\s+novo|novamente|outra\s+vez|mais\s+uma\s+vez|opnieuw|weer|nogmaals|снова|опять|вновь|ещё\s+раз|еще\s+раз`;
// Since other-people, the other people of a meeting ("the other attendees", "die anderen Teilnehmer", "les autres participants",
// "gli altri partecipanti", "os outros participantes", "остальные участники") are no other room or way: taken out before the
// sentence is read, so "Sarah and the other attendees have Room 3 at 2pm" no longer passes by its "other".
const PEOPLE_NOUNS = String.raw`attendees|participants|guests|invitees|people|colleagues|team\s*mates|teammates|members|team\s+members|speakers|visitors|Teilnehmer(?:innen)?|Teilnehmenden|Gäste|Kolleg(?:en|innen)|Mitglieder|Eingeladenen|asistentes|participantes|invitad[oa]s|colegas|miembros|compañer[oa]s|participant(?:e)?s|invités|invitées|collègues|membres|partecipanti|invitati|colleghi|colleghe|membri|convidad[oa]s|membros|deelnemers|gasten|collega['’]?s|leden|участник\p{L}*|гост\p{L}*|коллег\p{L}*`;
const OTHER_PEOPLE = String.raw`(?:the\s+)?(?:other|rest\s+of\s+the)\s+(?:${PEOPLE_NOUNS})|everyone\s+else|(?:die\s+)?(?:anderen|übrigen)\s+(?:${PEOPLE_NOUNS})|(?:los\s+|las\s+)?(?:otr[oa]s|demás)\s+(?:${PEOPLE_NOUNS})|(?:les\s+)?autres\s+(?:${PEOPLE_NOUNS})|(?:gli\s+|le\s+)?altr[ie]\s+(?:${PEOPLE_NOUNS})|(?:os\s+|as\s+)?(?:outr[oa]s|demais)\s+(?:${PEOPLE_NOUNS})|(?:de\s+)?andere\s+(?:${PEOPLE_NOUNS})|(?:остальн\p{L}*|други\p{L}*)\s+(?:${PEOPLE_NOUNS})`;
// Since pronoun-holds, the pronouns that may stand for the person a write was for.
const THIRD_PERSON = String.raw`she|he|they|her|him|them|hers|his|theirs|sie|er|ihr|ihm|ihnen|ella|él|ellos|ellas|elle|elles|ils|lui|eux|lei|loro|ela|ele|eles|elas|dela|dele|zij|ze|hij|haar|она|он|они|её|ее|ему|ей|им|ней|нему`;
const THIRD_PERSON_PARTS = '她|他|彼女|彼|그녀';
// Since cited-persons, the pronouns that make a cited clause speak of someone: one person's, not "they" (a page's rules
// of everyone), nor French "il" (impersonal as often), Italian "lei" (the polite "you" as much), German "sein" or Dutch
// "zijn" (to be).
const CITED_PRONOUNS: Record<string, string> = {
  en: 'she|he|her|him|his|hers',
  de: 'sie|er|ihm|ihr|ihre[mnrs]?|seine[mnrs]?',
  es: 'ella|él',
  fr: 'elle',
  it: 'lui',
  pt: 'ela|ele|dela|dele',
  nl: 'zij|hij|haar',
  ru: 'она|он|её|ее|его|ей|ему',
};
const CITED_PRONOUN_PARTS = '她|他|彼女|彼|그녀';
// Italian "ha" as having, before what is had ("ha la sala 3"), not as the auxiliary ("ha chiesto").
const PRO_DROP_HAS = String.raw`tiene|tendrá|ha(?=\s+(?:la|il|lo|l['’]|le|i|gli|un|una)(?![\p{L}]))|avrà|tem|terá|dispone\s+de|cuenta\s+con`;
// Since pro-drop-adverbs, "still" or "again" before that verb, or between Italian "ha" and what is had ("Ainda tem …", "Ha ancora la …").
const STILL_AGAIN_ADVERBS = String.raw`ya|già|já|ainda|todavía|todavia|aún|aun|ancora|sempre|de\s+novo|di\s+nuovo|de\s+nuevo|otra\s+vez|novamente|nuevamente`;
const PRO_DROP_ADVERB_HAS = String.raw`(?:${STILL_AGAIN_ADVERBS})\s+(?:tiene|tendrá|ha|avrà|tem|terá)|ha\s+(?:${STILL_AGAIN_ADVERBS})(?=\s+(?:la|il|lo|l['’]|le|i|gli|un|una)(?![\p{L}]))`;
// Such a pronoun's possession, where the words of what is held do not read it ("sie hat", "elle a", "lei ha", "is hers").
const PRONOUN_HAS = String.raw`(?:sie|er)\s+hat|hat\s+(?:sie|er)|(?:elle|il|elles|ils)\s+(?:a|ont)|(?:lei|lui|loro)\s+(?:ha|hanno)|(?:zij|ze|hij)\s+heeft|heeft\s+(?:zij|ze|hij)|(?:is|are)\s+(?:now\s+|all\s+)?(?:hers|his|theirs)|ist\s+(?:jetzt\s+)?(?:ihrer|ihrs|seiner)|est\s+(?:à\s+(?:elle|lui)|la\s+sienne|le\s+sien)|è\s+(?:la\s+)?(?:sua|loro)|é\s+(?:dela|dele|sua)`;
// Since labels-read, a record's label that only names the write ("Room 3 · Friday 14:00 · Sarah", "- When: Friday
// 14:00–15:00", "Request: Room 3, Friday 2pm, Sarah.") claims nothing where what follows it, in its sentence or the next
// one that is no label, gives its status as not done ("Status: rejected", "Outcome: not booked", "❌"). A label is what is
// left of a part once the write's room, person, days, hours and figures, these words of a record and of linking, and
// punctuation are taken out: nothing. A check mark makes it no label ("✅ Room 3 · 14:00 · Sarah").
const LABEL_WORDS = String.raw`rooms?|when|time|times|date|day|for|who|whom|request|requested|booking|reservation|status|summary|details?|result|outcome|meeting|slot|attendees?|person|organi[sz]er|title|where|what|from|to|until|till|on|at|in|of|by|with|and|the|an?|today|tomorrow|am|pm|raum|wann|zeit|datum|tag|für|anfrage|buchung|reservierung|ergebnis|termin|von|bis|um|am|im|und|der|die|das|heute|morgen|sala|cuándo|cuando|hora|fecha|día|para|solicitud|reserva|estado|resultado|reunión|de|del|la|el|las|los|en|y|hoy|mañana|salle|quand|heure|date|jour|pour|demande|réservation|statut|résultat|réunion|le|les|des|du|au|à|et|aujourd['’]hui|demain|quando|ora|data|giorno|per|richiesta|prenotazione|stato|esito|riunione|il|lo|alle|dalle|dal|e|oggi|domani|horário|pedido|reunião|às|das|do|da|hoje|amanhã|uhr|h`;
// Besides, in a status: who decided, by whom ("by alice", a user's id as written), and the verbs that carry the status
// ("was rejected by Alice", "Alice rejected it").
// In Chinese, Japanese and Korean, as parts of words: a status's label and the words that carry it ("状态：已被拒绝", "상태: 거절됨").
const STATUS_PARTS = '状态|狀態|状態|상태|结果|結果|결과|已被|已经|已經|已|被|됨|되었습니다|되었음|되었|됐습니다|입니다|です|でした|ました|されました|され';
const STATUS_FILLERS = String.raw`(?:by|von|por|par|da|pelo|pela|door|от)\s+[\p{L}.'’-]+|статус|результат|было|был|была|были|it|its|was|were|is|are|has|have|had|been|by|the|a|an|this|approver|manager|admin|approval|review|decision|wurde|worden|ist|von|fue|ha\s+sido|por|a\s+été|été|par|è|stat[oa]|da|foi|pelo|pela|ele|ela`;
// What a label's figures and names are (patterns' sources: a global pattern is built per call, never shared at module
// level), and a word of two letters or more (from strings: the bundler spells a \p{…} literal out).
const FIGURE_TOKENS = String.raw`\p{N}+(?:[:.,]\p{N}+)*(?:\s*(?:a\.?m\.?|p\.?m\.?|h|uhr)(?![\p{L}]))?`;
const CAPITALIZED_WORDS = String.raw`(?<![\p{L}])\p{Lu}\p{Ll}+(?![\p{L}])`;
const A_WORD = new RegExp(String.raw`\p{L}{2,}`, 'u');
const DONE_MARKS = /[\u2705\u2714\u2611\u{1F44D}\u{1F389}]/u;
const CROSS_MARKS = '[\\u274C\\u2716\\u2717\\u2718\\u26D4\\u{1F6AB}]';
// A status of not done, said after a label: a failure (the failure words), or one of these.
const NOT_DONE_STATUS = String.raw`not\s+(?:yet\s+)?(?:booked|confirmed|reserved|approved|done|made|completed)|unconfirmed|unbooked|pending|on\s+hold|awaiting\s+approval|waiting\s+for\s+(?:approval|alice|\p{Lu}\p{Ll}+)|nicht\s+(?:gebucht|bestätigt|reserviert|genehmigt|erledigt)|ausstehend|no\s+(?:reservad|confirmad|aprobad)\p{L}*|pendiente|(?:pas|non)\s+(?:réservé|confirmé|approuvé)\p{L}*|en\s+attente|non\s+(?:prenotat|confermat|approvat)\p{L}*|in\s+attesa|não\s+(?:reservad|confirmad|aprovad)\p{L}*|pendente`;
// "Once again" and "yet again" suppose nothing ("Once again, Room 3 is Sarah's …"): taken out before the sentence is read.
const ONCE_AGAIN = String.raw`(?:once|yet)\s+(?:again|more)`;
// Nor does a first try said to have worked ("Room 3 was booked for Sarah on the first try"): taken out where the sentence names
// no failure (one of a first try, "Alice rejected it at first, but …", is read as overcome-failures reads it).
const FIRST_TRY = String.raw`(?:on|at|in)\s+(?:the\s+|my\s+|our\s+)?first\s+(?:try|attempt|go)|first\s+time\s+(?:round|around|lucky)|beim\s+ersten\s+(?:Versuch|Mal|Anlauf)|al\s+primer\s+intento|a\s+la\s+primera|du\s+premier\s+coup|(?:al|il)\s+primo\s+(?:tentativo|colpo)|à\s+primeira|(?:na|à)\s+primeira\s+tentativa|с\s+первого\s+раза|с\s+первой\s+попытки`;
const UNNEEDED_WORDS = [
  String.raw`without\s+(?:(?:any|an?|the)\s+)?(?:(?:needing|requiring|waiting\s+for|the\s+need\s+for)\s+(?:(?:any|an?|the)\s+)?)?(?:${APPROVAL_NOUNS})(?:\s+(?:needed|required))?|with\s+no\s+(?:${APPROVAL_NOUNS})\s+(?:needed|required|necessary)|(?:didn['’]?t|did\s+not|doesn['’]?t|does\s+not)\s+(?:need|require)\s+(?:(?:any|an?)\s+)?(?:${APPROVAL_NOUNS})`,
  String.raw`ohne\s+(?:(?:eine|jede)\s+)?(?:${APPROVAL_NOUNS})`,
  String.raw`sin\s+(?:necesidad\s+de\s+|esperar\s+)?(?:(?:la|una|ninguna)\s+)?(?:${APPROVAL_NOUNS})`,
  String.raw`sans\s+(?:besoin\s+d['’]\s*|attendre\s+)?(?:(?:l['’]|une|aucune)\s*)?(?:${APPROVAL_NOUNS})`,
  String.raw`senza\s+(?:bisogno\s+di\s+)?(?:(?:l['’]|un['’]|alcuna)\s*)?(?:${APPROVAL_NOUNS})`,
  String.raw`sem\s+(?:precisar\s+de\s+|necessidade\s+de\s+)?(?:(?:a|uma|nenhuma)\s+)?(?:${APPROVAL_NOUNS})`,
  String.raw`zonder\s+(?:(?:enige|een)\s+)?(?:${APPROVAL_NOUNS})`,
  String.raw`без\s+(?:${APPROVAL_NOUNS})`,
].join('|');
const UNNEEDED_PARTS = '无需审批|無需審批|无需批准|無需批准|不需要审批|不需要審批|不需要批准|不用审批|不用審批|免审批|免審批|承認不要|承認なしで|承認は不要|승인\\s*없이|승인(?:이|은)?\\s*필요\\s*없';
// Or all that is left for the person said to be showing up ("Sarah only needs to show up in Room 3 at 2pm",
// "nur noch … erscheinen", "n'a qu'à se présenter", "no tiene más que ir"): the restriction, taken out before an attending verb.
const ATTEND = String.raw`(?=\s*(?:\S+\s+){0,5}?(?:show|turn|come|go|be\s+there|arrive|walk|head|drop|attend|join|erscheinen|kommen|hingehen|vorbeikommen|vorbeischauen|da\s+sein|ir|venir|presentarse|aparecer|llegar|asistir|pasar|présenter|aller|arriver|passer|presentarsi|andare|arrivare|passare|vir|chegar|comparecer|прийти|явиться|подойти|зайти)(?![\p{L}]))`;
const ONLY_TO_ATTEND = [
  String.raw`(?:(?:only|just|simply)\s+(?:needs?|has|have|got)\s+to|all\s+(?:\p{L}+\s+){1,2}(?:needs?|has|have)\s+to\s+do\s+is|all\s+that(?:['’]s|\s+is)?\s+(?:left|remains)(?:\s+is)?)`,
  String.raw`nur\s+noch`,
  String.raw`no\s+(?:tiene|tienes|tienen|necesita|necesitas)\s+más\s+que|s[oó]lo\s+(?:tiene|tienes|necesita|necesitas)\s+que`,
  String.raw`n['’](?:a|as|avez|ont)\s+(?:plus\s+)?qu['’]à|ne\s+(?:lui|vous|te|leur)\s+reste\s+(?:plus\s+)?qu['’]à`,
  String.raw`non\s+(?:deve|devi|devono|ha|hai)\s+(?:fare\s+)?altro\s+(?:da\s+fare\s+)?che|deve\s+solo`,
  String.raw`(?:só|apenas|somente)\s+(?:precisa|precisas|tem\s+que|tem\s+de)`,
  String.raw`(?:оста[её]тся|осталось|нужно|надо)\s+(?:только|лишь)`,
].map((w) => `(?:${w})${ATTEND}`).join('|');
// Since search-ended, a search for a room said over by two negations ("Sarah is no longer roomless", "… not without a room",
// "no longer needs a room", "doesn't need to look any further", "muss nicht mehr suchen", "ist nicht mehr ohne Raum", "ya
// no se queda sin sala", "n'est plus sans salle"): it says the write was done, and negates nothing of it. Taken out
// with a mark, as "no worries" is, so the part speaks of the write by its room, day or hour.
const SEARCH_ENDED_WORDS = [
  String.raw`(?:is|are|was|were|['’]s|['’]re|won['’]t\s+be|will\s+not\s+be)\s+(?:no\s+longer|not|never)\s+(?:roomless|without\s+(?:a|any|the)\s+(?:room|booking|reservation|slot))|no\s+longer\s+(?:needs?\s+(?:a|another|any)|has\s+to\s+find\s+(?:a|another)|has\s+to\s+look\s+for\s+(?:a|another))\s+(?:room|slot)|(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not|no\s+longer)\s+(?:need|have)\s+to\s+(?:look|search|hunt|keep\s+looking)(?:\s+(?:any\s+)?(?:further|more|anymore|elsewhere))?`,
  String.raw`(?:muss|müssen|musst|braucht|brauchen|brauchst)\s+(?:nicht\s+mehr|nicht\s+weiter|nicht\s+länger)\s+(?:zu\s+)?suchen|(?:ist|sind|bist)\s+nicht\s+mehr\s+ohne\s+(?:Raum|Buchung|Reservierung)`,
  String.raw`ya\s+no\s+(?:se\s+queda|está|estará|te\s+quedas)\s+sin\s+(?:sala|reserva)|ya\s+no\s+(?:tiene|tienes|necesita|necesitas)\s+que\s+buscar|no\s+(?:tiene|tienes|necesita|necesitas)\s+que\s+seguir\s+buscando`,
  String.raw`n['’](?:est|es|êtes|sera)\s+plus\s+sans\s+(?:salle|réservation)|n['’]a\s+plus\s+(?:besoin\s+de\s+)?(?:à\s+)?chercher`,
  String.raw`non\s+è\s+più\s+senza\s+(?:sala|prenotazione)|non\s+(?:deve|ha\s+bisogno\s+di)\s+più\s+cercare`,
  String.raw`já\s+não\s+(?:está|fica)\s+sem\s+(?:sala|reserva)|não\s+precisa\s+mais\s+(?:procurar|buscar)`,
].join('|');
const NO_WORRY_PARTS = '不用担心|不用擔心|别担心|別擔心|不必担心|不必擔心|没问题|沒問題|心配(?:ありません|いりません|ない|無用)|問題(?:ありません|ない|なし)|걱정\\s*(?:마세요|하지\\s*마|없)|문제\\s*없';
// The request said met ("as requested", "just as you asked", "wie gewünscht", "como pediste", "按要求"): its word of
// the request asks nothing. Taken out before the sentence is read.
const AS_REQUESTED_WORDS = [
  String.raw`(?:(?:just|exactly)\s+)?(?:as|like)\s+(?:requested|asked|wanted|planned|agreed|discussed|(?:you|she|he|they|we)\s+(?:requested|asked(?:\s+for)?|wanted))|(?:as\s+)?per\s+(?:your\s+)?request`,
  String.raw`wie\s+(?:gewünscht|gewollt|angefragt|besprochen|vereinbart|(?:du|sie|er|ihr)\s+(?:es\s+)?(?:wolltest|wollte|wolltet|wollten|gewünscht\s+hast|wünschten))`,
  String.raw`(?:tal\s+)?como\s+(?:(?:lo\s+)?(?:pediste|pidió|pidieron|solicitaste|solicitó|querías|quería|pedido|solicitado|acordado))|según\s+lo\s+(?:solicitado|pedido|acordado)`,
  String.raw`comme\s+(?:demandé|souhaité|convenu|prévu|(?:vous\s+l['’]avez|tu\s+l['’]as|elle\s+l['’]a|il\s+l['’]a)\s+(?:demandé|souhaité))`,
  String.raw`come\s+(?:richiesto|desiderato|concordato|(?:hai|ha|avevi|aveva)\s+(?:chiesto|richiesto))`,
  String.raw`(?:como|conforme)\s+(?:pedido|solicitado|combinado|(?:você\s+)?(?:pediu|pediste|solicitou|queria))`,
  String.raw`zoals\s+(?:gevraagd|gewenst|afgesproken|(?:je|u|ze|hij)\s+(?:vroeg|wilde))`,
  String.raw`как\s+(?:вы\s+|она\s+|он\s+|ты\s+)?(?:просили|просила|просил|хотели|хотела|хотел|договаривались)|по\s+вашей\s+просьбе`,
].join('|');
const AS_REQUESTED_PARTS = '按要求|按照要求|按你的要求|按您的要求|如你所愿|如您所愿|照你说的|ご要望どおり|ご要望通り|ご希望どおり|ご希望通り|요청하신\\s*대로|원하신\\s*대로';
// The thing requested, said to be had ("Sarah got the room she asked for: Room 3", "the slot you requested", "the room she
// needs", "la sala que pidió", "希望の"): since requested-met, its word of the request, want or need asks nothing. Taken
// out before the sentence is read, as "as requested" is.
const REQUESTED_MET_WORDS = [
  String.raw`(?:the|that|this|her|his|their|your)\s+(?:room|slot|time|one|spot|space|booking|reservation|meeting\s+room)\s+(?:(?:that|which)\s+)?(?:she|he|they|you|we|i)(?:['’]d)?\s+(?:(?:had|has|have)\s+)?(?:asked\s+for|requested|wanted|wants|needed|needs|picked|chose|chosen|preferred)|what\s+(?:she|he|they|you|we|i)\s+(?:asked\s+for|requested|wanted|needed)`,
  String.raw`(?:den|die|das)\s+(?:gewünschten?|angefragten?|benötigten?)|(?:den|die|das)\s+(?:sie|er|du|ihr)\s+(?:wollte|wolltest|wolltet|wollten|angefragt\s+(?:hat|hatte|hast)|brauchte|braucht|gewünscht\s+(?:hat|hatte|hast))`,
  String.raw`que\s+(?:pidió|pediste|pidieron|solicitó|solicitaste|quería|querías|querían|necesitaba|necesitabas|necesita|necesitas)`,
  String.raw`qu['’](?:elle|il|ils|elles|on)\s+(?:voulait|voulaient|a\s+demandée?s?|demandait|souhaitait)|que\s+(?:vous|tu)\s+(?:vouliez|voulais|avez\s+demandée?s?|as\s+demandée?s?|souhaitiez|souhaitais)`,
  String.raw`che\s+(?:voleva|volevi|volevano|ha\s+chiesto|hai\s+chiesto|ha\s+richiesto|hai\s+richiesto|desiderava|desideravi)`,
  String.raw`que\s+(?:pediu|pediste|pediram|queria|querias|queriam|solicitou|solicitaste|precisava|precisa)`,
  String.raw`die\s+(?:ze|hij|je|u|jullie)\s+(?:wilde|wilden|vroeg|vroegen|aanvroeg|aanvroegen|nodig\s+had|nodig\s+heeft)`,
  String.raw`котор(?:ую|ый|ое)\s+(?:она\s+|он\s+|вы\s+|ты\s+)?(?:хотела|хотел|хотели|просила|просил|просили)`,
].join('|');
const REQUESTED_MET_PARTS = '她想要的|他想要的|你想要的|您想要的|想要的|要求的|希望の|ご希望の|원하신|요청하신';
// What a room waiting for the person says ("waiting for", "awaits", "wartet auf", "espera a").
const WAITING_FOR = String.raw`(?:ready\s+and\s+)?waiting\s+for|waits\s+for|awaits|wartet\s+auf|espera\s+a|aspetta|aguarda|ждёт|ждет`;
// A cancellation said done by what no longer is ("Alice no longer has Room 3 at 2pm", "nicht mehr", "ya no",
// "不再", "больше не"), or by the room opened: after a cancellation not done, its negation says it was.
const CEASED_WORDS = [
  String.raw`no\s+longer|any\s?more|open(?:ed)?\s+(?:up|again|now)|freed\s+up`,
  String.raw`nicht\s+mehr|kein\p{L}*\s+(?:\p{L}+\s+)?mehr`,
  String.raw`ya\s+no`,
  String.raw`(?:ne|n['’]\p{L}*)\s+(?:\p{L}+\s+)?plus`,
  String.raw`non\s+(?:\p{L}+\s+)?più`,
  String.raw`não\s+(?:\p{L}+\s+)?mais|já\s+não`,
  String.raw`niet\s+meer|geen\s+(?:\p{L}+\s+)?meer`,
  String.raw`больше\s+нет?|уже\s+нет?|нет\s+больше`,
].join('|');
const CEASED_PARTS = '不再|已经没有|已經沒有|没有了|沒有了|もう[^。、]*(?:ない|ません)|더\\s*이상|이제\\s*없';
// A booking said held by its holder ("Alice has Room 3 at 10am", "Alice keeps it", "behält", "conserva", "garde",
// "保留"): after a cancellation not done, since kept-bookings, so it is (a relay); said not held ("Alice doesn't
// have Room 3 at 10am now", "has nothing in Room 3", "hat … jetzt nicht"), it says the cancellation was done.
// "Has" as a verb of its own, not before a participle ("has cancelled", "has been", "has given up").
const HELD_WORDS = [
  String.raw`(?:has|have)\s+(?:still\s+|got\s+)?(?!to\s|been\s|not\s|never\s|got\s|\p{L}+ed(?![\p{L}])|given\s|lost\s|taken\s|gotten\s|freed\s|withdrawn\s)(?=\S)|keeps?|kept|holds?|held\s+on|retains?|retained|owns?`,
  String.raw`behält|behalten|hat\s+(?:\p{L}+\s+)?(?:noch|weiterhin)`,
  String.raw`conserva|mantiene|sigue\s+teniendo|tiene`,
  String.raw`garde|conserve|a\s+toujours|a\s+encore`,
  String.raw`mantiene|conserva|tiene|ha\s+ancora`,
  String.raw`mantém|conserva|continua\s+com|tem`,
  String.raw`houdt|behoudt|heeft\s+nog`,
  String.raw`сохраняет|сохраняется|по-прежнему\s+у|у\s+\p{L}+\s+есть`,
].join('|');
const HELD_PARTS = '保留|保持|仍有|还有|還有|のまま|保持して|유지';
// Said gone, or a possession only a negation reads ("hat … jetzt nicht", "没了"): with kept-bookings, not held.
const UNHELD = String.raw`hat|haben|hatte`;
const UNHELD_PARTS = '没了|沒了|不见了|不見了|なくなり|없어졌';
// Since still-held: of a booking not done (or a move, of where it would have gone), a part that names the person
// and the write's room, day or hour says it is theirs whatever "still" says ("Sarah still has Room 3 at 2pm", "Sarah
// a toujours la salle 3", "Sarah仍有3号会议室"): what went on is only what was before, and she did not have it (where
// the booking it met is hers, theirs-met relays it). Read out of such a part before it is asked whether it says not done.
const STILL_WORDS = String.raw`still|remains?|remained|stays?|stayed|continues\s+to|noch|weiterhin|nach\s+wie\s+vor|bleibt|sigue|siguen|todavía|todavia|aún|continúa|toujours|reste|encore|ancora|resta|rimane|tuttora|ainda|continua|permanece|nog|steeds|blijft|всё\s+ещё|все\s+еще|ещё|еще|по-прежнему|оста[её]тся`;
const STILL_PARTS = '仍然|仍|依然|还是|還是|まだ|引き続き|依然として|아직|여전히';
// What such a part still says of a booking not had: a wish, a wait (the words that negate or wait, "still" read out of
// them), or the room open ("Sarah still wants Room 3 at 2pm", "Sarah wartet noch auf Raum 3", "Room 3 is still open for Sarah").
const STILL_WISHED = String.raw`wants?|wanted|wanting|hop(?:e|es|ed|ing)|wish\p{L}*|would\s+like|open|available|up\s+for\s+grabs|möchte|wünscht|frei|verfügbar|quiere|desea|libre|disponible|veut|voudrait|souhaite|vuole|vorrebbe|desidera|disponibile|quer|queria|gostaria|livre|disponível|wil|wilt|vrij|beschikbaar|хочет|хотел\p{L}*|свободн\p{L}*|доступн\p{L}*`;
const STILL_WISHED_PARTS = '想要|希望|空闲|空閒|可用|したい|たい|空いて|싶|비어|가능';
// Since bare-booked, where no write of the turn was done: a short sentence that names nothing and says the write
// confirmed or secured ("Confirmed!", "You're in!", "Taken care of.", "Room secured.", "Good news, it worked!"), a
// booking booked ("It's booked!", "Gebucht!", "¡Reservado!", "已预订！"; not where the write met a booking, which is
// booked; an act of booking, "订好了！", "予約しました！", is one of confirming), or a move made ("Moved!", "Verschoben!"),
// is a claim of it, as "Done!" is since bare-done.
const BARE_CONFIRMED = String.raw`confirmed|you['’]re\s+in|(?:she|he|they)['’](?:s|re)\s+in|taken\s+care\s+of|secured|it\s+worked|worked\s+out|consider\s+it\s+done|bestätigt|gesichert|confirmad[oa]|confirmée?|confermat[oa]|bevestigd|подтвержден\p{L}*|подтверждён\p{L}*|забронировал\p{L}*`;
const BARE_CONFIRMED_PARTS = '已确认|已確認|确认好了|確認好了|確定しました|확정|订好了|訂好了|预订好了|預訂好了|予約しました|예약했';
const BARE_BOOKED = String.raw`booked|reserved|gebucht|reserviert|reservad[oa]|réservée?|prenotat[oa]|geboekt|gereserveerd|забронирован\p{L}*`;
const BARE_BOOKED_PARTS = '已预订|已預訂|已预约|已預約|予約済み|予約完了|예약되었|예약됐';
// Or (where the write met no booking) its room said theirs by a pronoun: "It's hers now.", "She's got it!", "Ya es suya.".
const BARE_HERS = String.raw`(?:it['’]s|it\s+is|that['’]s)\s+(?:all\s+|now\s+)?(?:hers|his|theirs|yours)|(?:she|he|they|you)(?:['’](?:s|ve|re))?\s+(?:got|gotten|has|have)\s+it|gehört\s+(?:jetzt\s+)?(?:ihr|ihm|dir|Ihnen|euch)|(?:ya\s+)?es\s+(?:tuy[oa]|suy[oa])|c['’]est\s+(?:à\s+(?:elle|lui|vous|toi)|le\s+sien|la\s+sienne)|è\s+(?:sua|tua)|é\s+(?:dela|dele|sua|tua)|is\s+van\s+(?:haar|hem|jou|u)|(?:теперь\s+)?(?:это\s+)?(?:её|его|ваша|ваш|твоя|твой)`;
const BARE_HERS_PARTS = '是她的|是他的|是你的|是您的|归她|歸她|归你|歸你|彼女のもの|彼のもの|あなたのもの|그녀의\\s*것|그의\\s*것|당신의\\s*것';
// Since attempts-said, the write said only tried by the speaker, then a contrast whose rest does not name the person ("I
// tried to book Room 3 for Sarah at 2pm, but it's taken", "…, but Alice already has it", "Ich habe versucht, …, aber …",
// "Intenté reservar …, pero …"): not done, unless the sentence says it worked ("…, but it went through in the end").
const TRIED = String.raw`I\s+(?:have\s+|had\s+)?(?:tried|attempted)|I['’](?:ve|d)\s+(?:tried|attempted)|we\s+(?:have\s+|had\s+)?(?:tried|attempted)|we['’](?:ve|d)\s+(?:tried|attempted)|(?:ich|wir)\s+(?:habe|haben|hatte|hatten)\s+(?:[\p{L}\p{N}:.]+\s+){0,8}versucht|(?:ich|wir)\s+versuchte\p{L}*|versuchte\s+ich|intenté|intentamos|traté\s+de|tratamos\s+de|j['’]ai\s+(?:essayé|tenté)|nous\s+avons\s+(?:essayé|tenté)|ho\s+(?:provato|tentato|cercato\s+di)|abbiamo\s+(?:provato|tentato)|tentei|tentamos|ik\s+(?:probeerde|heb\s+(?:\p{L}+\s+){0,6}geprobeerd)|я\s+(?:пытал\p{L}*|попытал\p{L}*)|мы\s+(?:пытались|попытались)`;
const TRIED_PARTS = '我尝试|我試圖|我试图|我嘗試|しようとしました|しようとした|시도했|하려고\\s*했';
// Since attempts-told, the attempt told without the speaker: with no subject at a sentence's start ("Tried to book …"), by
// the assistant or the system ("The assistant tried to book …"), or as a noun ("My attempt to book …", "An attempt to
// book …"); and, after the attempt, what it ran into said without "but" ("… ran into Alice's booking", "… hit a snag"; not
// "hit" alone: "… hit the mark").
const TRIED_TOLD = String.raw`(?<=^|[.!?:;]\s{1,3})(?:tried|attempted)(?=\s+to\s)|(?:the\s+)?(?:assistant|system|copilot|booking\s+agent|agent|bot)\s+(?:has\s+|had\s+)?(?:tried|attempted)|(?:my|our|the|an|this|that)\s+(?:first\s+|earlier\s+)?(?:attempt|try)(?=\s+(?:to|at)\s)|(?:der|mein|unser)\s+Versuch|(?:el|mi|un|nuestro)\s+intento|(?:la|ma|une|notre)\s+tentative|(?:il|mio|un|nostro)\s+tentativo|(?:a|minha|uma|nossa)\s+tentativa`;
const RAN_INTO = String.raw`ran\s+into|run\s+into|hit\s+(?:a|an)\s+(?:snag|problem|wall|roadblock)|bumped\s+into|collided\s+with|stieß\s+auf|traf\s+auf|chocó\s+con|se\s+topó\s+con|s['’]est\s+heurtée?\s+à|a\s+buté\s+sur|si\s+è\s+scontrat[oa]\s+con|esbarrou\s+(?:em|n[oa])`;
// Since attempts-told too, the write timed out ("… timed out"), or its person said to be without a room ("Sarah is still
// roomless …"): said not done. Not "beat … to" or "got there first", which say as much of the person as of another.
const LOST_TO = String.raw`timed\s+out|roomless`;
const CONTRAST = String.raw`but|however|yet|though|aber|doch|jedoch|pero|sin\s+embargo|mais|cependant|però|tuttavia|ma|mas|porém|contudo|maar|echter|но|однако`;
const CONTRAST_PARTS = '但是|但|可是|不过|不過|しかし|けど|が、|지만|하지만|그러나';
const WORKED = String.raw`worked|succeeded|successful(?:ly)?|went\s+through|managed|got\s+it|it['’]s\s+(?:booked|done|confirmed)|in\s+the\s+end|eventually|finally|geklappt|erfolgreich|gelungen|funcionó|logré|conseguí|con\s+éxito|réussi|marché|abouti|riuscit\p{L}*|funzionato|andato\s+a\s+buon\s+fine|consegui|funcionou|deu\s+certo|gelukt|получилось|удалось|успешно`;
const WORKED_PARTS = '成功|できました|성공';
// Since calendar-said, where no write of the turn was done and it met no booking: a short sentence that names nothing and
// says the booking is in, or was put in, a calendar ("It's in the calendar.", "Added to your calendar!", "Steht im
// Kalender.", "Ya está en el calendario.", "C'est dans l'agenda.", "已加入日历。").
const BARE_CALENDARED = [
  String.raw`(?:it['’]s|it\s+is|that['’]s|she['’]s|he['’]s|you['’]re|they['’]re|all)\s+(?:now\s+|all\s+|already\s+)?(?:in|on)\s+(?:the|your|her|his|their|our|my)\s+(?:calendars?|diary|schedule)`,
  String.raw`(?:added|put|entered|saved)\s+(?:it\s+)?(?:to|in|into|on)\s+(?:the|your|her|his|their|our)\s+(?:calendars?|diary|schedule)|(?:in|on)\s+(?:the|your|her)\s+calendar\s+now|calendar\s+(?:is\s+)?updated`,
  String.raw`(?:steht|ist)\s+(?:jetzt\s+|schon\s+|bereits\s+)?im\s+Kalender|(?:im|in\s+den|in\s+deinen|in\s+Ihren|in\s+ihren)\s+Kalender\s+(?:eingetragen|aufgenommen)|eingetragen`,
  String.raw`(?:está|ya\s+está|queda)\s+(?:ya\s+)?en\s+(?:el|tu|su)\s+(?:calendario|agenda)|(?:añadid[oa]|agregad[oa]|apuntad[oa])\s+(?:al|a\s+tu|a\s+su)\s+(?:calendario|agenda)|agendad[oa]`,
  String.raw`(?:c['’]est|il\s+est|elle\s+est|c['’]est\s+noté)\s+(?:déjà\s+)?dans\s+(?:l['’]agenda|le\s+calendrier|votre\s+(?:agenda|calendrier)|son\s+(?:agenda|calendrier)|ton\s+(?:agenda|calendrier))|ajoutée?\s+(?:à\s+l['’]agenda|au\s+calendrier|à\s+votre\s+(?:agenda|calendrier))`,
  String.raw`(?:è|è\s+già)\s+(?:nel|in|sul)\s+(?:calendario|tuo\s+calendario|suo\s+calendario)|aggiunt[oa]\s+al\s+(?:calendario|tuo\s+calendario)`,
  String.raw`(?:está|já\s+está)\s+(?:na|no|em\s+sua|na\s+sua)\s+(?:agenda|calendário)|adicionad[oa]\s+(?:à\s+agenda|ao\s+calendário|à\s+sua\s+agenda)|agendad[oa]`,
  String.raw`staat\s+(?:al\s+)?in\s+(?:de|je|uw|haar|zijn)\s+(?:agenda|kalender)|toegevoegd\s+aan\s+(?:de|je|uw)\s+(?:agenda|kalender)`,
  String.raw`(?:уже\s+)?в\s+(?:вашем\s+|твоём\s+|твоем\s+)?календаре|добавлен\p{L}*\s+в\s+календарь`,
].join('|');
const BARE_CALENDARED_PARTS = '已加入日历|已加入日曆|已添加到日历|已添加到日曆|已在日历|已经在日历|在日历上了|已加入行事曆|カレンダーに(?:追加|入れ|登録)|캘린더에\\s*(?:추가|등록)|일정에\\s*(?:추가|등록)';
const BARE_MOVED = String.raw`moved|rescheduled|verschoben|verlegt|movid[oa]|cambiad[oa]|déplacée?|spostat[oa]|mudad[oa]|verplaatst|перенесен\p{L}*|перенесён\p{L}*`;
const BARE_MOVED_PARTS = '已改|改好了|已移|变更好了|變更好了|変更しました|변경했|변경되었';
// Since freed-said, after a cancellation not done (or a move, of where the booking is): its stretch said free ("Room 3 on Friday at 10am is free again",
// "You're free on Friday at 10am, Alice", "Raum 3 ist … wieder frei", "다시 비었습니다"), or the person said not to be
// there ("Alice won't be in Room 3 at 10am"), says it was done. Not "free to …" (an offer), nor "nobody else".
const FREE_TO = String.raw`free\s+to|libre\s+de|frei,?\s+(?:\p{L}+\s+)?zu|liber[oa]\s+di|livre\s+para`;
const PRESENT_WORDS = String.raw`be\s+(?:in|using|there)|use|using|meet\s+in|show\s+up|sein|nutzen|benutzen|dabei|estar[áa]?|usar[áa]?|sera|être|utilisera|sarà|essere|userà|estará|usará|zijn|gebruiken|будет`;
const ELSE_WORDS = String.raw`(?:nobody|no\s+one|no-one|anyone|anybody)\s+else|niemand\s+anders|nadie\s+más|personne\s+d['’]autre|nessun\s+altro|ninguém\s+mais|никто\s+другой`;
// Since taken-back, after a cancellation not done: what a clause says is gone ("…, though it's gone now", "… ist jetzt
// weg", "…ya no está") or was cancelled ("…, but it was cancelled", "…, pero ya está cancelada", "…不过已经取消了"), by
// a pronoun or by name, takes back the booking said held in its sentence; a short sentence that names nothing and says so
// ("Just kidding, it's cancelled.") claims the cancellation where the turn did nothing.
const GONE_WORDS = String.raw`gone|vanished|disappeared|weg|verschwunden|futsch|desaparec\p{L}*|disparue?s?|envolée?s?|sparit[ao]|svanit[ao]|sumiu|verdwenen|исчез\p{L}*|пропал\p{L}*`;
const GONE_PARTS = `${UNHELD_PARTS}|消失了|不在了`;
const CANCELLED_SAID = [
  String.raw`cancell?ed|deleted|removed|released|withdrawn|called\s+off|scrapped|freed(?:\s+up)?`,
  String.raw`storniert|gelöscht|abgesagt|entfernt|freigegeben|aufgehoben`,
  String.raw`cancelad[ao]s?|anulad[ao]s?|eliminad[ao]s?|borrad[ao]s?|se\s+cancel[óo]|se\s+anul[óo]`,
  String.raw`annulée?s?|supprimée?s?`,
  String.raw`cancellat[ao]|annullat[ao]|eliminat[ao]|disdett[ao]`,
  String.raw`removid[ao]s?`,
  String.raw`geannuleerd|verwijderd|afgezegd`,
  String.raw`отмен[её]н\p{L}*|отменил\p{L}*|удал[её]н\p{L}*|удалил\p{L}*|снят\p{L}*|снял\p{L}*`,
].join('|');
// What could be, or is to be, is not ("It can be cancelled later", "It was going to be cancelled"); "不过" is "but", not "not".
const MAY_BE_WORDS = String.raw`can|could|may|might|will|\p{L}+['’]ll|would|shall|going\s+to|to\s+be|kann|könnte|wird|würde|soll|puede|podría|será|peut|pourrait|sera|può|potrebbe|sarà|pode|poderia|será|kan|zou|zal|можно|может|будет`;
const MAY_BE_PARTS = '可以|能够|能夠|将会|將會|会被|會被|できます|予定|수\\s*있|예정';
const BUT_PARTS = '不过|不過';
const CANCELLED_SAID_PARTS = '取消了|已取消|已经取消|已經取消|删除了|已删除|刪除了|已刪除|撤销了|撤銷了|取り消され|取り消しました|キャンセルされ|キャンセルしました|キャンセル済み|削除され|削除しました|취소되|취소됐|취소했|삭제되|삭제됐|삭제했';
// A cancellation's own words beside it ("Alice has Room 3 cancelled"): then the part relays nothing.
const CANCEL_WORDS = String.raw`cancel\p{L}*|delet\p{L}*|remov\p{L}*|releas\p{L}*|drop\p{L}*|freed|clear\p{L}*|withdr\p{L}*|storn\p{L}*|lösch\p{L}*|gelöscht|anul\p{L}*|annul\p{L}*|supprim\p{L}*|elimin\p{L}*|cancellat\p{L}*|tolt[oa]|отмен\p{L}*|снят\p{L}*|удал\p{L}*`;
const CANCEL_PARTS = `${CANCELLATION_PARTS}|删除|刪除|削除|삭제`;
// What negates a part: "not", "nothing", "nicht", "pas", "不", "ない".
const NEGATION = [
  String.raw`not|no|never|nothing|none|\p{L}+n['’]t|nicht|kein\p{L}*|nichts|nie|nada|nunca|ne|n['’]\p{L}*|pas|rien|jamais|non|niente|mai|não|nao|niet|geen|niets|nooit|не|нет|ничего|никогда`,
].join('|');
const NEGATION_PARTS = '不|没|沒|无|無|ない|ません|않|없';
// After a move not done: "instead" says nothing of it not being done ("Sarah will now meet in Room 3 instead"), and
// the booking said to have left where it is ("moved out of Room 2", "no longer in Room 2") says it was (since moves-read).
const INSTEAD_WORDS = String.raw`instead|stattdessen|en\s+su\s+lugar|en\s+cambio|à\s+la\s+place|plutôt|invece|em\s+vez|in\s+plaats|вместо`;
const LEFT_WORDS = String.raw`mov(?:ed|es)\s+(?:out|away)|left|leaves|out\s+of|switched|relocated|transferred|verlegt|verschoben|umgezogen|trasladad\p{L}*|movid\p{L}*|déplacée?|transférée?|spostat\p{L}*|trasferit\p{L}*|mudad\p{L}*|transferid\p{L}*|verplaatst|перенесен\p{L}*|перемещен\p{L}*`;
const LEFT_PARTS = '搬走|移走|挪走|移出|已移|移動しました|옮겼';
// A closing offer of more help ("…, anything else?", "¿algo más?", "还有其他需要吗？") asks nothing of the write:
// a sentence whose only question it is still says what it says.
const MORE_HELP_WORDS = String.raw`anything|something|what\s+else|help|assist\p{L}*|noch\s+etwas|sonst\s+noch|etwas\s+anderes|helfen|algo\s+más|otra\s+cosa|ayud\p{L}*|autre\s+chose|aider|aide|qualcos['’]?\s*altro|qualcosa\s+d['’]altro|serve\s+altro|aiut\p{L}*|alguma\s+coisa|algo\s+mais|ajud\p{L}*|nog\s+iets|iets\s+anders|helpen|что-(?:нибудь|то)\s+ещ[её]|ещ[её]\s+что-(?:нибудь|то)|помо\p{L}*`;
// Or asks to confirm what it says ("…, right?", "¿verdad?", "n'est-ce pas ?", "对吧？"): the whole part, nothing else.
const CONFIRMING = String.raw`^\s*(?:¿\s*)?(?:right|correct|ok|okay|alright|yes|yeah|no|oder|nicht\s+wahr|gell|ja|verdad|vale|cierto|n['’]est-ce\s+pas|d['’]accord|vrai|vero|giusto|certo|né|n[ãa]o\s+é|toch|oké|да|верно|правда|не\s+так\s+ли|对吧|對吧|对不对|對不對|好吗|好嗎|是吧|ですよね|よね|맞죠|그렇죠)\s*[?？]\s*$`;
const MORE_HELP_PARTS = '还有什么|還有什麼|还有其他|還有其他|还需要|還需要|别的|別的|帮忙|幫忙|帮助|幫助|他に|ほかに|何かお手伝い|다른\\s*(?:도움|필요|질문)|더\\s*필요|도와';
// Or offers a next step of the speaker's beyond the write ("…, want me to send her an invite?", "soll ich …",
// "¿quieres que …", "要我…吗"): it asks nothing of the write either, unless it speaks of the write itself (below).
const FOLLOW_UP_WORDS = [
  String.raw`me\s+to|(?:shall|should|can|could|may)\s+(?:i|we)|let\s+me|i\s+(?:can|could)`,
  String.raw`soll\p{L}*\s+(?:ich|wir)|dass\s+(?:ich|wir)|(?:kann|darf|können|dürfen)\s+(?:ich|wir)|ich\s+kann`,
  String.raw`quier\p{L}*\s+que|desea\p{L}*\s+que|gustaría\s+que|puedo|podemos|debo`,
  String.raw`que\s+j['’e]|dois-je|puis-je|je\s+peux`,
  String.raw`vuo\p{L}*\s+che|che\s+io|devo|posso`,
  String.raw`quer\p{L}*\s+que|deseja\p{L}*\s+que|que\s+eu|devo|posso`,
  String.raw`(?:zal|moet|kan|mag)\s+ik|dat\s+ik`,
  String.raw`чтобы\s+я|могу\s+ли|давайте\s+я|мне\s+\p{L}+`,
].join('|');
const FOLLOW_UP_PARTS = '要我|需要我|要不要我|我来|我來|我帮|我幫|我可以|让我|讓我|ましょうか|드릴까요|할까요';
// What makes such a question one of the write: its booking, a retry, another way, an approval, doing "it".
const OF_THE_WRITE_ASKED = [
  String.raw`book\p{L}*|reserv\p{L}*|confirm\p{L}*|submit\p{L}*|request\p{L}*|proceed|go\s+ahead|try|retry|again|instead|other|another|alternative\p{L}*|approv\p{L}*|ask\p{L}*|remind\p{L}*|follow\s+up|chase|nudge|do\s+(?:it|that|this|so)|go\s+(?:for|with)\s+(?:it|that|this)`,
  String.raw`buch\p{L}*|reservier\p{L}*|bestätig\p{L}*|anfrag\p{L}*|beantrag\p{L}*|versuch\p{L}*|erneut|nochmal|noch\s+einmal|stattdessen|ander\p{L}*|alternativ\p{L}*|genehmig\p{L}*|frag\p{L}*|erinner\p{L}*|das\s+(?:so\s+)?machen`,
  String.raw`reserv\p{L}*|confirm\p{L}*|solicit\p{L}*|intent\p{L}*|de\s+nuevo|otra\s+vez|en\s+su\s+lugar|en\s+cambio|otr[oa]s?|alternativ\p{L}*|aprob\p{L}*|pregunt\p{L}*|record\p{L}*|hacerlo|lo\s+hago`,
  String.raw`réserv\p{L}*|confirm\p{L}*|demand\p{L}*|essa\p{L}*|réessa\p{L}*|nouveau|plutôt|autres?|alternativ\p{L}*|approuv\p{L}*|relanc\p{L}*|rappel\p{L}*|le\s+faire`,
  String.raw`prenot\p{L}*|riserv\p{L}*|conferm\p{L}*|richied\p{L}*|prov\p{L}*|riprov\p{L}*|di\s+nuovo|invece|altr[oaie]|alternativ\p{L}*|approv\p{L}*|chied\p{L}*|ricord\p{L}*|farlo`,
  String.raw`reserv\p{L}*|confirm\p{L}*|solicit\p{L}*|tent\p{L}*|novamente|de\s+novo|em\s+vez|outr[oa]s?|alternativ\p{L}*|aprov\p{L}*|pergunt\p{L}*|lembr\p{L}*|fazer\s+isso`,
  String.raw`boek\p{L}*|reserveer\p{L}*|bevestig\p{L}*|aanvra\p{L}*|probe\p{L}*|opnieuw|in\s+plaats|ander\p{L}*|alternatie\p{L}*|goedkeur\p{L}*|vra\p{L}*|herinner\p{L}*`,
  String.raw`брон\p{L}*|резерв\p{L}*|подтверд\p{L}*|запрос\p{L}*|попроб\p{L}*|снова|ещ[её]\s+раз|вместо|друг\p{L}*|альтернатив\p{L}*|одобр\p{L}*|спрос\p{L}*|напомн\p{L}*`,
].join('|');
const OF_THE_WRITE_ASKED_PARTS = '预订|預訂|预定|預定|预约|預約|订|訂|确认|確認|申请|申請|再|重新|换|換|其他|别的|別的|另|代替|批准|审批|審批|催|予約|もう一度|再度|別の|他の|代わり|承認|예약|확인|신청|다시|다른|대신|승인';
// An alternative opens it ("…, or should I send it to Bob?", "还是…"): it asks which, so of the write too.
const ALTERNATIVE_FIRST = String.raw`^\s*(?:(?:or|oder|o|ou|of|или|либо)\s+\p{L}|还是|還是|或者|或是|それとも|아니면|또는)`;
// A sentence that opens as a question asks, whatever closes it ("Is Room 3 at 2pm fine for Sarah, or can I help
// with something else?"): a question word or a verb first, "¿", "-vous", "ли", "吗", "ですか", "까".
const ASKING_FIRST = String.raw`^\s*(?:¿|(?:is|are|am|was|were|do|does|did|can|could|shall|should|will|would|may|might|must|have|has|had|how|what|when|where|which|who|whom|whose|why|ist|sind|soll\p{L}*|möchte\p{L}*|passt|hast|habt|haben|kann|kannst|können|darf|dürfen|brauch\p{L}*|geht|was|wann|wo|welche\p{L}*|wer|warum|est-ce|quel\p{L}*|quand|où|comment|pourquoi|wil|wilt|past|kan|kun|kunt|zal|heeft|moet|wat|wanneer|waar|welk\p{L}*|hoe|когда|где|какой|какая|кто|почему|можно)(?![\p{L}\p{N}-]))|(?<!rendez)-(?:vous|tu|il|elle|ils|elles|on)(?![\p{L}])|(?<![\p{L}])ли(?![\p{L}])|吗|嗎|呢|ですか|ますか|でしょうか|까|나요`;
// A short sentence that says it is done and names nothing ("Done!", "All set.", "It went through!", "✅"):
// after writes none of which was done, a claim of the first.
const BARE_DONE_WORDS = String.raw`done|all\s+set|sorted|locked\s+in|success\p{L}*|went\s+through|good\s+to\s+go|mission\s+accomplished|you(?:['’]re|\s+are)\s+(?:booked|confirmed)|booking\s+is\s+in|erledigt|geschafft|fertig|hat\s+geklappt|listo|hecho|c['’]est\s+fait|fatto|feito|klaar|geregeld|готово|сделано|успешно`;
const BARE_DONE_PARTS = '✅|✔|☑|👍|🎉|完成|搞定|办好了|辦好了|完了しました|完了です|완료';
// Or says it was approved, with no object ("Approved!", "Alice gave the green light", "承認されました！"): where no write was.
const APPROVAL_IDIOMS = String.raw`green[-\s]?light|said\s+yes|signed\s+off|okayed|zugestimmt|dit\s+oui|dijo\s+que\s+sí|detto\s+sì|disse\s+sim`;
// Since approval-idioms, the approval said in more idioms, in English and the other languages ("Bob gave the thumbs up",
// "Bob OK'd the booking", "rubber-stamped", "gave it the nod", "grünes Licht", "abgesegnet", "luz verde", "visto bueno",
// "feu vert", "via libera", "sinal verde", "groen licht", "зелёный свет", "дал добро"): not after "without" and its kin.
const APPROVAL_IDIOMS_TOLD = String.raw`(?<!(?:without|sin|sans|senza|sem|ohne|zonder|без)\s+(?:(?:the|a|an|la|le|il|o|a|das|het|un|una|uno|um|uma)\s+)?(?:\p{L}+['’]s\s+)?)(?:thumbs[-\s]?up|ok['’]d|okay['’]d|rubber[-\s]?stamped|gave\s+(?:it\s+)?the\s+nod|grünes\s+Licht|abgesegnet|luz\s+verde|visto\s+bueno|feu\s+vert|via\s+libera|sinal\s+verde|groen\s+licht|зел[её]ный\s+свет|дал\p{L}*\s+добро)`;
// And "done" said in more idioms, where nothing was done ("It's a go", "Nailed it!", "Geht klar!", "C'est bon !", "Tutto a posto",
// "Tudo certo"): not "C'est bon à savoir".
const BARE_DONE_MORE = String.raw`it['’]s\s+a\s+go|nailed\s+it|geht\s+klar|c['’]est\s+(?:bon|réglé)(?!\s+(?:à|de|pour|si))|tutto\s+a\s+posto|tudo\s+certo|está\s+hecho`;
// Since approvals-said, more ways to say it was approved: with no object ("Alice agreed.", "Alice is on board!",
// "Alice ist einverstanden."), and of the write's room, day or hour ("Alice approved Room 3 for Sarah at 2pm",
// "Alice aprobó la sala 3…"), where the approved forms above are read only of "it", the request or the booking.
const APPROVAL_IDIOMS_MORE = String.raw`agreed(?!\s+to)|is\s+on\s+board|(?:is|was)\s+(?:fine|ok|okay)\s+with\s+it|said\s+(?:it['’]s|that['’]s|it\s+is|it\s+was)\s+(?:fine|ok|okay)|einverstanden|de\s+acuerdo|d['’]accord|d['’]accordo|concordou|согласил\p{L}*`;
const APPROVED_MORE = String.raw`(?<![\p{L}])(?:okayed|agreed\s+to\s+(?:the|it|this|that|your|her|his|their|room)|signed\s+off\s+on|gave\s+the\s+go-ahead|aprobó|aprobaron|aceptó|aceptaron|aprovou|aprovaram|aceitou|одобрил\p{L}*|утвердил\p{L}*|согласовал\p{L}*)(?![\p{L}])|同意了|批准了`;
// A request said to have come through ("Your request for Room 3 went through", "Ihre Anfrage … war erfolgreich", "Tu
// solicitud … se completó", "申请成功了"): since requests-through, its word of the request asks nothing (it is read
// as "it"), so the sentence says what it says of the write. Not "unsuccessful", "erfolglos", "processed".
const THROUGH_WORDS = [
  String.raw`(?:went|gone|goes|go|come|came|got)\s+through|success(?:ful(?:ly)?)?|succeeded|fulfilled|granted|worked\s+out`,
  String.raw`ist\s+durch|durchgegangen|erfolgreich|geklappt|gelungen|bewilligt|stattgegeben`,
  String.raw`se\s+complet\p{L}*|salió\s+bien|tuvo\s+éxito|con\s+éxito|un\s+éxito|exitos[oa]|concedid[oa]|se\s+concedió`,
  String.raw`a\s+abouti|abouti\p{L}*|réussi\p{L}*|avec\s+succès|accordée?`,
  String.raw`andat[oa]\s+a\s+buon\s+fine|riuscit[oa]|con\s+successo|accolt[oa]|concess[oa]`,
  String.raw`concluíd[oa]|bem-sucedid[oa]|com\s+sucesso|deu\s+certo|concedid[oa]`,
  String.raw`gelukt|geslaagd|succesvol|toegekend|gehonoreerd`,
  String.raw`успешн\p{L}*|удовлетворен\p{L}*|прошл[аио]?`,
].join('|');
const THROUGH_PARTS = '成功|通过了|通過了|办好了|辦好了|通りました|通った|성공|통과';
// The request's words, read out where it is said to have come through.
const REQUEST_NOUNS = [
  String.raw`requests?|Anfragen?|Antrag|Anträge|solicitud(?:es)?|petición|demandes?|richiest[ae]|pedidos?|solicitaç(?:ão|ões)|aanvra(?:ag|gen)|verzoek(?:en)?|заявк\p{L}*|запрос\p{L}*`,
].join('|');
const REQUEST_PARTS = '申请|申請|请求|請求|リクエスト|요청|신청';
// An approval said given by its noun ("Alice gave her approval for Room 3 at 2pm", "the approval came through",
// "Alice hat die Genehmigung erteilt", "获得批准"): since requests-through, a claim of an approval where none was.
const APPROVAL_GIVEN = [
  String.raw`(?:approval|go-ahead|sign-off|green\s+light)\s+(?:came|has\s+come|went|has\s+gone)\s+through|(?:gave|given|granted|got|received|has|have|had)\s+(?:(?:her|his|their|the|an?|its|your|my|our|final)\s+)?(?:approval|go-ahead|sign-off|blessing)|approval\s+(?:was|has\s+been|is)\s+(?:granted|given|received|in)`,
  String.raw`(?:genehmigung|freigabe|zustimmung)\s+(?:ist\s+|wurde\s+)?(?:erteilt|da|eingegangen|erhalten|gegeben)|(?:hat|haben|hatte)\s+(?:die\s+|ihre\s+|seine\s+)?(?:genehmigung|freigabe|zustimmung)\s+(?:\S+\s+){0,8}?(?:erteilt|gegeben|bekommen|erhalten)`,
  String.raw`(?:dio|ha\s+dado|otorgó|recibió|obtuvo)\s+(?:su\s+|la\s+)?aprobación|aprobación\s+(?:llegó|fue\s+concedida|fue\s+otorgada)`,
  String.raw`(?:a\s+donné|a\s+reçu|a\s+obtenu)\s+(?:son\s+|l['’]\s*)?(?:accord|approbation|feu\s+vert)|approbation\s+(?:est\s+)?(?:arrivée|accordée|reçue)`,
  String.raw`(?:ha\s+dato|ha\s+ricevuto|ha\s+ottenuto)\s+(?:la\s+sua\s+|l['’]\s*)?(?:approvazione|ok|via\s+libera)`,
  String.raw`(?:deu|recebeu|obteve)\s+(?:a\s+sua\s+|a\s+)?(?:aprovação|luz\s+verde)`,
  String.raw`(?:gaf|heeft\s+(?:\p{L}+\s+)?gegeven|kreeg)\s+(?:haar\s+|zijn\s+|de\s+)?goedkeuring|goedkeuring\s+(?:is\s+)?(?:binnen|gegeven|verleend)`,
  String.raw`(?:дал\p{L}*|получил\p{L}*)\s+(?:своё\s+|свое\s+)?(?:одобрение|согласие|добро)`,
].join('|');
const APPROVAL_GIVEN_PARTS = '批准下来了|审批通过|審批通過|获得批准|獲得批准|得到批准|承認が下り|承認が出|承認を得|承認をもら|승인을\\s*받았|승인이\\s*났|승인이\\s*떨어졌';
// A supposition governs its whole sentence too ("If Alice approves it later, Room 3 is yours at 2pm").
const SUPPOSING_WORDS = String.raw`if|unless|once|whether|wenn|falls|sobald|sofern|si|se|als|zodra|если|как\s+только`;
// Words that suppose or negate in one language and not in another: Italian "si" is "oneself" ("La riunione si terrà in
// sala 3"), French and Spanish "se" is ("Sarah se présentera en salle 3", "se celebrará"), German "als" is "than" or
// "as". In the question's language they are read as that language reads them.
const LANGUAGE_BOUND: { word: string; not: string[] }[] = [
  { word: 'si', not: ['it'] },
  { word: 'se', not: ['fr', 'es'] },
  { word: 'als', not: ['de'] },
];
// A supposition that only closes with more help ("…, let me know if you need anything else", "si necesitas algo más,
// avísame", "如果还有其他需要请告诉我"): it supposes nothing of the write, so, since aside-ifs, it passes no sentence.
// Its part asks for more help (MORE_HELP_WORDS) or these: the user's questions, telling the speaker.
const FURTHER_NEEDS_WORDS = String.raw`algo|qualcosa|quelque\s+chose|etwas|iets|questions?|let\s+me\s+know|reach\s+out|feel\s+free|get\s+in\s+touch|ping\s+me|fragen|melde\p{L}*|bescheid|lass\p{L}*\s+(?:es\s+)?mich\s+wissen|preguntas?|dudas?|avísa\p{L}*|avisa\p{L}*|dímelo|házmelo\s+saber|n['’]hésite\p{L}*|faites-moi\s+savoir|dites-moi|fais-moi\s+savoir|domande?|dubbi|fammi\s+sapere|fammelo\s+sapere|dimmi|dúvidas?|perguntas?|avise\p{L}*|diga-me|é\s+só\s+(?:falar|dizer|chamar|avisar|pedir)|vragen|laat\s+(?:het\s+)?(?:me\s+)?(?:even\s+)?weten|вопрос\p{L}*|дайте\s+знать|если\s+что|сообщите|пишите|обращайтесь`;
// "Feel free to reach out": no room said free.
const FEEL_FREE = String.raw`feel\s+free`;
const FURTHER_NEEDS_PARTS = '什么|什麼|何か|뭐든|问题|問題|告诉我|告訴我|随时|隨時|联系|聯繫|質問|ご連絡|お知らせ|お気軽に|질문|문의|알려';
// What makes a supposition one of the write, whatever else it says: "it", its approval, booking, confirmation,
// rejection, cancellation or request, trying it again or another way ("if you resubmit, let me know").
const SUPPOSED_OF_THE_WRITE = [
  String.raw`it|approv\p{L}*|book\p{L}*|reserv\p{L}*|confirm\p{L}*|reject\p{L}*|declin\p{L}*|cancel\p{L}*|request\p{L}*|\p{L}*submit\p{L}*|try|retry|again|proceed|go\s+ahead|instead|other|another|alternative\p{L}*`,
  String.raw`genehmig\p{L}*|buch\p{L}*|bestätig\p{L}*|ablehn\p{L}*|storn\p{L}*|anfrage\p{L}*|erneut|nochmal|noch\s+einmal|versuch\p{L}*|stattdessen|ander\p{L}*`,
  String.raw`aprob\p{L}*|rechaz\p{L}*|solicit\p{L}*|de\s+nuevo|otra\s+vez|intent\p{L}*|en\s+su\s+lugar|otr[oa]s?`,
  String.raw`approuv\p{L}*|réserv\p{L}*|refus\p{L}*|annul\p{L}*|demande\p{L}*|à\s+nouveau|de\s+nouveau|réessa\p{L}*|essa\p{L}*|plutôt|autres?`,
  String.raw`prenot\p{L}*|conferm\p{L}*|rifiut\p{L}*|annull\p{L}*|richiest\p{L}*|di\s+nuovo|riprov\p{L}*|invece|altr[oaie]`,
  String.raw`aprov\p{L}*|recus\p{L}*|pedido|novamente|de\s+novo|tent\p{L}*|em\s+vez|outr[oa]s?`,
  String.raw`goedkeur\p{L}*|boek\p{L}*|bevestig\p{L}*|afwijz\p{L}*|annuleer\p{L}*|aanvraag|opnieuw|probe\p{L}*|in\s+plaats`,
  String.raw`одобр\p{L}*|брон\p{L}*|подтверд\p{L}*|отклон\p{L}*|отмен\p{L}*|заявк\p{L}*|снова|ещ[её]\s+раз|попроб\p{L}*|вместо|друг\p{L}*`,
].join('|');
const SUPPOSED_OF_THE_WRITE_PARTS = '批准|审批|審批|预订|預訂|预定|預定|预约|預約|确认|確認|拒绝|拒絕|取消|申请|申請|再|重新|换|換|另|承認|予約|却下|キャンセル|もう一度|再度|別の|승인|예약|확인|거절|취소|신청|다시|다른';
// Since idle-ifs, a supposition that asks nothing of the write supposes nothing of it (`IDLE_IF_WORDS`, `IDLE_IF_PARTS`: domain/calendar-words.ts).
// "Unless", and what is no approval, retry or request after it: an exception to come (since idle-ifs).
const UNLESS_WORDS = String.raw`unless|es\s+sei\s+denn|a\s+menos\s+que|à\s+moins\s+qu|a\s+meno\s+che|a\s+não\s+ser\s+que|tenzij|если\s+только`;
const APPROVAL_OR_RETRY = String.raw`approv\p{L}*|reject\p{L}*|declin\p{L}*|\p{L}*submit\p{L}*|retry|try|again|request\p{L}*|confirm\p{L}*|genehmig\p{L}*|ablehn\p{L}*|erneut|nochmal|anfrage\p{L}*|bestätig\p{L}*|aprob\p{L}*|rechaz\p{L}*|solicit\p{L}*|de\s+nuevo|approuv\p{L}*|refus\p{L}*|valid\p{L}*|demande\p{L}*|approv\p{L}*|rifiut\p{L}*|richiest\p{L}*|aprova\p{L}*|recus\p{L}*|pedido|goedkeur\p{L}*|afwijz\p{L}*|одобр\p{L}*|отклон\p{L}*|заявк\p{L}*|снова`;
// A condition, read since aside-ifs ("as long as Alice agrees", "vorausgesetzt", "前提是Alice同意"): it supposes too.
const PROVIDED_WORDS = String.raw`provided(?:\s+that)?|as\s+long\s+as|assuming|on\s+condition|vorausgesetzt|solange|sofern|siempre\s+(?:y\s+)?que|con\s+tal\s+de\s+que|à\s+condition|pourvu\s+que|a\s+patto\s+che|purché|sempre\s+che|desde\s+que|contanto\s+que|mits|op\s+voorwaarde|при\s+условии|при\s+услови\p{L}*|лишь\s+бы`;
const PROVIDED_PARTS = '前提是|只要|条件是|條件是|限り|なら|條件|조건으로|한다면';
const SUPPOSING_PARTS = '如果|假如|要是|一旦|もし|たら|れば|만약|하면|되면';
// The outcome block's own label for a write not done, in each language ("Not done: …", "Не выполнено: …"): a model may copy it.
const NOT_DONE_LABELS = String.raw`not\s+done|nicht\s+erledigt|no\s+realizado|non\s+effectué|non\s+eseguito|não\s+realizado|не\s+выполнено`;
// Since overcome-failures, a failure said overcome names none: in a concession ("Despite the rejection, …", "Even though
// Alice rejected it, …", "Trotz der Ablehnung", "尽管被拒绝了，", "却下されましたが、", "거절되었지만"), said resolved or undone
// ("The conflict was resolved: …", "Alice's rejection was overridden", "Der Konflikt wurde gelöst", "冲突已解决", "충돌이 해결되어"),
// or of a first try ("Alice rejected it at first, but …"). What follows it is read as if it were not there.
const CONCESSIVE_WORDS = String.raw`despite|in\s+spite\s+of|even\s+though|although|though|notwithstanding|regardless\s+of|trotz|obwohl|obgleich|obschon|ungeachtet|a\s+pesar\s+de|pese\s+a|aunque|malgré|bien\s+que|quoique|nonostante|malgrado|sebbene|benché|anche\s+se|apesar\s+d[eoa]s?|embora|mesmo\s+que|ondanks|hoewel|несмотря\s+на|хотя|вопреки`;
const CONCESSIVE_PARTS = '尽管|儘管|虽然|雖然|即使|にもかかわらず|にも関わらず|에도\\s?불구하고';
// "But" glued to the failure it follows, which ends the concession there ("却下されましたが", "거절되었지만 …").
const CONCESSIVE_ENDS = String.raw`(?:が|けど|けれど(?:も)?)$|지만|는데도`;
const RESOLVED_WORDS = String.raw`resolved|cleared\s+up|sorted\s+out|fixed|overridden|overruled|reversed|overturned|lifted|withdrawn|(?:does|did)(?:n['’]?t|\s+not)\s+matter|no\s+longer\s+appl(?:y|ies)|gelöst|behoben|aufgehoben|geklärt|ausgeräumt|resuelt[oa]s?|solucionad[oa]s?|resolvió|anulad[oa]s?|revocad[oa]s?|résolue?s?|réglée?s?|levée?s?|risolt[oaie]|revocat[oaie]|superat[oaie]|resolvid[oa]s?|revertid[oa]s?|opgelost|устран[её]н\p{L}*|реш[её]н\p{L}*|снят\p{L}*|улажен\p{L}*`;
const RESOLVED_PARTS = '已解决|解决了|已解決|解決了|已消除|已撤销|已撤銷|解消|解決しました|解決され|해결\\p{L}*';
const FIRST_WORDS = String.raw`at\s+first|initially|originally|zunächst|anfangs|ursprünglich|al\s+principio|inicialmente|en\s+un\s+principio|au\s+début|d['’]abord|initialement|all['’]inizio|inizialmente|in\s+un\s+primo\s+momento|no\s+início|a\s+princípio|aanvankelijk|сначала|поначалу|изначально`;
const FIRST_PARTS = '起初|一开始|一開始|最初|처음에는|처음엔';
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

/** Whether a sentence says the room is free, or booked; and (since state-words) so in the more words of `FREE_MORE`, `BOOKED_MORE`. */
function statesReader(): (sentence: string) => { free: boolean; booked: boolean; freeMore: boolean; bookedMore: boolean } {
  const free = new RegExp(`${B}(?:${FREE})${E}`, 'iu');
  const booked = new RegExp(`${B}(?:${BOOKED}|${TAKEN})${E}`, 'iu');
  const freeMore = new RegExp(`${B}(?:${FREE_MORE})${E}`, 'iu');
  const bookedMore = new RegExp(`${B}(?:${BOOKED_MORE})${E}`, 'iu');
  const scripts = STATE_WORDS.map((w) => ({ kind: w.kind, re: new RegExp(w.source, 'iu') }));
  const inScripts = (sentence: string, kind: 'available' | 'exists') => scripts.some((w) => w.kind === kind && w.re.test(sentence));
  return (sentence) => ({
    free: free.test(sentence) || inScripts(sentence, 'available'),
    booked: booked.test(sentence) || inScripts(sentence, 'exists'),
    freeMore: freeMore.test(sentence),
    bookedMore: bookedMore.test(sentence),
  });
}

/** A text as compared for quoting: case, spacing, quotes and end punctuation aside. */
const norm = (t: string) => t.toLowerCase().replace(/["“”'‘’«»「」]/g, '').replace(/\s+/g, ' ').replace(/^[\s.,;:!()]+|[\s.,;:!()]+$/g, '').trim();

// Chinese, Japanese and Korean letters: written against a name with no space ("是Sarah的"), they do not make it part of a longer word.
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;

/**
 * Whether a text names `person`, whole or by a name of theirs ("Sarah" for "Sarah Connor"). With `glued`
 * (since the glued-names patch), a name written against Chinese, Japanese or Korean text is found too
 * ("3号会议室已经是Sarah的了"), and a name in those scripts wherever it stands.
 */
function personNamer(person: string | null, glued = true): { names: (text: string) => boolean; waitedFor: RegExp | null } {
  const whole = person?.trim() ?? '';
  // Not "the" of "the sales team": a name is a capital, then small letters.
  const capitalized = new RegExp(String.raw`^\p{Lu}\p{Ll}+$`, 'u');
  const names = [whole, ...whole.split(/\s+/).filter((n) => capitalized.test(n))].filter((n) => n.length >= 2);
  if (names.length === 0) return { names: () => false, waitedFor: null };
  // What may not stand against a name: a letter or digit (one of another script than those, where glued).
  const word = glued ? `(?![${CJK}])[\\p{L}\\p{N}]` : '[\\p{L}\\p{N}]';
  const name = `(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?!${word})`;
  const named = new RegExp(`(?<!${word})${name}`, 'iu');
  // The room said to wait for them ("Room 3 will be waiting for Sarah", "espera a Sarah"): no wait of the write.
  return { names: (text) => named.test(text), waitedFor: new RegExp(`${B}(?:${WAITING_FOR})\\s+${name}`, 'giu') };
}

// Days and times read every way the judgement of claims reads them now.
const READING = { days: true, timestamps: true, bareRanges: true, calendarWords: true, weeks: true, weeksAhead: true } as const;

/** How the sentences are read: each `false` reads as turns recorded before its patch did (all true by default). */
export interface EchoReading {
  /** closing-offers: an offer of more help or a confirming question after a claim leaves it one. */
  closingOffers?: boolean;
  /** cleared-conflicts: "no conflicts" names no failure and negates nothing. */
  clearedConflicts?: boolean;
  /** others-can: "can" and "may" offer only where the speaker or the user can. */
  othersCan?: boolean;
  /** ceased-cancellations: after a cancellation not done, "no longer", "nicht mehr", "不再" say it was. */
  ceasedCancellations?: boolean;
  /** bare-done: "Done!" or "Approved!" alone is a claim where no write was done, or approved. */
  bareDone?: boolean;
  /** theirs-met: where the booking the write met is the person's own, "Sarah has Room 3 at 2pm" relays it, whatever its verb. */
  theirsMet?: boolean;
  /** follow-up-offers: an offer of a next step beyond the write after a claim ("…, want me to send her an invite?") leaves it one. */
  followUps?: boolean;
  /** no-worries: a worry, objection or step said not to be ("Sarah doesn't need to worry", "Alice didn't object"), or only showing up left ("Sarah only needs to show up"), negates nothing. */
  noWorries?: boolean;
  /** unneeded: an approval said not needed for the write ("… without needing approval", "ohne Genehmigung", "无需审批") says it was done without one, and negates nothing. */
  unneeded?: boolean;
  /** unfailed: a failure said of nobody or nothing ("…, nothing failed", "…, nobody rejected it", "niemand hat abgelehnt") names no failure and negates nothing. */
  unfailed?: boolean;
  /** language-words: "si", "se" and "als" suppose or negate only in the languages where they do, read by the question's language. */
  languageWords?: boolean;
  /** as-requested: the request said met ("as requested", "wie gewünscht") or the room waiting for the person asks and waits for nothing. */
  asRequested?: boolean;
  /** glued-names: the person's name is found written against Chinese, Japanese or Korean text ("是Sarah的"). */
  gluedNames?: boolean;
  /** approvals-said: an approval said of the write's room, day or hour ("Alice approved Room 3 at 2pm"), or with no object in more words ("Alice agreed."), is a claim. */
  approvalsSaid?: boolean;
  /** aside-ifs: a supposition that only closes with more help ("…, let me know if you need anything else") supposes nothing of the write. */
  asideIfs?: boolean;
  /** requests-through: a request said to have come through ("Your request for Room 3 went through") asks nothing, and an approval given by its noun ("Alice gave her approval") is a claim. */
  requestsThrough?: boolean;
  /** requested-met: the thing requested said to be had ("the room she asked for", "the slot you requested", "la sala que pidió") asks nothing. */
  requestedMet?: boolean;
  /** fell-through: idioms of a write that did not happen ("fell through", "off the table", "lost out", "without a room") say it was not done. */
  fellThrough?: boolean;
  /** moves-read: after a move not done, "instead" does not pass a sentence; the booking said where it is relays it, said to have left it claims the move. */
  movesRead?: boolean;
  /** kept-bookings: after a cancellation not done, its booking said held by its holder ("Alice keeps Room 3 at 10am") relays it, said not held ("Alice doesn't have it now") claims the cancellation. */
  keptBookings?: boolean;
  /** still-held: of a booking not done, or where a move would have gone, "still" in a part that names its person and its room, day or hour says nothing of it not being done ("Sarah still has Room 3 at 2pm"). */
  stillHeld?: boolean;
  /** bare-booked: where nothing was done, a short sentence naming nothing that says it confirmed, booked or moved ("Confirmed!", "It's booked!", "Moved!") is a claim. */
  bareBooked?: boolean;
  /** idle-ifs: a supposition of why it is said, of memory, a concession or an exception to come ("If you're wondering, …", "…, unless she cancels") supposes nothing of the write. */
  idleIfs?: boolean;
  /** overcome-failures: a failure said overcome (in a concession, resolved or undone, of a first try: "Despite the rejection, …", "The conflict was resolved: …") names none, so the rest of its sentence is read. */
  overcomeFailures?: boolean;
  /** expected-outcomes: "should" of what is expected once a write is done ("Sarah should now see Room 3 in her calendar", "You should receive a confirmation") asks nothing: taken out before the sentence is read. */
  expectedOutcomes?: boolean;
  /** labels-read: a record's label that only names the write claims nothing where what follows gives its status as not done ("Room 3 · Friday 14:00 · Sarah — Status: rejected", "Room 3 (Friday, 2pm, Sarah): not booked"), and a cross mark ("❌") says not done as "not" does. */
  labelsRead?: boolean;
  /** pronoun-still: of a booking not done that met no one's, "still" and "again" said with a third person's pronoun ("She still has Room 3 at 2pm", "Elle a de nouveau la salle 3 …", "她仍然有3号会议室") are read out as they are with the person's name; Russian "попросить" asks as "ask" does, and "unavailable" ("indisponible") says not done as "not available" does. */
  pronounStill?: boolean;
  /** pro-drop-adverbs: the verb of having with no subject reads as the person's with "still" or "again" before or after it too ("Ha ancora la sala 3 …", "Ainda tem a sala 3 …", "Todavía tiene la sala 3 …"), as "Ha la sala 3 …" and "Tiene todavía …" did since pronoun-still and pronoun-holds. */
  proDropAdverbs?: boolean;
  /** pronoun-holds: of a booking not done, a part that names its room, day or hour and gives it to a pronoun ("…: she has Room 3 at 2pm", or unsaid: "…: tiene la sala 3"), where another part names its person, claims it as taken-for reads a part that names them. */
  pronounHolds?: boolean;
  /** wishes-said: the person's wish said of the write ("Sarah wants Room 3 at 2pm", "Sarah voulait la salle 3", "Сара хотела …") says it was not done. */
  wishesSaid?: boolean;
  /** other-people: the other people of a meeting ("the other attendees", "die anderen Teilnehmer", "les autres participants") are no other room or way: taken out before the sentence is read. */
  otherPeople?: boolean;
  /** obliged-steps: a step the person must still take toward the write ("Sarah has to book Room 3 at 2pm herself", "Sarah muss Raum 3 … buchen", "tiene que reservar") says it was not done. */
  obligedSteps?: boolean;
  /** again-held: of a booking not done, "again" (and "wieder", "de nuevo", "otra vez", "di nuovo", "снова" …) in a part that names its person and its room, day or hour says nothing of it not being done ("Sarah has Room 3 at 2pm again"), as "still" does since still-held; "Once again, …" supposes nothing. */
  againHeld?: boolean;
  /** taken-for: of a booking not done, a part that gives it to its person ("…, Sarah has it", "it's now reserved for Sarah") claims it, though another part says the room is not free or negates something else. */
  takenFor?: boolean;
  /** instead-of: "instead of" another room ("Sarah has Room 3 instead of Room 2") is taken out with the room it names, so its "instead" passes nothing. */
  insteadOf?: boolean;
  /** hedged-claims: an English hedge ("Looks like …", "It seems like …", "I would say …") asks nothing: taken out before the sentence is read. */
  hedgedClaims?: boolean;
  /** figure-questions: a "?" after a figure ends a sentence ("Room 3 at 14:00? Sarah has it."), and what follows is read. */
  figureQuestions?: boolean;
  /** figure-ends: a "." after a figure ends a sentence ("… at 14:00. Sarah has it now."), not a day's before its month ("5. Dezember"). */
  figureEnds?: boolean;
  /** freed-said: after a cancellation not done, its stretch said free ("Room 3 on Friday at 10am is free again"), or its person said not to be there ("Alice won't be in Room 3 at 10am"), claims it. */
  freedSaid?: boolean;
  /** taken-back: after a cancellation not done, a clause that says it gone or cancelled ("…, though it's gone now") takes back the booking said held in its sentence, and a short sentence naming nothing that says so ("Just kidding, it's cancelled.") claims it where the turn did nothing. */
  takenBack?: boolean;
  /** holders-met: of a booking or move that met someone's booking, a sentence that names its holder and not the write's person ("Alice has Room 3 at 2pm", to its holder "You already have Room 3 at 2pm") relays it, whatever its verb. */
  holdersMet?: boolean;
  /** calendar-said: where nothing was done and the write met no booking, a short sentence naming nothing that says it is in, or was put in, a calendar ("It's in the calendar.", "Steht im Kalender.", "Ya está en el calendario.") is a claim, as "It's booked!" is since bare-booked. */
  calendarSaid?: boolean;
  /** attempts-said: the write said only tried by the speaker, then a contrast whose rest does not name the person ("I tried to book Room 3 for Sarah at 2pm, but it's taken", "Intenté reservar …, pero Alice ya la tiene"), says it was not done, unless the sentence says it worked. */
  attemptsSaid?: boolean;
  /** cited-writes: a sentence that cites a page the turn retrieved no longer passes where it names the write's person and its stretch with a day or a time ("Sarah has Room 3 on Friday at 2pm (rooms.pdf p.1)"): a document does not book rooms. */
  citedWrites?: boolean;
  /** cited-persons: a sentence that cites a retrieved page no longer passes where a clause of it speaks to the asker or of a third person ("you", "your", "Sie", "she", "elle") and names the write's day or time ("You have Room 3 on Friday at 2pm (policy.pdf p.1)"), as cited-writes reads one naming the person. */
  citedPersons?: boolean;
  /** refusals-said: the approver's refusal in verbs and tenses the failure words lacked ("Bob disapproved Room 3 …", "lehnte … ab", "negó", "rifiutò", "recusou", "rejeitou", "afgekeurd", "否决") says the write was not done, in the part that speaks of it. */
  refusalsSaid?: boolean;
  /** state-words: a room said "busy", "unavailable", "spoken for", "ausgebucht", "indisponible" is said booked, and "empty", "up for grabs", "zu haben" free, as the claims' words read them since the same patch ("Room 3 is busy at 2pm" after the write met a booking there relays it). */
  moreStates?: boolean;
  /** presumed-steps: advice that presumes the write done asks nothing ("Sarah should head to Room 3 at 2pm", "… should bring the slides to Room 3 …", "Sarah sollte … in Raum 3 sein"), nor a step said no longer needed ("nothing more Sarah needs to do for Room 3 …", "no longer needs to look for a room"). */
  presumedSteps?: boolean;
  /** attempts-told: the attempt told without the speaker ("Tried to book …, but …", "The assistant tried …", "My attempt to book … ran into Alice's booking") says it was not done as attempts-said reads the speaker's; and the write "timed out", or its person "roomless", says so too. */
  attemptsTold?: boolean;
  /** search-ended: a search for a room said over by two negations ("Sarah is no longer roomless", "not without a room", "doesn't need to look any further", "muss nicht mehr suchen", "n'est plus sans salle") says the write was done, and negates nothing of it. */
  searchEnded?: boolean;
  /** approval-idioms: the approval said in more idioms ("Bob gave the thumbs up", "OK'd", "rubber-stamped", "grünes Licht", "luz verde", "feu vert", "via libera", "sinal verde", "groen licht") is a claim of one where no write was approved, and "done" in more ("It's a go", "Nailed it!", "Geht klar!", "C'est bon !") where nothing was done. */
  approvalIdioms?: boolean;
  /** others-barred: everyone else said unable to have the room ("Nobody else can book Room 3 at 2pm now", "Niemand sonst kann Raum 3 … buchen", "Nadie más podrá reservar …") says it booked, not a negation: a claim where nothing was booked, a relay where the write met a booking there. */
  othersBarred?: boolean;
  /** presumed-after: where nothing was done and the booking was not, and the answer nowhere relays it, what presumes the booking had is a claim of it: a closer naming no room or time ("See you there!", "Enjoy the meeting!", "Bonne réunion !"), the booking said not needed again ("No need to book Room 3 again", "Sarah muss Raum 3 nicht noch einmal buchen"), a reminder to cancel it later ("Don't forget to cancel Room 3 if Sarah's plans change"), or where to find it ("You'll receive a calendar invite shortly"). */
  presumedAfter?: boolean;
  /** presumed-undone: the same after a cancellation or a move not done, where nothing was done: the change said not needed again ("No need to cancel it again", "Du musst … nicht noch einmal stornieren", "No need to move it again"), or what will come of it ("You'll receive a cancellation confirmation shortly", "You'll get an updated invite"); and a move said done in a word alone ("Relocated!", "Switched!", "Umgebucht!"). */
  presumedUndone?: boolean;
  /** tellings-held: leave given to pass the write on ("You can tell Sarah that Room 3 is ready", "Du kannst Sarah sagen, dass …") is read without its "you can": what is to be told is said. */
  tellingsHeld?: boolean;
}

// Of a write asked for and never tried: a relay of the check that found its stretch free (with a room said free).
const UNTRIED_RELAY_WORDS = [
  String.raw`checked|looked|open|no\s+(?:bookings?|reservations?|conflicts?)|nothing\s+(?:is\s+|was\s+)?(?:booked|reserved)`,
  String.raw`geprüft|nachgesehen|keine\s+(?:Buchung|Reservierung)\p{L}*`,
  String.raw`comprobad[oa]|revisad[oa]|comprobé|revisé|sin\s+reservas?|ninguna\s+reserva`,
  String.raw`vérifié|regardé|aucune\s+réservation`,
  String.raw`controllat[oa]|verificat[oa]|nessuna\s+prenotazione`,
  String.raw`verifiquei|conferi|verificad[oa]|sem\s+reservas?|nenhuma\s+reserva`,
  String.raw`gecontroleerd|bekeken|geen\s+(?:boeking|reservering)\p{L}*`,
  String.raw`проверил\p{L}*|нет\s+(?:бронирований|броней)`,
].join('|');
const UNTRIED_RELAY_PARTS = '没有预订|没有預訂|查过|查了|確認しました|予約はありません|予約は入っていません|확인했|예약이 없';
// Of a write asked for and never tried: the write offered, still to be made.
const OFFERED_WRITE = String.raw`(?:I['’]ll|I\s+will|I\s+can|I\s+could|before\s+I|once\s+I|shall\s+I|should\s+I|let\s+me|want\s+me\s+to|happy\s+to)\s+(?:\p{L}+\s+)?(?:book|reserve|hold|grab|cancel|delete|remove)|(?:can|could|may)\s+(?:still\s+)?(?:use|have|take|book|reserve)|please\s+confirm|say\s+the\s+word|once\s+you\s+confirm|if\s+you\s+(?:like|want|confirm)`;

// A question that asks for a booking to be made: a verb of booking as a request, in the languages answers come in.
const ASK_BOOK_WORDS = [
  String.raw`book|reserve|secure|grab|make\s+a\s+(?:booking|reservation)`,
  String.raw`buche|buchen|buch|bucht|reserviere|reservieren|reservier|eintragen`,
  String.raw`reserva|reserve|reservar|resérva\p{L}*|agendar|apárta\p{L}*`,
  String.raw`réserve|réserver|réservez|reserver|reservez|bloque|bloquer|bloquez`,
  String.raw`prenota|prenotare|prenotami|prenotate|riserva|riservare`,
  String.raw`agende|marque|marcar`,
  String.raw`boek|boeken|reserveer|reserveren`,
  String.raw`забронируй\p{L}*|забронировать|бронируй\p{L}*|зарезервируй\p{L}*`,
].join('|');
const ASK_BOOK_PARTS = '预订|预定|預訂|預定|订一下|帮我订|予約|押さえて|예약';
// Whom a question asks the booking for: "for Sarah", "für Sarah", "para a Sarah", "для Сары", "为Sarah", "Sarahさんのために", "Sarah님을 위해".
const ASKED_FOR = String.raw`(?<![\p{L}])(?:for|für|fuer|para(?:\s+(?:a|o|la|el))?|pour|per|voor|для)\s+(?:(?:my|our|your|meine[mnr]?|unsere[mnr]?|mi|mon|ma|notre)\s+(?:\p{L}+\s+)?)?(\p{Lu}[\p{Ll}\p{Lu}\p{M}'’-]*)|(?:为|為|给|給|帮|幫)\s*(\p{Lu}[\p{Ll}\p{Lu}\p{M}'’-]*)|(\p{Lu}[\p{Ll}\p{Lu}\p{M}'’-]*)\s*(?:さん|様|님)`;
// Capitalised words after "for" that name no one.
export const NOT_A_PERSON = String.raw`room|raum|sala|salle|zaal|saal|team|today|tomorrow|tonight|everyone|everybody|all|me|us|him|her|them|you`;

// A question that asks for a booking to be cancelled.
const ASK_CANCEL_WORDS = [
  String.raw`cancel|delete|remove|drop|release|call\s+off`,
  String.raw`storniere|stornieren|lösche|löschen|absagen`,
  String.raw`cancela|cancelar|cancele|anula|anular|anule|elimina|eliminar|borra|borrar`,
  String.raw`annule|annuler|annulez|supprime|supprimer|supprimez`,
  String.raw`annulla|annullare|cancella|cancellare|disdici|disdire`,
  String.raw`exclua|excluir|apague|apagar`,
  String.raw`annuleer|annuleren|verwijder|verwijderen`,
  String.raw`отмени\p{L}*|отменить|удали\p{L}*|удалить`,
].join('|');
const ASK_CANCEL_PARTS = '取消|キャンセル|削除|취소|삭제';

// A time said to work for a room, or a room for a time ("Room 3 at 2pm works", "Friday at 2pm suits Room 3"): it says it free.
const WORKS_WORDS = String.raw`works?|suits?|fits?|passt|funktioniert|sirve|funciona|convient|marche|funziona|werkt|past|подходит|годится`;

/** Whether `text` says a time works (holders-read: a sentence that says so is no claim of who holds it). */
export function worksSaid(text: string): boolean {
  return new RegExp(`${B}(?:${WORKS_WORDS})${E}|可以用|没问题|大丈夫|使えます|괜찮`, 'iu').test(text);
}

/** Whether `question` asks for a booking to be cancelled (untried-writes). */
export function asksToCancel(question: string): boolean {
  return new RegExp(`${B}(?:${ASK_CANCEL_WORDS})${E}|${ASK_CANCEL_PARTS}`, 'iu').test(question);
}

/** Whether `question` asks for a booking to be made (untried-writes): a verb of booking as a request, in any language answers come in. */
export function asksToBook(question: string): boolean {
  return new RegExp(`${B}(?:${ASK_BOOK_WORDS})${E}|${ASK_BOOK_PARTS}`, 'iu').test(question);
}

// A question that asks for a room with no verb of booking: "Can Sarah have Room 3 at 2pm?", "I need Room 3 tomorrow",
// "Put Sarah in Room 3", "Hold Room 3 for Sarah", "Ich brauche Raum 3", "¿Puede Sarah tener la sala 3?", "给Sarah安排3号会议室".
// The room is said with a word for one (a room named otherwise, "Atlas", is not found here).
const ROOM_NOUN = String.raw`(?:meeting\s+|conference\s+)?rooms?|(?:besprechungs|konferenz)?(?:raum|räume|zimmer)|salas?|salles?|(?:vergader)?zaal|saal|переговорн\p{L}*|комнат\p{L}*|зал\p{L}{0,2}`;
const ROOM_OBJECT = String.raw`(?:(?:a|an|the|one|that|this|den|einen|die|das|la|el|una|une|le|il|lo|l'|a|o|uma|um|het|een|de|della|dell'|da|do)\s*)?(?:[\p{L}-]+\s+)?(?:${ROOM_NOUN})${E}(?:\s*(?:no\.?\s*|nr\.?\s*|#)?\d+${E})?`;
const PERSON = String.raw`(?:I|we|you|\p{Lu}[\p{L}\p{M}'’-]*)`;
const ROOM_REQUEST_WORDS = [
  // English: asked with a modal, wanted, given or held.
  String.raw`(?:can|could|may)\s+${PERSON}\s+(?:please\s+)?(?:have|get|take|grab|hold|borrow|use)\s+${ROOM_OBJECT}`,
  String.raw`(?:I|we)\s*(?:'d|’d|would)\s+(?:like|love)\s+(?:to\s+(?:have|get|use|take)\s+)?${ROOM_OBJECT}`,
  String.raw`(?:I|we)\s+(?:need|want)\s+(?:to\s+(?:have|get|use|take)\s+)?${ROOM_OBJECT}`,
  String.raw`(?:get|give|find|save|put|set)\s+(?:me|us|him|her|them|\p{Lu}[\p{L}\p{M}'’-]*)\s+(?:up\s+(?:with|in)\s+|in(?:to)?\s+)?${ROOM_OBJECT}`,
  String.raw`(?:hold|block(?:\s+off)?|save|set\s+aside|keep)\s+${ROOM_OBJECT}\s+(?:for|on|at|from|tomorrow|today|this|next)`,
  String.raw`(?:schedule|arrange|organi[sz]e|set\s+up)\s+[^.?!\n]{0,60}?\b(?:in|at)\s+${ROOM_OBJECT}`,
  // German.
  String.raw`(?:kann|könnte|darf)\s+(?:ich|wir|\p{Lu}[\p{L}\p{M}'’-]*)\s+[^.,;?!\n]{0,40}?${ROOM_OBJECT}[^.,;?!\n]{0,40}?${B}(?:haben|bekommen|kriegen|nutzen|benutzen)`,
  String.raw`(?:ich|wir)\s+(?:brauche|brauchen|möchte|möchten|will|wollen|hätte|hätten)\s+(?:gern\s+|gerne\s+|bitte\s+)?${ROOM_OBJECT}`,
  String.raw`(?:gib|gebt|blockiere|blockier|halte|halt)\s+(?:\p{Lu}[\p{L}\p{M}'’-]*\s+)?${ROOM_OBJECT}`,
  // Spanish, Portuguese.
  String.raw`(?:puede|podría|puedo|podemos|pode|poderia|posso|podemos)\s+(?:\p{Lu}[\p{L}\p{M}'’-]*\s+)?(?:tener|usar|coger|tomar|quedarse\s+con|quedarme\s+con|ter|ficar\s+com|pegar)\s+${ROOM_OBJECT}`,
  String.raw`(?:necesito|necesitamos|quiero|queremos|quisiera|quisiéramos|preciso|precisamos|quero|queria|gostaria\s+de\s+ter)\s+(?:de\s+|da\s+|do\s+|duma\s+|de\s+uma\s+)?${ROOM_OBJECT}`,
  String.raw`(?:dale|dame|danos|bloquea|guarda|dá|dê|bloqueia|reserva-me)\s+(?:a\s+\p{Lu}[\p{L}\p{M}'’-]*\s+)?${ROOM_OBJECT}`,
  // French, Italian.
  String.raw`(?:peut|pourrait|puis|pouvons|pourrais|pourrions)(?:-(?:je|il|elle|on|nous))?\s+(?:\p{Lu}[\p{L}\p{M}'’-]*\s+)?(?:avoir|prendre|utiliser|obtenir)\s+${ROOM_OBJECT}`,
  String.raw`(?:j'ai|j’ai|nous\s+avons|on\s+a)\s+besoin\s+(?:de\s+|d'|d’)\s*(?:la\s+|une\s+)?${ROOM_OBJECT}`,
  String.raw`(?:je|nous|on)\s+(?:voudrais|voudrions|veux|voulons|aimerais|aimerions)\s+(?:avoir\s+)?${ROOM_OBJECT}`,
  String.raw`(?:può|potrebbe|posso|possiamo)\s+(?:\p{Lu}[\p{L}\p{M}'’-]*\s+)?(?:avere|usare|prendere)\s+${ROOM_OBJECT}`,
  String.raw`(?:ho|abbiamo)\s+bisogno\s+(?:di\s+|della\s+|dell'|dell’|di\s+una\s+)${ROOM_OBJECT}`,
  String.raw`(?:vorrei|vorremmo|voglio|vogliamo)\s+(?:avere\s+)?${ROOM_OBJECT}`,
  // Dutch.
  String.raw`(?:kan|kunnen|mag)\s+(?:ik|we|wij|\p{Lu}[\p{L}\p{M}'’-]*)\s+[^.,;?!\n]{0,40}?${ROOM_OBJECT}[^.,;?!\n]{0,40}?${B}(?:krijgen|hebben|gebruiken)`,
  String.raw`(?:ik|we|wij)\s+(?:heb|hebben)\s+${ROOM_OBJECT}[^.,;?!\n]{0,40}?${B}nodig`,
  String.raw`(?:ik|we|wij)\s+(?:wil|willen|zou\s+graag|zouden\s+graag)\s+${ROOM_OBJECT}`,
  // Russian: asked for ("можно", "нужна"), wanted or given.
  String.raw`(?:можно|нужн[аоы]|хочу|хотим|дай|дайте|оставь|оставьте)\s+(?:[\p{L}-]+\s+){0,3}?(?:переговорн\p{L}*|комнат\p{L}*|зал\p{L}{0,2})${E}`,
].join('|');
// Chinese, Japanese, Korean: a room wanted, arranged or taken.
const ROOM_REQUEST_PARTS = [
  String.raw`(?:我|我们|我們)(?:需要|想要|要)[^。？?！!]{0,12}?(?:会议室|會議室|房间|房間)`,
  String.raw`(?:给|給|帮|幫)\s*\S{1,20}?(?:安排|留|订|訂)`,
  String.raw`(?:安排|留)(?:一下|一个|一個)?[^。？?！!]{0,12}?(?:会议室|會議室)`,
  String.raw`(?:会議室|部屋)[^。？?！!]{0,15}?(?:取って|とって|確保して|使いたい|借りたい|が必要|を押さえ)`,
  String.raw`(?:회의실|방)[^.?!。]{0,15}?(?:잡아|필요|쓰고\s*싶|사용하고\s*싶|확보해)`,
].join('|');

// A room said not wanted, or no longer: "I don't need Room 3", "Ich brauche Raum 3 nicht mehr", "No necesito la sala 3".
const ROOM_NOT_WANTED = [
  String.raw`(?:don't|don’t|do\s+not|doesn't|doesn’t|does\s+not|won't|won’t|no\s+longer|anymore|any\s+more)`,
  String.raw`nicht|nicht\s+mehr|keinen|keine`,
  String.raw`no\s+(?:necesito|necesitamos|quiero|queremos|preciso|precisamos|quero)|ya\s+no|não|nunca`,
  String.raw`(?:n'|n’|ne\s+)(?:ai|avons|veux|voulons|voudrais)|plus\s+besoin|pas\s+besoin`,
  String.raw`non\s+(?:ho|abbiamo|voglio|vogliamo|vorrei)|più`,
  String.raw`niet|geen|niet\s+meer`,
  String.raw`не\s+нужн\p{L}*|больше\s+не`,
].join('|');
const ROOM_NOT_WANTED_PARTS = '不需要|不要|不再|いらない|要らない|必要ない|不要です|필요\\s*없|필요하지\\s*않';

/**
 * Whether `question` asks for a room with no verb of booking (untried-writes, since room-requests): "Can Sarah have Room 3
 * at 2pm?", "I need Room 3 tomorrow", "Put Sarah in Room 3", "Ich brauche Raum 3", "给Sarah安排3号会议室". A question of what
 * is free or whose a booking is ("Does Sarah have Room 3?", "Is Room 3 free?") asks none.
 */
export function asksForRoom(question: string): boolean {
  return new RegExp(`${B}(?:${ROOM_REQUEST_WORDS})|${ROOM_REQUEST_PARTS}`, 'iu').test(question) && !new RegExp(`${B}(?:${ROOM_NOT_WANTED})${E}|${ROOM_NOT_WANTED_PARTS}`, 'iu').test(question) && !asksToFree(question);
}

/**
 * `question` with each room of `names` it names written as a room word ("Can Sarah have Atlas at 2pm?" → "Can Sarah have the
 * room at 2pm?"), longest name first, so that `asksForRoom` and `roomAskedFor` read a room asked for by its name alone
 * (since named-rooms-asked).
 */
export function withRoomWords(question: string, names: readonly string[]): string {
  let out = question;
  for (const name of [...new Set(names.map((n) => n.trim()).filter(Boolean))].sort((a, b) => b.length - a.length))
    out = out.replace(namePattern(name, 'giu'), 'the room');
  return out;
}

/** The person `question` asks a booking for ("for Sarah", "为Sarah"), or null where it names none (untried-writes). */
export function askedFor(question: string): string | null {
  return personAskedFor(question, ASKED_FOR, NOT_A_PERSON);
}

/** The first name `pattern` finds in `question` that `notAPerson` and the days and months do not rule out (`peopleFound`). */
function personAskedFor(question: string, pattern: string, notAPerson: string): string | null {
  return peopleFound(question, pattern, notAPerson)[0] ?? null;
}

/** The names `pattern` finds in `text` (each match's first group that took part), in order, that `notAPerson` and the days and months do not rule out. */
export function peopleFound(text: string, pattern: string, notAPerson: string, namesToo?: string): string[] {
  const ruledOut = new RegExp(`^(?:${notAPerson}|${WEEKDAY_WORDS}|${MONTH_WORDS})$`, 'iu');
  // A day's or month's word that is a name too ("Jan", "Marco"), kept where no figure follows it ("by June 5" is a date):
  // looked at where the name ends (sticky), only for such a word.
  const kept = namesToo ? new RegExp(`^(?:${namesToo})$`, 'iu') : null;
  const notOne = new RegExp(`^(?:${notAPerson})$`, 'iu');
  const figureNext = new RegExp(String.raw`[\s.,]*\p{N}`, 'uy');
  const dated = (m: RegExpExecArray, name: string) => {
    figureNext.lastIndex = m.index + m[0].lastIndexOf(name) + name.length;
    return figureNext.test(text);
  };
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(pattern, 'gu'))) {
    const name = m.slice(1).find((g) => g !== undefined)!.replace(/['’-]+$/u, '');
    if (name.length < 2) continue;
    if (!ruledOut.test(name) || (kept !== null && kept.test(name) && !notOne.test(name) && !dated(m, name))) found.push(name);
  }
  return found;
}

// A question that asks for a booking to be cancelled with no verb of cancelling (untried-writes, since cancel-requests):
// the room freed, the booking scrapped, or no longer needed ("Free up Room 3 at 2pm", "I don't need Room 3 anymore",
// "Gib Raum 3 frei", "Libera la sala 3", "Ich brauche Raum 3 nicht mehr", "Мне больше не нужна переговорная 3").
const FREE_REQUEST_WORDS = [
  String.raw`free\s+up|unbook|scrap|get\s+rid\s+of|give\s+up|let\s+go\s+of`,
  String.raw`(?:don't|don’t|do\s+not|no\s+longer)\s+need\s+${ROOM_OBJECT}|need\s+${ROOM_OBJECT}[^.,;?!\n]{0,40}?${B}(?:anymore|any\s+more|no\s+more)`,
  String.raw`freigeben|gib\s+[^.,;?!\n]{0,40}?${B}frei|brauche[n]?\s+${ROOM_OBJECT}[^.,;?!\n]{0,40}?${B}nicht\s+mehr`,
  String.raw`(?:libera|libere|liberar|liberare|libère|libérer|libérez|liberte)\s+(?:la|el|a|o|le|il|lo|l'|l’)\s*${ROOM_OBJECT}`,
  String.raw`ya\s+no\s+(?:necesito|necesitamos|quiero)|(?:n'ai|n’ai|n'avons|n’avons)\s+plus\s+besoin|non\s+(?:ho|abbiamo)\s+più\s+bisogno|não\s+preciso\s+mais`,
  String.raw`vrijgeven|geef\s+[^.,;?!\n]{0,40}?${B}vrij|niet\s+meer\s+nodig`,
  String.raw`освободи\p{L}*|больше\s+не\s+нужн\p{L}*`,
].join('|');
const FREE_REQUEST_PARTS = '释放|退掉|退订|不要了|不需要了|もういらない|もう必要ない|空けて|더\\s*이상\\s*필요\\s*없|반납';

/**
 * Whether `question` asks for a booking to be cancelled with no verb of cancelling (untried-writes, since cancel-requests):
 * "Free up Room 3 at 2pm", "I don't need Room 3 anymore", "Gib Raum 3 frei", "Libera la sala 3", "退掉3号会议室".
 * "Is Room 3 free?", "La sala 3 è libera?" ask none.
 */
export function asksToFree(question: string): boolean {
  return new RegExp(`${B}(?:${FREE_REQUEST_WORDS})${E}|${FREE_REQUEST_PARTS}`, 'iu').test(question);
}

// Whom a question that asks for a room with no verb of booking asks it for: "Can Sarah have", "Put Sarah in", "Kann Sarah",
// "¿Puede Sarah", "Sarah peut-elle", "Sarah può", "给Sarah安排". Its verbs either case, the name capitalised.
const eitherCase = (words: string[]) => words.map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`).join('|');
const NAME = String.raw`(\p{Lu}[\p{Ll}\p{Lu}\p{M}'’-]*)`;
const ROOM_FOR = [
  String.raw`(?<![\p{L}])(?:${eitherCase(['can', 'could', 'may', 'kann', 'könnte', 'darf', 'puede', 'podría', 'pode', 'poderia', 'kan', 'mag'])})\s+${NAME}\s`,
  String.raw`(?<![\p{L}])(?:${eitherCase(['get', 'give', 'put', 'set', 'gib', 'find'])})\s+${NAME}\s+(?:up\s|in\s|into\s|an?\s|the\s|room|\p{Lu})`,
  String.raw`(?<![\p{L}])${NAME}\s+(?:peut|pourrait|può|potrebbe|pode|poderia)(?![\p{L}])`,
  String.raw`(?:给|給|帮|幫)\s*${NAME}`,
].join('|');
export const NOT_ASKED_FOR = String.raw`i|we|you|ich|wir|sie|du|je|nous|on|ik|wij|jij|yo|eu|io|me|us|him|her|them|please|bitte`;

/** Whom `question`, asking for a room with no verb of booking (`asksForRoom`), asks it for, or null (untried-writes, since room-requests). */
export function roomAskedFor(question: string): string | null {
  return personAskedFor(question, ROOM_FOR, `${NOT_A_PERSON}|${NOT_ASKED_FOR}`);
}

/** The readings in the order their patches came (workflows/answer-check.ts reads them as a chain, each on top of those before it). */
export const ECHO_READINGS = [
  'closingOffers', 'clearedConflicts', 'othersCan', 'ceasedCancellations', 'bareDone', 'theirsMet', 'followUps', 'noWorries', 'languageWords', 'asRequested',
  'gluedNames', 'approvalsSaid', 'asideIfs', 'requestsThrough', 'requestedMet', 'fellThrough', 'keptBookings', 'movesRead', 'takenBack', 'unfailed', 'stillHeld',
  'unneeded', 'freedSaid', 'bareBooked', 'figureEnds', 'idleIfs', 'overcomeFailures', 'figureQuestions', 'expectedOutcomes', 'hedgedClaims', 'insteadOf', 'takenFor',
  'obligedSteps', 'wishesSaid', 'againHeld', 'otherPeople', 'pronounHolds', 'labelsRead', 'pronounStill', 'proDropAdverbs', 'holdersMet',
  'calendarSaid', 'attemptsSaid', 'citedWrites', 'citedPersons', 'refusalsSaid', 'moreStates', 'presumedSteps', 'attemptsTold', 'searchEnded', 'approvalIdioms', 'othersBarred',
  'presumedAfter', 'presumedUndone', 'tellingsHeld',
] as const satisfies readonly (keyof EchoReading)[];

/** None of the readings, then each added on top of those before it: how a turn reads an answer after a write not done. */
export const readingsChain = (keys: readonly (keyof EchoReading)[] = ECHO_READINGS): EchoReading[] => {
  const chain: EchoReading[] = [Object.fromEntries(keys.map((key) => [key, false]))];
  for (const key of keys) chain.push({ ...chain.at(-1)!, [key]: true });
  return chain;
};

/** `fn` with its answers remembered, text by text. */
function remembered<T>(fn: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (seen.has(text)) return seen.get(text)!;
    const value = fn(text);
    seen.set(text, value);
    return value;
  };
}

export type EchoOptions = { names: readonly string[]; timezone: string; now?: string; nothingDone?: boolean; language?: string };

/**
 * The sentences of `text` that speak of an undone write as done, each a write claim of its kind marked
 * with what became of the write (`undone`). `names` are the rooms the conversation has seen; days a
 * sentence counts from today ("tomorrow") are counted from `now`. `nothingDone`: no write of the turn was
 * done, so a short "Done!" that names nothing is a claim too.
 */
export function undoneEchoes(text: string, undone: readonly UndoneWrite[], opts: EchoOptions & EchoReading): Claim[] {
  return undoneEchoesRead(text, undone, opts, [opts])[0]!;
}

/**
 * `undoneEchoes` for each of `readings` at once (a turn compares how the patches read a text): the text is
 * split, and each part's room, days and hours read, once for all of them.
 */
export function undoneEchoesRead(text: string, undone: readonly UndoneWrite[], opts: EchoOptions, readings: readonly EchoReading[]): Claim[][] {
  if (undone.length === 0) return readings.map(() => []);
  const judging: JudgeOptions = { ...READING, now: opts.now };
  // The same pattern tested on the same text once: readings share most of their patterns, and read the same parts.
  const patterns = new Map<string, { test: (text: string) => boolean }>();
  const pattern = (source: string) => {
    const known = patterns.get(source);
    if (known) return known;
    const re = new RegExp(source, 'iu');
    const made = { test: remembered((text) => re.test(text)) };
    patterns.set(source, made);
    return made;
  };
  // Whether any of `sources` matches: as one pattern joining them by "|" would (a match of the whole is a match of one
  // of them), but each tested once per text whichever readings share it, where the joined patterns of the readings
  // differ by one word list each and were tested whole, every one of them (the costliest part of a reading).
  const anyOf = (sources: readonly string[]) => {
    const each = sources.filter(Boolean).map(pattern);
    return { test: (text: string) => each.some((p) => p.test(text)) };
  };
  // The words the question's language reads otherwise, left out where a word list begins (since language-words).
  const bound = LANGUAGE_BOUND.filter((w) => opts.language && w.not.includes(opts.language)).map((w) => w.word);
  const notBound = bound.length > 0 ? `(?!(?:${bound.join('|')})${E})` : '';
  // Per write, built once: who it was for, what the approver or system said of it, and which parts name
  // its stretch (read once per part, whichever reading asks).
  const writes = undone.map((w) => {
    const namesIt = remembered((part) => namesStretch(part, w.stretch, opts.timezone, opts.names, judging));
    // Whether a part names its stretch with a day or a time, not by its room alone (since cited-writes).
    const namesWhen = remembered((part) => namesStretch(part, w.stretch, opts.timezone, opts.names, judging, { when: true }));
    // For a change: whether a part speaks of the booking as it is.
    const { current } = w;
    const namesCurrent = current ? remembered((part) => namesStretch(part, current, opts.timezone, opts.names, judging)) : () => false;
    // The person, found glued to other scripts or not, and a part with the room's wait for them read out.
    const namer = (glued: boolean) => {
      const { names, waitedFor } = personNamer(w.bookedFor, glued);
      return { names, unwaited: waitedFor ? remembered((part) => part.replace(waitedFor, ` ${CLEARED} `)) : (part: string) => part };
    };
    const said = w.said.map(norm);
    // A part the comment or reason holds is quoted.
    const quoted = remembered((part) => {
      const x = norm(part);
      return x.length >= 4 && said.some((y) => y.includes(x));
    });
    return { w, person: namer(true), unglued: namer(false), namesIt, namesWhen, said, namesCurrent, quoted };
  });
  // A question asks, unless it also says the thing is done ("✅ Room 3 · 14:00 · Sarah — anything else?")
  // or only offers more help after what it says ("Sarah has Room 3 at 2pm, anything else?").
  const question = /[?¿？]/u;
  const saysDone = pattern(`${B}(?:${DONE_WORDS})${E}|${DONE_PARTS}`);
  const moreHelp = new RegExp(`${B}(?:${MORE_HELP_WORDS})${E}|${MORE_HELP_PARTS}`, 'iu');
  const askingFirst = pattern(ASKING_FIRST);
  const confirming = pattern(CONFIRMING);
  // Or only offers a next step of the speaker's that is not the write's ("…, want me to send her an invite?"):
  // not one that books, retries, tries another way or names the write's room, day or hour, nor an alternative.
  const followUp = pattern(`${B}(?:${FOLLOW_UP_WORDS})${E}|${FOLLOW_UP_PARTS}`);
  const ofTheWriteAsked = pattern(`${B}(?:${OF_THE_WRITE_ASKED})${E}|${OF_THE_WRITE_ASKED_PARTS}`);
  const alternativeFirst = pattern(ALTERNATIVE_FIRST);
  const onlyFollowsUp = remembered(
    (part) => followUp.test(part) && !ofTheWriteAsked.test(part) && !alternativeFirst.test(part) && !writes.some(({ namesIt }) => namesIt(part)),
  );
  const asks = (sentence: string, pieces: string[], reading: EchoReading) => {
    if (!question.test(sentence) || saysDone.test(sentence)) return false;
    if (reading.closingOffers === false) return true;
    const asking = pieces.filter((part) => question.test(part));
    const aside = (part: string) => moreHelp.test(part) || confirming.test(part) || (reading.followUps !== false && onlyFollowsUp(part));
    return asking.length === pieces.length || !asking.every(aside) || askingFirst.test(pieces[0]!);
  };
  // A supposition's part that only closes with more help, and says nothing of the write (since aside-ifs).
  const furtherNeeds = pattern(`${B}(?:${FURTHER_NEEDS_WORDS})${E}|${FURTHER_NEEDS_PARTS}`);
  const supposedOfTheWrite = pattern(`${B}(?:${SUPPOSED_OF_THE_WRITE})${E}|${SUPPOSED_OF_THE_WRITE_PARTS}`);
  const clause = /\s*[,;，、；：]\s*|\s+[-–—]\s+|:\s+/u;
  const clausesOf = (sentence: string) => sentence.split(clause).filter(Boolean);
  // Its words of more help read out before it is asked whether it speaks of the write ("se serve altro": "altro" is not another room).
  const moreHelpAll = new RegExp(moreHelp.source, 'giu');
  const asideIf = remembered(
    (part) => (moreHelp.test(part) || furtherNeeds.test(part)) && !supposedOfTheWrite.test(part.replace(moreHelpAll, ' ')) && !writes.some(({ namesIt }) => namesIt(part)),
  );
  // Since idle-ifs: a clause whose supposition asks nothing of the write.
  const idleIfWords = new RegExp(`${B}(?:${IDLE_IF_WORDS})${E}|${IDLE_IF_PARTS}`, 'giu');
  const unlessWords = pattern(`${B}(?:${UNLESS_WORDS})${E}`);
  const supposingWords = pattern(`${B}(?:${SUPPOSING_WORDS}|${PROVIDED_WORDS})${E}|${SUPPOSING_PARTS}|${PROVIDED_PARTS}`);
  const approvalOrRetry = pattern(`${B}(?:${APPROVAL_OR_RETRY})${E}|${SUPPOSED_OF_THE_WRITE_PARTS}`);
  const idleIf = remembered((clause) => {
    if (writes.some(({ namesIt }) => namesIt(clause))) return false;
    // Its idle supposition read out, nothing else may suppose; or it is an exception to come, of no approval or retry.
    const rest = clause.replace(idleIfWords, ' ');
    return (rest !== clause && !supposingWords.test(rest)) || (unlessWords.test(clause) && !approvalOrRetry.test(clause));
  });
  const ceased = pattern(`${B}(?:${CEASED_WORDS})${E}|${CEASED_PARTS}`);
  const heldWords = pattern(`${B}(?:${HELD_WORDS})|${HELD_PARTS}`);
  const negation = pattern(`${B}(?:${NEGATION})${E}|${NEGATION_PARTS}`);
  const unheldWords = pattern(`${B}(?:${UNHELD})${E}`);
  const goneParts = new RegExp(UNHELD_PARTS, 'u');
  const fellThrough = pattern(`${B}(?:${FELL_THROUGH_WORDS})${E}|${FELL_THROUGH_PARTS}`);
  const cancellationNoun = pattern(`${B}(?:${CANCELLATION_NOUNS})${E}|${CANCELLATION_PARTS}`);
  const instead = new RegExp(`${B}(?:${INSTEAD_WORDS})${E}`, 'giu');
  const stillWords = new RegExp(`${B}(?:${STILL_WORDS})${E}|${STILL_PARTS}`, 'giu');
  // Since again-held: the words of a thing so again, read out of a part as "still" is (null where it has none).
  const againWords = new RegExp(`${B}(?:${AGAIN_WORDS})${E}`, 'giu');
  const withoutAgain = remembered((part) => (part.search(againWords) < 0 ? null : part.replace(againWords, ' ')));
  const onceAgain = new RegExp(`${B}(?:${ONCE_AGAIN})${E}`, 'giu');
  const firstTryWorked = new RegExp(`${B}(?:${FIRST_TRY})${E}`, 'giu');
  // Since pronoun-holds: a pronoun of a third person, who may be the one the write was for (not Italian "il", an article,
  // nor Korean "그", also "that").
  const thirdPerson = pattern(`${B}(?:${THIRD_PERSON})${E}|${THIRD_PERSON_PARTS}`);
  const pronounHas = pattern(`${B}(?:${PRONOUN_HAS})${E}`);
  // In Spanish, Italian and Portuguese the pronoun goes unsaid: a part that opens with the verb of having ("…: tiene la sala 3").
  const proDropHas = pattern(`^\\s*(?:ya\\s+|già\\s+|já\\s+)?(?:${PRO_DROP_HAS})${E}`);
  const proDropAdverbHas = pattern(`^\\s*(?:${PRO_DROP_ADVERB_HAS})${E}`);
  const pronounIn = (part: string, reading: EchoReading) => thirdPerson.test(part) || proDropHas.test(part) || (reading.proDropAdverbs !== false && proDropAdverbHas.test(part));
  // Since wishes-said: everything the person needed or wanted, said had.
  const needsMet = new RegExp(`${B}(?:${NEEDS_MET})${E}`, 'giu');
  // Since other-people: the other people of a meeting, taken out.
  const otherPeople = new RegExp(`${B}(?:${OTHER_PEOPLE})${E}`, 'giu');
  const stillWished = pattern(`${B}(?:${STILL_WISHED})${E}|${STILL_WISHED_PARTS}`);
  // A part with "still" read out of it (null where it has none), and whether what is left waits or wishes: once a text.
  const withoutStill = remembered((part) => (part.search(stillWords) < 0 ? null : part.replace(stillWords, ' ')));
  const stillWaitsOrWishes = remembered((rest) => negatedOrWaiting.test(rest) || stillWished.test(rest));
  const leftWords = pattern(`${B}(?:${LEFT_WORDS})${E}|${LEFT_PARTS}`);
  const cancelWords = pattern(`${B}(?:${CANCEL_WORDS})${E}|${CANCEL_PARTS}`);
  const negatedOrWaiting = pattern(`${B}(?:${NEGATED_OR_WAITING})${E}|${NEGATED_OR_WAITING_PARTS}`);
  // Since taken-back: a clause that says something gone or cancelled, not of another room, nor of the cancellation
  // request unless it says it came through ("the cancellation request was withdrawn" takes nothing back).
  const goneOrCancelled = new RegExp(`${B}(?:${GONE_WORDS}|${CANCELLED_SAID})${E}|${GONE_PARTS}|${CANCELLED_SAID_PARTS}`, 'iu');
  const ceasedGone = pattern(`${B}(?:${CEASED_WORDS})${E}|${CEASED_PARTS}|${GONE_PARTS}`);
  // A request said to have come through: its words read out (since requests-through), and a cancellation that came through.
  const through = new RegExp(`${B}(?:${THROUGH_WORDS})${E}|${THROUGH_PARTS}`, 'iu');
  // A room the clause names that no undone write is in ("Room 2 was cancelled"): it speaks of that room.
  const ownRooms = new Set(undone.flatMap((w) => [w.stretch.roomName, w.current?.roomName].filter((n): n is string => Boolean(n)).map(roomKey)));
  const otherRoom = (clause: string) => roomsNamed(clause, opts.names).some((key) => !ownRooms.has(key));
  const mayBe = pattern(`${B}(?:${MAY_BE_WORDS})${E}|${MAY_BE_PARTS}`);
  const bareConfirmed = pattern(`${B}(?:${BARE_CONFIRMED})${E}|${BARE_CONFIRMED_PARTS}`);
  const bareBooked = pattern(`${B}(?:${BARE_BOOKED})${E}|${BARE_BOOKED_PARTS}`);
  const bareHers = pattern(`${B}(?:${BARE_HERS})${E}|${BARE_HERS_PARTS}`);
  const tried = new RegExp(`${B}(?:${TRIED})${E}|${TRIED_PARTS}`, 'iu');
  const contrast = new RegExp(`${B}(?:${CONTRAST})${E}|${CONTRAST_PARTS}`, 'iu');
  const triedTold = new RegExp(`${B}(?:${TRIED}|${TRIED_TOLD})${E}|${TRIED_PARTS}`, 'iu');
  const contrastTold = new RegExp(`${B}(?:${CONTRAST}|${RAN_INTO})${E}|${CONTRAST_PARTS}`, 'iu');
  const worked = pattern(`${B}(?:${WORKED})${E}|${WORKED_PARTS}`);
  // Only tried by the speaker, then a contrast whose rest neither names the person nor gives it to them by a pronoun ("…,
  // but it's hers now", "…, but she has it booked"), and nothing said to have worked (attempts-said).
  const onlyTried = (sentence: string, namesThem: (text: string) => boolean, reading: EchoReading) => {
    const told = reading.attemptsTold !== false;
    const t = (told ? triedTold : tried).exec(sentence);
    if (!t || worked.test(sentence)) return false;
    const after = sentence.slice(t.index + t[0].length);
    const c = (told ? contrastTold : contrast).exec(after);
    if (c === null) return false;
    const rest = after.slice(c.index + c[0].length);
    return !namesThem(rest) && !bareHers.test(rest) && !(pronounIn(rest, reading) && (heldWords.test(rest) || bareBooked.test(rest)));
  };
  const bareCalendared = pattern(`${B}(?:${BARE_CALENDARED})${E}|${BARE_CALENDARED_PARTS}`);
  const bareMoved = pattern(`${B}(?:${BARE_MOVED})${E}|${BARE_MOVED_PARTS}`);
  // Names no room, and no day or hour (no figure).
  const namesNothing = (sentence: string) => roomsNamed(sentence, opts.names).length === 0 && !/\p{N}/u.test(sentence);
  const freeTo = pattern(`${B}(?:${FREE_TO})`);
  const presentWords = pattern(`${B}(?:${PRESENT_WORDS})${E}`);
  const elseWords = pattern(`${B}(?:${ELSE_WORDS})${E}`);
  const goneOrCancelledAll = new RegExp(goneOrCancelled.source, 'giu');
  const but = new RegExp(BUT_PARTS, 'gu');
  const takesBack = remembered((clause) => {
    const unbut = clause.replace(but, ' ');
    return (
      (ceasedGone.test(clause) || (goneOrCancelled.test(clause) && !negatedOrWaiting.test(unbut) && !negation.test(unbut) && !mayBe.test(clause))) &&
      !otherRoom(clause) &&
      // The noun read where the verb's words are not ("отменили", "取消了" hold it).
      !(cancellationNoun.test(clause.replace(goneOrCancelledAll, ' ')) && !through.test(clause))
    );
  });
  // Since overcome-failures: a sentence with the spans whose failure is said overcome cleared, once a text. A concession
  // runs from its word to its clause's end ("…, although Alice rejected it"), or from its clause's start to a "but" glued to
  // the failure ("却下されましたが"); a failure said resolved, to that word ("충돌이 해결되어 …"), unless negated or only possible
  // ("The conflict was not resolved", "… can be resolved"); a first try, its clause. A supposition overcomes nothing.
  const anyFailure = new RegExp(`${B}(?:${FAILURE_WORDS}|${NOT_DONE_LABELS})${E}|${FAILURE_PARTS}`, 'iu');
  const concessive = new RegExp(`${B}(?:${CONCESSIVE_WORDS})${E}|${CONCESSIVE_PARTS}`, 'iu');
  const concessiveEnd = new RegExp(CONCESSIVE_ENDS, 'u');
  const resolved = new RegExp(`${B}(?:${RESOLVED_WORDS})${E}|${RESOLVED_PARTS}`, 'iu');
  const resolvedAll = new RegExp(resolved.source, 'giu');
  const firstTry = new RegExp(`${B}(?:${FIRST_WORDS})${E}|${FIRST_PARTS}`, 'iu');
  const overcomeMarks = new RegExp(`${concessive.source}|${resolved.source}|${firstTry.source}|が|けど|けれど|지만|는데도`, 'iu');
  // Read as the question's language reads them (as since language-words: "se" supposes in Italian, not in Spanish): the
  // readings since then suppose with the same words.
  const supposesHere = pattern(`${B}${notBound}(?:${SUPPOSING_WORDS}|${PROVIDED_WORDS})${E}|${SUPPOSING_PARTS}|${PROVIDED_PARTS}`);
  // Cleared only where what is left speaks of a write by its room, day or hour ("Despite the rejection, Sarah has Room 3
  // at 2pm"): a name alone left beside another room is not read as the write ("Sorry, Sarah: despite …, try Room 2").
  const overcome = remembered((sentence) => {
    let out = sentence;
    for (const c of clausesOf(sentence)) {
      if (!anyFailure.test(c) || supposesHere.test(c)) continue;
      const con = concessive.exec(c);
      const end = con ? null : concessiveEnd.exec(c);
      const res = con || end ? null : resolved.exec(c);
      const to = res ? c.slice(0, res.index + res[0].length) : '';
      const span = con ? c.slice(con.index) : end ? c.slice(0, end.index + end[0].length) : res ? (negation.test(to.replace(resolvedAll, ' ')) || mayBe.test(to) ? '' : to) : firstTry.test(c) ? c : '';
      if (span && anyFailure.test(span)) out = out.replace(span, ` ${CLEARED} `);
    }
    return out !== sentence && writes.some(({ namesIt }) => namesIt(out)) ? out.replace(/ {2,}/g, ' ').trim() : sentence;
  });
  // Since taken-for: a cause read apart ("…, because Sarah has it"), and words of a room given to someone in other scripts ("为Sarah预留").
  const becauseSplit = new RegExp(String.raw`\s+(?:because|since|weil|da|porque|ya\s+que|parce\s+que|parce\s+qu['’]|car|perché|poiché|pois|omdat|потому\s+что|так\s+как)\s+|因为|因為|ので|때문에`, 'iu');
  const givenParts = /预留|預留|確保|확보/u;
  const parts = new RegExp(`${PARTS}|\\s*(?::(?=\\s)|[：，、；])\\s*|\\s+(?:и|но|а)(?![\\p{L}])\\s*`, 'iu');
  const statesRead = remembered(statesReader());
  // As `reading` reads them: since state-words, a room said "busy", "unavailable", "ausgebucht" or "empty" too.
  const statesIn = (text: string, reading: EchoReading) => {
    const st = statesRead(text);
    return reading.moreStates === false ? st : { free: st.free || st.freeMore, booked: st.booked || st.bookedMore };
  };
  const holders = new Map<string, RegExp>();
  const askerHeld = askerHolds(opts.language);
  const holderNamed = (sentence: string, w: UndoneWrite) =>
    (w.heldBy ?? []).some((n) => n.trim().length >= 2 && (holders.get(n) ?? holders.set(n, new RegExp(`${B}${escapeRegExp(n.trim())}${E}`, 'iu')).get(n)!).test(sentence));
  const elsewhere = (sentence: string, w: UndoneWrite) => {
    const rooms = roomsNamed(sentence, opts.names);
    return rooms.length > 0 && !rooms.includes(roomKey(w.stretch.roomName));
  };
  const untriedRelay = pattern(`${B}(?:${UNTRIED_RELAY_WORDS})${E}|${UNTRIED_RELAY_PARTS}`);
  const offeredWrite = pattern(`${B}(?:${OFFERED_WRITE})${E}`);
  // "Approved" is a claim where no write of the turn was: the kind of the first such write.
  const unapproved = undone.find((w) => !w.approved);
  const cancelUndone = undone.find((w) => w.kind === 'cancelled');
  // Writes whose stretch said free says they were done (since freed-said): a cancellation, and a move where the booking is.
  const freeable = undone.some((w) => w.kind === 'cancelled' || (w.kind === 'changed' && w.current));
  // Asked of the same parts by every reading: each tested once per part.
  const approvedSaid = pattern(APPROVED);
  const approvedMore = pattern(APPROVED_MORE);
  const approvalGiven = pattern(`${B}(?:${APPROVAL_GIVEN})${E}|${APPROVAL_GIVEN_PARTS}`);
  const idiomsTold = pattern(`${B}(?:${APPROVAL_IDIOMS_TOLD})${E}`);
  const ofTheWrite = pattern(OF_THE_WRITE);
  const cites = pattern(String.raw`\.pdf(?![\p{L}])|\(\s*pp?\.\s*\d`);
  const secondPersonHere = secondPerson(opts.language);
  const citedPronoun = inLanguage(CITED_PRONOUNS, CITED_PRONOUN_PARTS, opts.language);
  // A sentence citing a page that names a write's person and its stretch with a day or a time (since cited-writes): a
  // document does not book rooms ("Sarah has Room 3 on Friday at 2pm (rooms.pdf p.1)", a page written to say so).
  // Since cited-persons, also where a clause of it speaks to the asker or of someone by a pronoun and names the write's
  // day or time ("You have Room 3 on Friday at 2pm (policy.pdf p.1)", "According to policy.pdf, she has …"); a clause
  // naming neither leaves a page's facts beside it ("Room 3 is closed on Fridays at 2pm; you cannot book it then").
  const citedPersons = (sentence: string) => clausesOf(sentence).filter((c) => secondPersonHere.test(c) || citedPronoun.test(c));
  const citedWrite = (sentence: string, reading: EchoReading) => {
    if (reading.citedWrites === false) return false;
    // The clauses that speak to the asker or of someone, found once for all the writes.
    const addressed = reading.citedPersons !== false ? citedPersons(sentence) : [];
    return writes.some(({ person, namesWhen }) => (person.names(sentence) && namesWhen(sentence)) || addressed.some(namesWhen));
  };
  const claim = (text: string, w: UndoneWrite): Claim => ({ text, kind: w.kind, receiptId: null, whose: null, byWords: true, undone: w.outcome });
  // Since labels-read: a part that only names the write (a record's label), and a status of not done after it.
  const labelWords = new RegExp(`${B}(?:${LABEL_WORDS})${E}`, 'giu');
  const dayWords = new RegExp(`${B}(?:${WEEKDAY_WORDS}|${MONTH_WORDS}|mon|tue|wed|thu|fri|sat|sun|segunda|terça|quarta|quinta|sexta)\.?${E}`, 'giu');
  const roomNames = opts.names.length ? new RegExp(`${B}(?:${opts.names.map(escapeRegExp).join('|')})${E}`, 'giu') : null;
  const people = undone.map((w) => w.bookedFor?.trim() ?? '').filter((n) => n.length >= 2);
  const peopleNamed = people.length ? new RegExp(`${B}(?:${people.map(escapeRegExp).join('|')})`, 'giu') : null;
  const figureTokens = new RegExp(FIGURE_TOKENS, 'giu');
  const capitalizedWords = new RegExp(CAPITALIZED_WORDS, 'gu');
  const statusParts = new RegExp(STATUS_PARTS, 'gu');
  const notDoneStatusAll = new RegExp(`${B}(?:${NOT_DONE_STATUS})${E}|${CROSS_MARKS}`, 'giu');
  const notDoneStatus = pattern(notDoneStatusAll.source);
  const failureAll = new RegExp(`${B}(?:${FAILURE_WORDS}|${NOT_DONE_LABELS})${E}|${FAILURE_PARTS}`, 'giu');
  const failureAny = pattern(failureAll.source);
  const statusFillers = new RegExp(`${B}(?:${STATUS_FILLERS})${E}`, 'giu');
  /** What is left of `text` once the write's room, person, days and figures and the words of a record are taken out. */
  const unlabelled = (text: string) => {
    let rest = roomNames ? text.replace(roomNames, ' ') : text;
    if (peopleNamed) rest = rest.replace(peopleNamed, ' ');
    return rest.replace(dayWords, ' ').replace(figureTokens, ' ').replace(labelWords, ' ');
  };
  // Rooms and days in other scripts read in Latin terms first ("3号会议室 · 周五14:00": "Room 3 · Friday 14:00").
  const bareLabel = remembered((part) => !DONE_MARKS.test(part) && !A_WORD.test(unlabelled(inLatinTerms(part))));
  // A status of not done and nothing else: the failure or status words, who decided ("Alice rejected it"), a record's words.
  const statusOnly = remembered((text) => {
    // Of this write: naming no other room, and no room, day or hour but the write's ("Room 2 · 15:00 — rejected" is another's).
    if (DONE_MARKS.test(text) || otherRoomSaid(text) || !(namesNothing(text) || writes.some(({ namesIt }) => namesIt(text)))) return false;
    if (!failureAny.test(text) && !notDoneStatus.test(text)) return false;
    const rest = unlabelled(inLatinTerms(text).replace(failureAll, ' ').replace(notDoneStatusAll, ' ').replace(statusFillers, ' ').replace(statusParts, ' ')).replace(capitalizedWords, ' ');
    return !A_WORD.test(rest);
  });
  /**
   * Whether the label that sentence `idx` makes (its pieces up to the last that speaks of the write, each a label)
   * has a status of not done after it, and nothing else: in the rest of its sentence (each piece a label or a
   * status), or else in the next sentence that is no label (label lines between, "For: Sarah", are read past).
   */
  const statusFollows = (idx: number, pieces: string[], speaking: string[]) => {
    const last = pieces.lastIndexOf(speaking.at(-1)!);
    if (!pieces.slice(0, last + 1).every(bareLabel)) return false;
    // Labels and statuses, nothing else; then, with a status among them, the label has its status.
    const labelsOrStatus = (ps: string[]) => ps.every((p) => bareLabel(p) || statusOnly(p));
    const after = pieces.slice(last + 1);
    if (!labelsOrStatus(after)) return false;
    if (after.some(statusOnly)) return true;
    for (let j = idx + 1; j < units.length; j += 1) {
      const u = units[j]!;
      if (u.tail) continue;
      const ps = u.written.split(parts).filter(Boolean);
      if (statusOnly(u.written) || (labelsOrStatus(ps) && ps.some(statusOnly))) return true;
      if (!ps.every(bareLabel)) return false;
    }
    return false;
  };
  // What each reading reads by its own words.
  const judges = readings.map((reading) => {
    const can = reading.othersCan === false ? `${CAN_OFFERS}|${CAN_ANYONE}` : CAN_OFFERS;
    // Before language-words, no word was read by the question's language.
    const unless = reading.languageWords === false ? '' : notBound;
    // A recap of the request, which a confirming question closes ("You wanted Room 3 at 2pm, right?"): since closing-offers.
    const recap = reading.closingOffers === false ? '' : String.raw`you\s+wanted`;
    const youCan = reading.overcomeFailures === false ? '' : YOU_CAN_MORE;
    const obliged = reading.obligedSteps === false ? '' : OBLIGED;
    const wished = reading.wishesSaid === false ? '' : WISHED;
    // Since pronoun-still, Russian "попросить" ("ask for", "попросит", "попросила") asks as "ask…" does, and "unavailable"
    // ("indisponible", "недоступна") says not done as "not available" does.
    const asked = reading.pronounStill === false ? '' : String.raw`попрос\p{L}*|unavailable|indisponible|indisponibile|indisponível|недоступн\p{L}*`;
    return {
      reading,
      notAsDone: anyOf([
        ...[NOT_AS_DONE_WORDS, can, recap, youCan, obliged, wished, asked, reading.fellThrough === false ? '' : FELL_THROUGH_WORDS, reading.refusalsSaid === false ? '' : REFUSAL_WORDS, reading.attemptsTold === false ? '' : LOST_TO].map(
          (words) => words && `${B}${unless}(?:${words})${E}`,
        ),
        NOT_AS_DONE_PARTS,
        reading.refusalsSaid === false ? '' : REFUSAL_PARTS,
        reading.fellThrough === false ? '' : FELL_THROUGH_PARTS,
        reading.wishesSaid === false ? '' : WISHED_PARTS,
        reading.labelsRead === false ? '' : CROSS_MARKS,
      ]),
      failure: pattern(`${B}${unless}(?:${FAILURE_WORDS}|${NOT_DONE_LABELS})${E}|${FAILURE_PARTS}`),
      supposing: reading.asideIfs === false ? pattern(`${B}${unless}(?:${SUPPOSING_WORDS})${E}|${SUPPOSING_PARTS}`) : pattern(`${B}${unless}(?:${SUPPOSING_WORDS}|${PROVIDED_WORDS})${E}|${SUPPOSING_PARTS}|${PROVIDED_PARTS}`),
      bareDone: reading.bareDone !== false && opts.nothingDone ? pattern(`${B}(?:${BARE_DONE_WORDS}${reading.approvalIdioms === false ? '' : `|${BARE_DONE_MORE}`})${E}|${BARE_DONE_PARTS}`) : null,
      // Said approved, of the request or booking, or (since approvals-said) of the write's room, day or hour.
      approvalOf: (part: string) =>
        reading.approvalsSaid === false
          ? approvedSaid.test(part) && ofTheWrite.test(part)
          : (approvedSaid.test(part) || approvedMore.test(part) || (reading.requestsThrough !== false && approvalGiven.test(part)) || (reading.approvalIdioms !== false && idiomsTold.test(part))) &&
            (ofTheWrite.test(part) || writes.some(({ w, namesIt }) => w === unapproved && namesIt(part))),
      bareApproval:
        reading.bareDone !== false && unapproved
          ? pattern(`${B}(?:${APPROVAL_IDIOMS}${reading.approvalsSaid === false ? '' : `|${APPROVAL_IDIOMS_MORE}`}${reading.approvalIdioms === false ? '' : `|${APPROVAL_IDIOMS_TOLD}`})${E}|${APPROVED}`)
          : null,
      out: [] as Claim[],
    };
  });
  // Read as far as the other words are (`readPart`): bounded time on the workflow thread.
  // Sentences end at "。！？!" too, and at ".", "?" or "…" before what starts no lower-case word ("… instead? ✅ Room 3 · 14:00").
  const end = new RegExp(String.raw`(?<=[。！？!])\s*|(?<=(?<![\p{N}])[.?…])\s+(?=[^\p{Ll}\p{N}])`, 'u');
  const sentences = sentencesOf(readPart(text)).flatMap((s) => s.split(end)).map((s) => s.trim()).filter(Boolean);
  // Since figure-ends, a "." after a figure ends a sentence too ("… at 14:00. Sarah has it now."; before, a sentence that
  // said it was not done passed the next with it), but not a day's before its month ("am 5. Dezember"). Each sentence is
  // read whole by every reading, and by those since the patch from each such end on, to its end: what follows a piece
  // may still say what became of it ("Room 3 at 14:00. Rejected by Alice."), what comes before no longer passes it.
  const figureEnd = new RegExp(String.raw`(?<=\p{N}[.])\s+(?=[^\p{Ll}\p{N}\s])`, 'gu');
  const month = new RegExp(String.raw`^(?:${MONTH_WORDS})(?![\p{L}])`, 'iu');
  const atFigures = (sentence: string) => {
    const pieces: string[] = [];
    let from = 0;
    for (const m of sentence.matchAll(figureEnd)) {
      const next = m.index + m[0].length;
      if (month.test(sentence.slice(next))) continue;
      pieces.push(sentence.slice(from, m.index).trim());
      from = next;
    }
    return [...pieces, sentence.slice(from).trim()].filter(Boolean);
  };
  // Since figure-questions, a "?" after a figure ends one too ("¿La sala 3 el viernes a las 14:00? Es de Sarah."; before,
  // the question passed what follows it): what follows each such "?" is read as a tail, as figure-ends reads one.
  const figureQuestion = new RegExp(String.raw`(?<=\p{N}[?])\s+(?=[^\p{Ll}\p{N}\s])`, 'gu');
  const afterQuestions = (sentence: string) => [...sentence.matchAll(figureQuestion)].map((m) => sentence.slice(m.index + m[0].length).trim()).filter(Boolean);
  const units = sentences.flatMap((written) => {
    const pieces = atFigures(written);
    return [
      { written, tail: null },
      ...pieces.slice(1).map((_, i) => ({ written: pieces.slice(i + 1).join(' '), tail: 'figureEnds' as const })),
      ...afterQuestions(written).map((rest) => ({ written: rest, tail: 'figureQuestions' as const })),
    ];
  });
  const noConflict = new RegExp(`${B}(?:${NO_CONFLICT_WORDS})${E}|${NO_CONFLICT_PARTS}`, 'giu');
  const noWorry = new RegExp(`${B}(?:${NO_WORRY_WORDS}|${ONLY_TO_ATTEND})${E}|${NO_WORRY_PARTS}`, 'giu');
  const searchEnded = new RegExp(`${B}(?:${SEARCH_ENDED_WORDS})${E}`, 'giu');
  const unfailed = new RegExp(`${B}(?:${UNFAILED_WORDS})${E}|${UNFAILED_PARTS}`, 'giu');
  const unneeded = new RegExp(`${B}(?:${UNNEEDED_WORDS})${E}|${UNNEEDED_PARTS}`, 'giu');
  const expected = new RegExp(`${B}(?:${EXPECTED_WORDS})`, 'giu');
  const presumed = new RegExp(`${B}(?:${PRESUMED_WORDS})`, 'giu');
  const barred = new RegExp(`${B}(?:${OTHERS_BARRED})${E}`, 'giu');
  const hedges = new RegExp(`${B}(?:${HEDGE_WORDS})${E}`, 'giu');
  const telling = new RegExp(`${B}(?:${TELLING})`, 'giu');
  const insteadOfWords = new RegExp(`${B}(?:${INSTEAD_OF_WORDS})${E}((?:\\s+[^\\s,;:!?]+){1,4})|${INSTEAD_OF_PARTS}`, 'giu');
  // The phrase and the shortest run of words after it that names another room than the writes', taken out; else as it was.
  // Another room named, in the Latin alphabet or another script ("переговорной 2", "2번 회의실").
  const otherRoomSaid = (text: string) => otherRoom(text) || otherRoom(inLatinTerms(text));
  const withoutInsteadOf = remembered((sentence) =>
    sentence.replace(insteadOfWords, (whole: string, rest: string | undefined) => {
      if (rest === undefined) return otherRoomSaid(whole) ? ' ' : whole;
      let named = '';
      for (const word of rest.match(/\s+\S+/g) ?? []) {
        named += word;
        if (otherRoomSaid(named)) return ` ${rest.slice(named.length)}`;
      }
      return whole;
    }),
  );
  const asRequested = new RegExp(`${B}(?:${AS_REQUESTED_WORDS})${E}|${AS_REQUESTED_PARTS}`, 'giu');
  const requestedMet = new RegExp(`${B}(?:${REQUESTED_MET_WORDS})${E}|${REQUESTED_MET_PARTS}`, 'giu');
  // "Feel free to …" says no room is free (since aside-ifs).
  const feelFree = new RegExp(`${B}(?:${FEEL_FREE})${E}`, 'giu');
  const requestNouns = new RegExp(`${B}(?:${REQUEST_NOUNS})${E}|${REQUEST_PARTS}`, 'giu');
  const clear = (text: string, what: RegExp) => text.replace(what, ` ${CLEARED} `).trim();
  const squeezed = (text: string) => text.replace(/ {2,}/g, ' ').trim();
  // What a sentence holds of the words the readings take out, looked for once: where it holds none, every reading reads it alike.
  const heldIn = (written: string) => {
    const holds = (what: RegExp) => written.search(what) >= 0;
    return { noConflict: holds(noConflict), noWorry: holds(noWorry), searchEnded: holds(searchEnded), unfailed: holds(unfailed), unneeded: holds(unneeded), asRequested: holds(asRequested), feelFree: holds(feelFree), requests: holds(through), met: holds(requestedMet), overcome: holds(overcomeMarks) && holds(anyFailure), expected: holds(expected), presumed: holds(presumed), barred: holds(barred), hedged: holds(hedges), telling: holds(telling), insteadOf: holds(insteadOfWords), onceAgain: holds(onceAgain), otherPeople: holds(otherPeople), needsMet: holds(needsMet), firstTry: holds(firstTryWorked) && !holds(anyFailure) };
  };
  // How many claims each reading had found before the sentence it reads: a tail of a sentence it found one in is not read.
  const groupStart = judges.map(() => 0);
  // Since presumed-after: the booking not done that what presumes it had claims, where nothing was done (the first of the
  // writes that books; not where the booking it met is the person's or the asker's own, of which such words are true).
  const theirOwn = (w: UndoneWrite) => Boolean(w.heldByAsker) || (w.bookedFor !== null && (w.heldBy ?? []).some((h) => h.trim().toLowerCase() === w.bookedFor!.trim().toLowerCase()));
  const presumedWrite = opts.nothingDone ? writes.find(({ w }) => w.kind === 'booked' && !theirOwn(w)) : undefined;
  // Since presumed-undone: the cancellation or move not done that what presumes it done claims, where nothing was done.
  const presumedChange = opts.nothingDone ? writes.find(({ w }) => w.kind !== 'booked') : undefined;
  const recancel = presumedChange?.w.kind === 'cancelled';
  const needlessChange = pattern(recancel ? `${B}(?:${NEEDLESS_RECANCEL})${E}|${NEEDLESS_RECANCEL_PARTS}` : `${B}(?:${NEEDLESS_REMOVE})${E}|${NEEDLESS_REMOVE_PARTS}`);
  const changeLater = pattern(`${B}(?:${recancel ? CANCELLED_LATER : MOVED_LATER})${E}`);
  const bareMovedMore = pattern(`${B}(?:${BARE_MOVED_MORE})${E}`);
  const kept = pattern(`${B}(?:${KEPT_SAID})${E}`);
  const closer = pattern(`${B}(?:${PRESUMED_CLOSERS})${E}|${PRESUMED_CLOSER_PARTS}`);
  const needless = pattern(`${B}(?:${NEEDLESS_REBOOK})${E}|${NEEDLESS_REBOOK_PARTS}`);
  // Another room named, asked once a sentence.
  const elsewhereSaid = remembered(otherRoomSaid);
  const changedPlans = new RegExp(`${B}(?:${CHANGED_PLANS})${E}`, 'giu');
  const cancelLater = pattern(`${B}(?:${CANCEL_LATER})${E}`);
  const foundLater = pattern(`${B}(?:${FOUND_LATER})${E}`);
  // Short: "Done!", "See you there!" (read where a sentence names nothing of the write).
  const isShort = (sentence: string) => sentence.length <= 60 && sentence.split(/\s+/).length <= 8;
  // What a sentence presumes of it: a closer, short and naming no room, day or hour; the booking not needed again, a
  // reminder to cancel it or where to find it, naming it, its person or nothing, and no other room. 'supposing': read
  // though the sentence supposes ("If Sarah's plans change, just cancel it"); 'plain': only where it does not; 'closer':
  // nor where it says not done, asks or offers ("I'll ask Bob again, see you then").
  const presumesAfter = remembered((sentence): 'closer' | 'plain' | 'supposing' | null => {
    if (!presumedWrite) return null;
    // The words first (most sentences have none of them), then what the sentence names.
    const kind = isShort(sentence) && closer.test(sentence) && namesNothing(sentence) ? 'closer' : cancelLater.test(sentence) ? 'supposing' : needless.test(sentence) || foundLater.test(sentence) ? 'plain' : null;
    if (kind === null || elsewhereSaid(sentence)) return null;
    return kind === 'closer' || namesNothing(sentence) || presumedWrite.namesIt(sentence) || presumedWrite.person.names(sentence) ? kind : null;
  });
  // What a sentence presumes of a cancellation or a move not done (since presumed-undone): the change not needed again, or
  // what will come of it, naming it, its person or nothing, and no other room; read only where the sentence does not suppose.
  const presumesUndone = remembered((sentence): boolean => {
    if (!presumedChange || !(needlessChange.test(sentence) || changeLater.test(sentence)) || elsewhereSaid(sentence)) return false;
    return namesNothing(sentence) || presumedChange.namesIt(sentence) || presumedChange.person.names(sentence);
  });
  // Per reading: the sentences that presume it (by their place among the units), with the write each presumes, held at the
  // answer's end unless a sentence relayed the write; and whether a sentence spoke of a write and claimed nothing.
  const presumptions = judges.map(() => new Map<number, UndoneWrite>());
  const spokeOf = judges.map(() => false);
  const takenApart = new Map<string, { held: ReturnType<typeof heldIn>; variants: Map<string, { sentence: string; pieces: string[] }> }>();
  for (const [idx, { written, tail }] of units.entries()) {
    // The sentence as each reading reads it, and its parts, built once per combination of what the readings
    // take out. Where a conflict, a worry or an objection said not to be stood, or the request said met, a mark:
    // a part with it speaks of the write by its room, day or hour, not by its person alone ("Sarah has no other conflicts").
    // A sentence written again (a model repeating itself) is taken apart as the first time.
    const known = takenApart.get(written);
    const held = known?.held ?? heldIn(written);
    const variants = known?.variants ?? new Map<string, { sentence: string; pieces: string[] }>();
    if (!known) takenApart.set(written, { held, variants });
    const readAs = (reading: EchoReading) => {
      const taken = [
        reading.clearedConflicts !== false && held.noConflict && noConflict,
        reading.noWorries !== false && held.noWorry && noWorry,
        reading.searchEnded !== false && held.searchEnded && searchEnded,
        reading.unfailed !== false && held.unfailed && unfailed,
        reading.unneeded !== false && held.unneeded && unneeded,
        reading.asRequested !== false && held.asRequested && asRequested,
        reading.asideIfs !== false && held.feelFree && feelFree,
      ];
      const requestsOut = reading.requestsThrough !== false && held.requests;
      const metOut = reading.requestedMet !== false && held.met;
      const overcomeOut = reading.overcomeFailures !== false && held.overcome;
      const expectedOut = reading.expectedOutcomes !== false && held.expected;
      const presumedOut = reading.presumedSteps !== false && held.presumed;
      const barredOut = reading.othersBarred !== false && held.barred;
      const hedgedOut = reading.hedgedClaims !== false && held.hedged;
      const tellingOut = reading.tellingsHeld !== false && held.telling;
      const insteadOfOut = reading.insteadOf !== false && held.insteadOf;
      const onceAgainOut = reading.againHeld !== false && (held.onceAgain || held.firstTry);
      const otherPeopleOut = reading.otherPeople !== false && held.otherPeople;
      const needsMetOut = reading.wishesSaid !== false && held.needsMet;
      const key = `${taken.map(Boolean).join()},${requestsOut},${metOut},${overcomeOut},${expectedOut},${presumedOut},${barredOut},${hedgedOut},${tellingOut},${insteadOfOut},${onceAgainOut},${otherPeopleOut},${needsMetOut}`;
      let v = variants.get(key);
      if (!v) {
        const takenOut = taken.reduce((text: string, what) => (what ? clear(text, what) : text), written);
        // "Should" of what is expected goes without a mark: the person it is said of still speaks ("Sarah should have it now").
        const unexpected = expectedOut ? takenOut.replace(expected, ' ').replace(/ {2,}/g, ' ') : takenOut;
        // Advice that presumes the write done, the same way (since presumed-steps).
        const unpresumed = presumedOut ? squeezed(unexpected.replace(presumed, ' ')) : unexpected;
        // Everyone else said unable to have it: the room said booked (since others-barred).
        const unbarred = barredOut ? squeezed(unpresumed.replace(barred, ' booked ')) : unpresumed;
        const hedgesOut = hedgedOut ? squeezed(unbarred.replace(hedges, ' ')) : unbarred;
        // Leave given to pass it on, without its "you can" (since tellings-held).
        const unhedged = tellingOut ? squeezed(hedgesOut.replace(telling, ' ')) : hedgesOut;
        // "Once again" out, and a first try that worked where the sentence names no failure.
        const once = onceAgainOut ? unhedged.replace(onceAgain, ' ') : unhedged;
        const unrepeated = onceAgainOut ? squeezed(held.firstTry ? once.replace(firstTryWorked, ' ') : once) : unhedged;
        // Where the other people were, "them" (the sentence still has its subject: "Sarah and them have Room 3").
        const othersOut = otherPeopleOut ? squeezed(unrepeated.replace(otherPeople, ' them ')) : unrepeated;
        const cleared = insteadOfOut ? squeezed(withoutInsteadOf(othersOut)) : othersOut;
        // As "it": still what an approval may be said of ("Your request was approved successfully"), no longer a word
        // that asks; the thing requested too ("Sarah got the room she asked for": "Sarah got it"), whose person still speaks.
        const asIt = (text: string, what: RegExp | false) => (what ? squeezed(text.replace(what, ' it ')) : text);
        const asked = asIt(asIt(asIt(cleared, requestsOut && requestNouns), metOut && requestedMet), needsMetOut && needsMet);
        const sentence = overcomeOut ? overcome(asked) : asked;
        variants.set(key, (v = { sentence, pieces: sentence.split(parts).filter(Boolean) }));
      }
      return v;
    };
    for (const [j, { reading, notAsDone, failure, supposing, approvalOf, bareDone, bareApproval, out }] of judges.entries()) {
      // A tail of a sentence, after a figure's "." or "?": read since figure-ends or figure-questions, where the sentence, or a longer tail, held no claim.
      if (!tail) groupStart[j] = out.length;
      else if (reading[tail] === false || out.length > groupStart[j]!) continue;
      const { sentence, pieces } = readAs(reading);
      // A supposition governs its sentence, unless (since aside-ifs) each clause it stands in (parted by punctuation
      // alone: "se precisar de mais alguma coisa" is one) only closes with more help.
      const supposes =
        supposing.test(sentence) &&
        (reading.asideIfs === false || clausesOf(sentence).some((clause) => supposing.test(clause) && !asideIf(clause) && !(reading.idleIfs !== false && idleIf(clause))));
      // A cited page speaks for the documents (citations of pages not retrieved are stripped before the check); since
      // cited-writes, not where it speaks of a write (`citedWrite`).
      // Since presumed-after: a whole sentence that presumes the booking had is judged at the answer's end (and read as
      // before too: "No need to book again, Sarah has Room 3 at 2pm" is a claim by its second part, whatever else is said).
      if (presumedWrite && reading.presumedAfter !== false && !tail) {
        const after = presumesAfter(written);
        if (after === 'supposing' || (after === 'plain' && !supposes) || (after === 'closer' && !supposes && !notAsDone.test(sentence))) presumptions[j]!.set(idx, presumedWrite.w);
      }
      // (Not where the sentence names a failure or says the booking kept: "Bob rejected it, so no need to cancel it again".)
      if (presumedChange && reading.presumedUndone !== false && !tail && !supposes && presumesUndone(written) && !failure.test(sentence) && !kept.test(sentence)) presumptions[j]!.set(idx, presumedChange.w);
      if (/[:：]$/.test(sentence) || failure.test(sentence) || supposes || asks(sentence, pieces, reading) || (cites.test(sentence) && !citedWrite(sentence, reading))) continue;
      if (unapproved && pieces.some((part) => approvalOf(part) && !negatedOrWaiting.test(part))) {
        out.push(claim(written, unapproved));
        continue;
      }
      // Short, naming nothing: "Done!", "Approved!" (a sentence that names the write is read below).
      const short = isShort(sentence);
      if (short && unapproved && bareApproval?.test(sentence) && !negatedOrWaiting.test(sentence)) {
        out.push(claim(written, unapproved));
        continue;
      }
      const { free, booked } = statesIn(sentence, reading);
      // A room said free passes the sentence; since freed-said, not where a cancellation was not done (read below).
      const freedRead = free && freeable && reading.freedSaid !== false;
      // Since taken-for, not where a part gives the write's room to its person (read below).
      if (free && !freedRead && reading.takenFor === false) continue;
      const whole = norm(sentence);
      const claimedBefore = out.length;
      // Whether the sentence spoke of a write (quoted what became of it, told the attempt, or named it).
      let spoke = false;
      for (const { w, person, unglued, namesIt, namesCurrent, said, quoted } of writes) {
        const { names: namesThem, unwaited: unwaitFor } = reading.gluedNames === false ? unglued : person;
        // The comment or reason quoted whole, or a sentence of it.
        if (said.some((x) => x.length >= 12 && (whole.includes(x) || x.includes(whole)))) {
          spoke = true;
          continue;
        }
        // Since attempts-said: "I tried to book Room 3 for Sarah at 2pm, but it's taken" says it was not done.
        if (reading.attemptsSaid !== false && onlyTried(sentence, namesThem, reading)) {
          spoke = true;
          continue;
        }
        // The parts that speak of the write, none saying it was not done (a part the comment or reason holds is quoted).
        const speaking = pieces.filter((part) => !quoted(part) && ((namesThem(part) && !part.includes(CLEARED)) || namesIt(part)));
        if (speaking.length > 0) spoke = true;
        // What no longer is, of a cancellation not done, says it was: its negation does not pass it.
        // Since kept-bookings, the booking said held relays it, and said not held claims it gone.
        const cancelling = w.kind === 'cancelled';
        const keeping = cancelling && reading.keptBookings !== false;
        // Since freed-said, its person said to be there at its stretch holds it too ("Alice will be in Room 3 at 10am").
        const there = (part: string) => reading.freedSaid !== false && namesIt(part) && presentWords.test(part) && !negation.test(part);
        const kept = keeping ? speaking.filter((part) => (heldWords.test(part) || there(part)) && !cancelWords.test(part)) : [];
        const unheld = keeping && speaking.some((part) => ((heldWords.test(part) || unheldWords.test(part)) && negation.test(part)) || goneParts.test(part));
        // Of a cancellation not done, the idioms of a write that did not happen said of the booking say it is gone (with fell-through).
        const fellGone = cancelling && reading.fellThrough !== false && speaking.some((part) => fellThrough.test(part) && !cancellationNoun.test(part));
        // Since taken-back, a clause of the sentence that says it gone or cancelled takes back what the others say held.
        const takenBack = cancelling && reading.takenBack !== false && clausesOf(sentence).some((c) => !quoted(c) && takesBack(c));
        // Since freed-said, its stretch said free, or its person said not to be there at it.
        const freedAt = (at: (part: string) => boolean) =>
          reading.freedSaid !== false &&
          pieces.some((part) => !quoted(part) && at(part) && !elseWords.test(part) && ((statesIn(part, reading).free && !negation.test(part) && !freeTo.test(part)) || (presentWords.test(part) && negation.test(part))));
        const freed = cancelling && freedAt(namesIt);
        // What says a booking there is gone by its words: ceased ("no longer"), fell through, or taken back.
        const goneSaid = cancelling && ((reading.ceasedCancellations !== false && speaking.some((part) => ceased.test(part))) || fellGone || takenBack);
        const ceasedSaid = goneSaid || (cancelling && (unheld || freed));
        if (!ceasedSaid && kept.length > 0) continue;
        // Since moves-read, of a move not done: the booking said to have left where it is says it moved.
        const moving = w.kind === 'changed' && reading.movesRead !== false;
        const whereItIs = moving ? pieces.filter((part) => !quoted(part) && namesCurrent(part)) : [];
        // Since freed-said, where it is said free, or its person said not to be there: it moved.
        const movedFree = moving && freedAt(namesCurrent);
        const movedOut = movedFree || whereItIs.some((part) => ceased.test(part) || (leftWords.test(part) && !negation.test(part)));
        // The room waiting for the person says nothing of a wait (since as-requested).
        const unwaited = reading.asRequested === false ? (part: string) => part : unwaitFor;
        // "Instead" passes nothing of a move (since moves-read); "still" nothing of a booking said the person's (since still-held).
        const stillHeld = reading.stillHeld !== false && (w.kind === 'booked' || w.kind === 'changed');
        // Since pronoun-still, a third person's pronoun (or, in Spanish, Italian and Portuguese, a part that opens with the verb of
        // having) stands for the person too, where no booking the write met is another's ("She still has Room 3 at 2pm").
        const pronounFor = reading.pronounStill !== false && !(w.heldBy ?? []).length ? (part: string) => pronounIn(part, reading) : () => false;
        const stilled = (part: string) => namesIt(part) && !namesCurrent(part) && (namesThem(part) || pronounFor(part));
        const asRead = (part: string) => (moving ? unwaited(part).replace(instead, ' ') : unwaited(part));
        // Since again-held, "again" is read out as "still" is.
        const againHeld = reading.againHeld !== false && (w.kind === 'booked' || w.kind === 'changed');
        const saysNotDone = (part: string) => {
          const read = asRead(part);
          const unagain = againHeld ? withoutAgain(read) : null;
          const unstill = stillHeld ? withoutStill(unagain ?? read) : null;
          const rest = unstill ?? unagain;
          if (rest === null || !stilled(part)) return notAsDone.test(read);
          return notAsDone.test(rest) || stillWaitsOrWishes(rest);
        };
        // Since taken-for, of a booking not done: a part that gives it to its person ("…, Sarah has it", "it's now reserved for
        // Sarah", "elle est désormais réservée pour Sarah") and says nothing free, not done, negated or only possible, claims it,
        // though another part says the room is not free ("Room 3 is no longer available at 2pm") or negates something else.
        // Not where the booking the write met is theirs (theirs-met), nor the name alone ("…, Sarah.").
        const givenToThem =
          reading.takenFor !== false &&
          w.kind === 'booked' &&
          !(w.heldBy ?? []).some(namesThem) &&
          pieces.flatMap((part) => part.split(becauseSplit)).some((part) => {
            // Since pronoun-holds, a part that names the write's room, day or hour gives it to them by a pronoun too, where
            // another part of the sentence names them ("Sarah won't need another room: she has Room 3 at 2pm").
            const byPronoun = reading.pronounHolds !== false && !namesThem(part) && namesIt(part) && pronounIn(part, reading) && namesThem(sentence);
            if (quoted(part) || !(namesThem(part) || byPronoun) || part.includes(CLEARED)) return false;
            // More than the name ("…, Sarah." is said to her), nothing free, not done, negated or only possible.
            const { free: freeSaid, booked: bookedSaid } = statesIn(part, reading);
            const rest = w.bookedFor ? part.split(w.bookedFor).join('') : part;
            if (!/\p{L}/u.test(rest) || freeSaid || saysNotDone(part) || negation.test(part) || mayBe.test(part)) return false;
            // Booked, held or theirs ("Sarah's", by the name or a pronoun).
            const theirs = w.bookedFor !== null && (part.includes(`${w.bookedFor}'s`) || part.includes(`${w.bookedFor}’s`));
            return bookedSaid || heldWords.test(part) || bareHers.test(part) || givenParts.test(part) || theirs || (byPronoun && (pronounHas.test(part) || proDropHas.test(part)));
          });
        if (free && !freed && !movedFree && !givenToThem) continue;
        if ((speaking.length === 0 && !movedFree) || (!ceasedSaid && !movedOut && !givenToThem && speaking.some(saysNotDone))) continue;
        // Where it is, and nothing of where it would have gone: a relay of the booking as it stays.
        if (whereItIs.length > 0 && !movedOut && !speaking.some(namesIt)) continue;
        // "Room 3 is booked at 14:00" after the write met a booking there relays it; "booked for Sarah" claims hers.
        // A cancellation not done leaves the booking there: said booked, it is.
        const forThem = namesThem(sentence);
        const theirsMet = forThem && (w.heldBy ?? []).some(namesThem);
        if (!ceasedSaid && booked && (!forThem || theirsMet) && (w.bookedThen || w.kind === 'cancelled')) continue;
        // The booking it met is theirs: "Sarah has Room 3 at 2pm" is so, said with any verb.
        if (!ceasedSaid && theirsMet && w.bookedThen && reading.theirsMet !== false) continue;
        // Since holders-met: the booking it met relayed by its holder, not the person ("Alice has Room 3 at 2pm"; to the asker, whose it is, "You already have it").
        if (reading.holdersMet !== false && !ceasedSaid && !w.untried && w.bookedThen && (w.kind === 'booked' || w.kind === 'changed') && !forThem && (holderNamed(sentence, w) || (w.heldByAsker && askerHeld.test(sentence)))) continue;
        // A record's label, its status of not done after it (since labels-read).
        if (reading.labelsRead !== false && !ceasedSaid && !movedOut && !givenToThem && speaking.length > 0 && statusFollows(idx, pieces, speaking)) continue;
        // Asked for and never tried: a room said free (and not given to the person), the check relayed, or the write offered (untried-writes).
        // And a sentence of another room only (Sarah's own booking there relayed, "Sarah already has Room 2 at 2pm").
        // And the booking read there relayed by its holder's name ("Alice has Room 3 at 2pm"), not the person's; and a room said
        // booked, not for the person: what is booked there is judged by the reads. A cancellation of a stretch read free is
        // claimed only by what says a booking there ceased ("no longer"), fell through or was taken back: "Alice has no
        // booking in Room 3 at 2pm" is so.
        const nothingThere = cancelling && !w.bookedThen && !goneSaid;
        if (w.untried && (nothingThere || (free && !givenToThem && !goneSaid) || (booked && !forThem) || untriedRelay.test(sentence) || offeredWrite.test(sentence) || elsewhere(sentence, w) || (!forThem && holderNamed(sentence, w)))) continue;
        out.push(claim(written, w));
        break;
      }
      // Spoken of and not claimed: a relay of the write, which passes what presumes the booking had (since presumed-after).
      if (spoke && out.length === claimedBefore && !presumptions[j]!.has(idx)) spokeOf[j] = true;
      // A room said free, and no freed cancellation claimed: the sentence passes, as before freed-said.
      if (out.length > claimedBefore || free || !short) continue;
      // Short, and naming nothing the writes above were read by: "Done!" where nothing was done (bare-done); since
      // taken-back, "Just kidding, it's cancelled." where a cancellation was not done; since bare-booked, "Confirmed!",
      // "It's booked!" or "Moved!", naming no room or time; since calendar-said, "It's in the calendar.".
      const nothing = opts.nothingDone && !notAsDone.test(sentence);
      const bare =
        (bareDone?.test(sentence) && !notAsDone.test(sentence) && undone[0]) ||
        (nothing && cancelUndone && reading.takenBack !== false && takesBack(sentence) && cancelUndone) ||
        (nothing &&
          reading.bareBooked !== false &&
          !negatedOrWaiting.test(sentence) &&
          namesNothing(sentence) &&
          undone.find(
            (u) =>
              bareConfirmed.test(sentence) ||
              (u.kind === 'booked' && !u.bookedThen && (bareBooked.test(sentence) || bareHers.test(sentence) || (reading.calendarSaid !== false && bareCalendared.test(sentence)))) ||
              (u.kind === 'changed' && (bareMoved.test(sentence) || (reading.presumedUndone !== false && bareMovedMore.test(sentence)))),
          ));
      if (bare) out.push(claim(written, bare));
    }
  }
  // What presumes the booking had (or since presumed-undone the change done), where no sentence relayed the write (since presumed-after): none spoke of it and claimed
  // nothing, and none of the others says it failed ("… if Sarah can't make it" fails nothing), names another room, or says
  // "it", the request or the booking not done ("The booking did not go through."). Asked only where one presumes it.
  for (const [j, { out, failure, notAsDone }] of judges.entries()) {
    const presumed = presumptions[j]!;
    if (presumed.size === 0 || spokeOf[j]) continue;
    const wholes = units.filter((u, i) => !u.tail && !presumed.has(i)).map((u) => u.written);
    if (wholes.some((w) => failure.test(w.replace(changedPlans, ' ')) || elsewhereSaid(w) || (notAsDone.test(w) && ofTheWrite.test(w)))) continue;
    // Each once: one its words claimed already stays as it was.
    for (const [i, w] of presumed) if (!out.some((c) => c.text === units[i]!.written)) out.push(claim(units[i]!.written, w));
  }
  return judges.map((j) => j.out);
}
