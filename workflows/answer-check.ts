/**
 * The answer as the user gets it, one unit: the model's prose, checked, then the outcome block the
 * system renders from the approvals and receipts. The patterns of `guardAnswer` are a free first pass;
 * the defence is structural: a verifier lists every answer's outcome, read and policy claims, and a
 * write claim no receipt of the same kind backs, a read claim in a turn and conversation that read no
 * bookings, or a policy claim where they retrieved no passage, sends the orchestrator back once
 * (`reask`); a second
 * such answer, or a verifier that fails or answers badly, leaves only the outcome block (fail closed),
 * or in a turn that attempted no write, a sentence saying why the prose is not shown.
 */
import { patched } from '@temporalio/workflow';
import { failureReason } from '../domain/failures.js';
import { answersFromDocuments, guardAnswer, notCoveredAnswer, stripUnretrievedCitations } from '../domain/guard.js';
import {
  answerWithheld,
  bookingsNotChecked,
  detectLanguage,
  documentsNotSearched,
  documentsDoNotSay,
  documentsSayOtherwise,
  figuresNotInDocuments,
  noBookingOfYours,
  nothingDone,
  readsSay,
  renderOutcomes,
  writingChanges,
  sayReason,
  stopTemplates,
  turnOutcomes,
  WRITTEN_AS,
  type OutcomeLanguage,
} from '../domain/outcomes.js';
import { passageIds, unbackedClaims, type Claim } from '../domain/verify.js';
import { earlierBookingIds, type AgentOutput, type Receipt } from '../domain/types.js';
import { daysNamed, hasBareRange, hasDateAtStop, hasPartAlone, hasClockForms, hasMoreClockForms, hasLength, hasUnmarkedHours, hasLengthApart, hasWeekWords, statesRange, type CalendarReads, type ReceiptDetail, type RoomTime } from '../domain/calendar.js';
import { hasCalendarWords, hasWeeksAhead, inLatinTerms, repeatsSaid } from '../domain/calendar-words.js';
import { notListed, sameClaims, sameWords } from '../domain/claim-words.js';
import { readWords, unpackWords, type WordsAsked } from '../domain/answer-words.js';
import { isWriteTool } from '../domain/agents.js';
import { idsReadAsTimes, roomKey, roomsNamed } from '../domain/calendar.js';
import { owns } from '../domain/policy.js';
import { peopleAsked, type HoldersAsked } from '../domain/holder-words.js';
import { askedFor, asksForRoom, asksToBook, asksToCancel, asksToFree, roomAskedFor, withRoomWords, worksSaid, type EchoReading, type UndoneWrite } from '../domain/undone-words.js';
import { madeUpReferences } from '../domain/references.js';
import type { Runners } from './runners.js';
import type { Spend } from './spend.js';
import type { TurnLog } from './turn-log.js';

// Booking reads an answer about free rooms or existing bookings can rest on.
const READ_TOOLS = ['list_rooms', 'check_availability', 'list_bookings'];
const AVAILABILITY_TOOLS = ['check_availability', 'list_bookings'];
/** The patch under which a claim that a room is free needs availability read in the same turn. */
export const AVAILABILITY_READ_THIS_TURN = 'availability-read-this-turn';
/** The patch under which every figure of an answer from documents must be stated by a passage, not only those of the claims the verifier lists. */
export const EVERY_FIGURE_SOURCED = 'every-figure-sourced';
/** The patch under which a claim must agree with what the reads and receipts say, not only rest on one having run. */
export const CLAIMS_MATCH_READS = 'claims-match-reads';
/** The patch under which a time a claim says a room is free must be one the turn read free, not only one no read contradicts. */
export const FREE_TIMES_READ = 'free-times-read';
/** The patch under which the days a claim names are read, and what was read of other days is not held against it. */
export const CLAIM_DAYS = 'claim-days';
/** The patch under which a time a claim says a room is booked must be one the turn read, where nothing else could back it. */
export const BOOKED_TIMES_READ = 'booked-times-read';
/** The patch under which claims found by their words (`claimsByWords`) are judged beside those the verifier lists. */
export const CLAIMS_BY_WORDS = 'claims-by-words';
/**
 * The patch under which the words also find writes said done with the booking as subject or label ("your
 * booking is confirmed", "Reserva cancelada", "Booked Room 3 for Sarah"), and a clock time's colon ends
 * no clause ("ich habe Raum 3 um 14:00 gebucht").
 */
export const WRITE_NOUNS = 'write-nouns';
/** The patch under which the words also find a room said to be the reader's ("Room 3 is all yours", "la sala 3 es tuya"): a booking of theirs. */
export const POSSESSION_WORDS = 'possession-words';
/** The patch under which the words also find writes said done in Chinese, Japanese, Korean or Russian ("我已为您预订", "予約しました", "예약했습니다", "Я забронировал"). */
export const OTHER_SCRIPTS = 'other-scripts';
/** The patch under which the words also find a room said free or booked in Chinese, Japanese, Korean or Russian ("3号会议室明天下午2点有空", "会議室3は予約済みです"). */
export const SCRIPT_STATES = 'script-states';
/** The patch under which a room said free or booked before a clause that asks or offers ("Room 3 is free at 2pm, shall I book it?") is a claim by its words. */
export const TRAILING_OFFERS = 'trailing-offers';
/** The patch under which the same holds in Chinese, Japanese, Korean and Russian ("3号会议室下午2点有空，要我帮您预订吗？"). */
export const SCRIPT_OFFERS = 'script-offers';
/**
 * The patch under which a room's state said in more words is read, where the turn read times: booked "busy",
 * "unavailable", "spoken for", "ausgebucht", "indisponible", "indisponibile", "indisponível"; free "empty", "up for grabs",
 * "zu haben" (`claimsByPatch`' stateWords). Before, "Room 2 is busy at 2pm" where the check read it free, or "Room 3 is
 * empty at 2pm" where it read it booked, was no claim by its words, and only a verifier that listed it held it.
 */
export const STATE_WORDS = 'state-words';
/**
 * The patch under which "no." before a figure after a word ("Room no. 3", "Room No. 3") is read as the number sign
 * (`numberMarksRead`): before, the words read its "no" as a negation, so "I booked Room no. 3 for Sarah" was no write
 * claim, "Room no. 3 is free" said the room booked, and after a write not done "Room no. 3 is Sarah's" passed.
 */
export const NUMBER_MARKS = 'number-marks';
/** The patch under which a booking said confirmed, cancelled or moved may have words that say which around it ("your Room 3 booking", "your booking tomorrow at 2pm"). */
export const NOUN_MODIFIERS = 'noun-modifiers';
/**
 * The patch under which rooms, days and clock times said in Chinese, Japanese, Korean or Russian ("3号会议室",
 * "后天", "下午3点", "午後3時", "오후 3시", "послезавтра"), and days counted ahead in any language ("in two days"), are read.
 */
export const CALENDAR_WORDS = 'calendar-words';
/** The patch under which a week a claim names ("next week", "la semana que viene", "下周", "the weekend") is read as its days, not as no day named. */
export const WEEK_DAYS = 'week-days';
/**
 * The patch under which what this turn's writes left is read as a booking read is (`writtenTimes`: a
 * booking made or moved, its room booked over the receipt's stretch; a cancelled one's stretch, and the one
 * a move left, free): a room said free where it booked is contradicted, a time said free that nothing read
 * is held, a booking said there is backed; once every write committed, a booking said at a time nothing
 * read, or where a write left the room free, is held too. What is said of before the writes ("was free") is
 * not held to what they changed. The words find rooms said free or booked once the turn wrote, as after a check.
 */
export const WRITES_READ = 'writes-read';
/** The patch under which weeks a claim counts ahead ("in two weeks", "dans deux semaines", "两周后", "через неделю") are read as the week they name, not as no day named. */
export const WEEKS_AHEAD = 'weeks-ahead';
/** The patch under which a range of hours with no mark in a claim ("de 14 a 15", "von 14 bis 15") is read as clock times. */
export const BARE_HOURS = 'bare-hours';
/** The patch under which what the turn says instead of prose starts a paragraph after a list of what was read. */
export const LOOKUPS_APART = 'lookups-apart';
/** The patch under which "none of the bookings I read is yours" is said only for a claim held for whose booking it names. */
export const WHOSE_SAID_ONLY = 'whose-said-only';
/** The patch under which a claim that a booking is the user's own needs a booking of theirs read. */
export const WHOSE_BOOKING = 'whose-booking';
/**
 * The patch under which a question written in Chinese, Japanese, Korean or Russian gets what the system
 * says (the outcome block, what it says instead of prose, an honest stop, a failure) in its language.
 */
export const OUTCOME_SCRIPTS = 'outcome-scripts';
/** The patch under which an Italian or Portuguese question gets what the system says in its language (English before). */
export const OUTCOME_IT_PT = 'outcome-it-pt';
/**
 * The patch under which a sentence that speaks of a write of the turn that was not done (its room, a day
 * or clock time of it, the person it was for) and says nothing of it not being done is a write claim of
 * it (`undoneEchoes`: "✅ Room 3 · Fri 14:00–15:00 · Sarah", "Bis Freitag um 14 Uhr in Raum 3!", "Room 3 is
 * now booked for Sarah" after her booking met Alice's).
 */
export const UNDONE_ECHOES = 'undone-echoes';
/**
 * The patch under which a question that only offers more help, or asks to confirm, after a sentence speaks
 * of an undone write ("Sarah has Room 3 at 2pm, anything else?", "…, right?") leaves it a claim
 * (`undoneEchoes`' closingOffers); under `undone-echoes` alone, any question mark made its sentence a question.
 */
export const CLOSING_OFFERS = 'closing-offers';
/**
 * The patch under which a conflict said not to be ("no conflicts", "conflict-free", "没有冲突") in a sentence that
 * speaks of an undone write names no failure and negates nothing (`undoneEchoes`' clearedConflicts): "Sarah
 * has Room 3 at 2pm with no conflicts" is a claim of it.
 */
export const CLEARED_CONFLICTS = 'cleared-conflicts';
/**
 * The patch under which "can" or "may" offers only where the speaker or the user can ("I can try Room 2",
 * "can I", "you may"), so "Sarah can use Room 3 at 2pm" after her booking was not done is a claim of it
 * (`undoneEchoes`' othersCan).
 */
export const OTHERS_CAN = 'others-can';
/**
 * The patch under which, after a cancellation not done, what no longer is says it was ("Alice no longer has
 * Room 3 at 2pm", "nicht mehr", "ya no", "不再", "больше не"; `undoneEchoes`' ceasedCancellations).
 */
export const CEASED_CANCELLATIONS = 'ceased-cancellations';
/**
 * The patch under which a short sentence that says it is done and names nothing ("Done!", "All set.", "It
 * went through!") is a claim where no write of the turn was done, and one that says it was approved
 * ("Approved!", "Alice gave the green light") where none was approved (`undoneEchoes`' bareDone).
 */
export const BARE_DONE = 'bare-done';
/**
 * The patch under which, where the booking a write met is the person's own, a sentence that says they have
 * it ("Sarah has Room 3 at 2pm", "Sarah already has it") relays it, as "booked for Sarah" did (`undoneEchoes`' theirsMet).
 */
export const THEIRS_MET = 'theirs-met';
/**
 * The patch under which a question that only offers a next step beyond the write after a sentence speaks of
 * an undone write ("Sarah has Room 3 at 2pm, want me to send her an invite?", "…, soll ich eine Einladung
 * schicken?") leaves it a claim (`undoneEchoes`' followUps); one that books, retries, tries another way or
 * names the write's room, day or hour still asks.
 */
export const FOLLOW_UP_OFFERS = 'follow-up-offers';
/**
 * The patch under which a worry, objection or step said not to be in a sentence that speaks of an undone
 * write ("Sarah doesn't need to worry, she has Room 3 at 2pm", "…, and Alice didn't object", "Sarah n'a rien
 * à faire : …", "keine Sorge") negates nothing and names no failure (`undoneEchoes`' noWorries).
 */
export const NO_WORRIES = 'no-worries';
/**
 * The patch under which words that suppose or negate in one language and not in another are read by the
 * question's language (`undoneEchoes`' languageWords): Italian "si" ("La riunione si terrà in sala 3"),
 * French and Spanish "se" ("Sarah se présentera en salle 3") and German "als" ("als Erste") no longer pass a
 * sentence that speaks of an undone write as done.
 */
export const LANGUAGE_WORDS = 'language-words';
/**
 * The patch under which the request said met ("Sarah gets Room 3 at 2pm as requested", "wie gewünscht", "como
 * pediste", "按要求") or the room said to wait for the person ("Room 3 will be waiting for Sarah at 2pm") no
 * longer passes a sentence that speaks of an undone write as done (`undoneEchoes`' asRequested).
 */
export const AS_REQUESTED = 'as-requested';
/**
 * The patch under which the person a write was for is found where their name is written against Chinese,
 * Japanese or Korean text ("3号会议室周五14:00已经是Sarah的了", "已为王小明预留"; `undoneEchoes`' gluedNames): a
 * booking of theirs the write met is relayed, a claim of it by their name alone is one.
 */
export const GLUED_NAMES = 'glued-names';
/**
 * The patch under which an approval said of an undone write's room, day or hour ("Alice approved Room 3 for
 * Sarah at 2pm", "Alice hat Raum 3 … genehmigt", "Alice aprobó la sala 3…"), or with no object in more words
 * ("Alice agreed.", "Alice is on board!", "Alice ist einverstanden."), is a claim where no write was approved
 * (`undoneEchoes`' approvalsSaid); before, only one said of "it", the request or the booking was.
 */
export const APPROVALS_SAID = 'approvals-said';
/**
 * The patch under which a supposition that only closes with more help, in the sentence that speaks of an undone
 * write as done ("Sarah has Room 3 at 2pm — let me know if you need anything else!", "…, si necesitas algo más,
 * avísame", "…，如果还有其他需要请告诉我"), no longer passes it (`undoneEchoes`' asideIfs); a supposition of the
 * write, or a condition ("as long as Alice agrees", "前提是…"), still supposes.
 */
export const ASIDE_IFS = 'aside-ifs';
/**
 * The patch under which a request said to have come through, in a sentence that speaks of an undone write ("Your
 * request for Room 3 on Friday at 2pm went through", "Ihre Anfrage … war erfolgreich", "申请成功了"), no longer passes
 * it by its word of the request, and an approval given by its noun ("Alice gave her approval for Room 3 at 2pm",
 * "Alice hat die Genehmigung … erteilt", "获得批准") is a claim where no write was approved (`undoneEchoes`' requestsThrough).
 */
export const REQUESTS_THROUGH = 'requests-through';
/**
 * The patch under which the thing requested said to be had, in a sentence that speaks of an undone write ("Sarah got
 * the room she asked for: Room 3 on Friday at 2pm", "the slot you requested", "la sala que pidió"), no longer passes
 * it by its word of the request, want or need (`undoneEchoes`' requestedMet).
 */
export const REQUESTED_MET = 'requested-met';
/**
 * The patch under which idioms of a write that did not happen ("The booking of Room 3 … fell through", "… is off the
 * table", "Sarah is without a room …", "geplatzt", "tombée à l'eau", "泡汤") say an undone write was not done
 * (`undoneEchoes`' fellThrough): such honest answers were sent back, then replaced by the outcome block.
 */
export const FELL_THROUGH = 'fell-through';
/**
 * The patch under which, after a cancellation not done, its booking said held by its holder ("Alice keeps Room 3 at
 * 10am", "Nothing changed: Alice has Room 3 at 10am", "Alice behält …", "Alice garde …") relays it, where it was sent
 * back; and said not held or gone ("Alice doesn't have Room 3 at 10am now", "… hat … jetzt nicht", "…没了") claims
 * the cancellation, where its negation passed it (`undoneEchoes`' keptBookings).
 */
export const KEPT_BOOKINGS = 'kept-bookings';
/**
 * The patch under which, after a cancellation not done, a clause that says it gone or cancelled, by a pronoun or by
 * name ("Alice keeps Room 3 at 10am, though it's gone now", "…, pero ya está cancelada", "…不过已经取消了"), takes back
 * the booking said held in its sentence (kept-bookings relayed it); and a short sentence that names nothing and says
 * so ("Just kidding, it's cancelled.", "Ya está cancelada.") claims the cancellation where the turn did nothing
 * (`undoneEchoes`' takenBack).
 */
export const TAKEN_BACK = 'taken-back';
/**
 * The patch under which a failure said of nobody or nothing, in a sentence that speaks of an undone write ("Sarah
 * has Room 3 at 2pm, nothing failed", "…, nobody rejected it", "…, niemand hat abgelehnt", "…，没有人拒绝"), names
 * no failure and negates nothing: it is taken out before the sentence is read, as "no worries" is (`undoneEchoes`' unfailed).
 */
export const UNFAILED = 'unfailed';
/**
 * The patch under which "still" (and "remains", "weiterhin", "toujours", "ainda", "仍", "まだ", "여전히" …) in a part that
 * names the person an undone booking was for and its room, day or hour no longer says it was not done ("Sarah still has
 * Room 3 at 2pm", "Sarah a toujours la salle 3 …", "Sarah仍有3号会议室"): she did not have it before. Such a part still
 * says it was not done by a negation, a wait, a wish or the room said open (`undoneEchoes`' stillHeld).
 */
export const STILL_HELD = 'still-held';
/**
 * The patch under which an approval said not needed, in a part that speaks of an undone write ("Sarah has Room 3 at
 * 2pm without needing approval", "… didn't need approval", "ohne Genehmigung", "sin necesidad de aprobación", "无需审批",
 * "承認不要"), negates nothing: it is taken out before the sentence is read, as "nothing failed" is (`undoneEchoes`' unneeded).
 */
export const UNNEEDED = 'unneeded';
/**
 * The patch under which, after a cancellation not done, its stretch said free ("Room 3 on Friday at 10am is free
 * again", "You're free on Friday at 10am, Alice", "Raum 3 ist … wieder frei", "다시 비었습니다") or its person said not
 * to be there ("Alice won't be in Room 3 at 10am") claims the cancellation, where a room said free passed the sentence;
 * and its person said to be there ("Alice will be in Room 3 at 10am as planned") relays it. After a move not done, where
 * the booking is said free ("Room 2 on Friday at 4pm is free now"), or its person said not to be there, claims the move
 * (`undoneEchoes`' freedSaid).
 */
export const FREED_SAID = 'freed-said';
/**
 * The patch under which, where no write of the turn was done, a short sentence that names no room, day or hour and
 * says the write confirmed or secured ("Confirmed!", "You're in!", "Taken care of.", "Good news, it worked!"), booked
 * ("It's booked!", "Gebucht!", "¡Reservado!", "已预订！"; not where the write met a booking, which is booked) or moved
 * ("Moved!") is a claim of it, as "Done!" is since bare-done (`undoneEchoes`' bareBooked).
 */
export const BARE_BOOKED = 'bare-booked';
/**
 * The patch under which a "." after a figure ends a sentence too, where what follows starts one and is not a month
 * ("Sorry for the wait on Room 3 at 14:00. Sarah has Room 3 at 14:00."; not "am 5. Dezember"): before, the first
 * sentence's words of a write not done passed the second with it. The whole sentence is still read, then each tail
 * of it from such an end, so a label's status after it ("Room 3 at 14:00. Rejected by Alice.") still counts (`undoneEchoes`' figureEnds).
 */
export const FIGURE_ENDS = 'figure-ends';
/**
 * The patch under which a supposition that asks nothing of an undone write supposes nothing of it, so the sentence it
 * stands in is read: one of why it is said ("If you're wondering, Sarah has Room 3 at 2pm", "…, if that helps", "Por si
 * te lo preguntas, …", "如果你想知道的话，…"), of memory ("If I remember right, …"), a concession ("…, whether or not Alice
 * approves"), or an exception to come that is no approval, retry or request ("…, unless she cancels") (`undoneEchoes`' idleIfs).
 */
export const IDLE_IFS = 'idle-ifs';
/**
 * The patch under which a failure said overcome names none, so the rest of its sentence is read (`undoneEchoes`'
 * overcomeFailures): in a concession ("Despite the rejection, Sarah has Room 3 at 2pm", "Even though Alice rejected it, …",
 * "Trotz der Ablehnung …", "尽管被拒绝了，…", "却下されましたが、…", "거절되었지만 …"), said resolved or undone ("The conflict was
 * resolved: Room 3 is Sarah's", "Alice's rejection was overridden", "Der Konflikt wurde gelöst", "冲突已解决", "충돌이
 * 해결되어"), or of a first try ("Alice rejected it at first, but …"). Before, a failure named anywhere passed its
 * sentence. The user's "can" in French, Italian and Portuguese offers too ("vous pouvez redemander la salle 3").
 */
export const OVERCOME_FAILURES = 'overcome-failures';
/**
 * The patch under which a "?" after a figure ends a sentence too, where what follows starts one ("Room 3 on Friday at
 * 14:00? Sarah has it.", "¿La sala 3 el viernes a las 14:00? Es de Sarah.", "La sala 3 venerdì alle 14? È di Sarah."):
 * before, the question passed the sentence after it. What follows is read as figure-ends reads a tail (`undoneEchoes`' figureQuestions).
 */
export const FIGURE_QUESTIONS = 'figure-questions';
/**
 * The patch under which "should" of what is expected once a write is done asks nothing (`undoneEchoes`' expectedOutcomes):
 * "Sarah should now see Room 3 on Friday at 2pm in her calendar", "… should show up shortly", "You should receive a
 * confirmation email …", "Sarah should be all set …", "… should have received the invite", "Sarah sollte Raum 3 … jetzt in
 * ihrem Kalender sehen". "Should" of advice ("Sarah should ask Alice again", "… should be requested again"), "should not", and
 * an answer or a reply expected ("You should receive an answer from Alice") still ask.
 */
export const EXPECTED_OUTCOMES = 'expected-outcomes';
/**
 * The patch under which an English hedge before what a sentence says asks nothing (`undoneEchoes`' hedgedClaims): "Looks like
 * Sarah has Room 3 on Friday at 2pm", "It seems like …", "Sounds like …", "I would say …", "It would appear …" passed by their
 * "like" and "would"; the other languages' hedges ("parece que", "on dirait que", "看起来", "похоже") were held already.
 */
export const HEDGED_CLAIMS = 'hedged-claims';
/**
 * The patch under which "instead of" another room is taken out with the room it names, so its "instead" no longer passes a
 * sentence that speaks of an undone write (`undoneEchoes`' insteadOf): "Sarah has Room 3 instead of Room 2 on Friday at 2pm",
 * "Sarah ha la sala 3 invece della sala 2 …", "Sarah tem a sala 3 em vez da sala 2 …", "У Сары переговорная 3 вместо
 * переговорной 2 …", "Sarah는 … 2번 회의실 대신 3번 회의실을 사용합니다". Of the write's own room ("Sarah could take Room 2
 * instead of Room 3"), and "instead" alone ("Sarah can use Room 2 instead"), stay as they were.
 */
export const INSTEAD_OF = 'instead-of';
/**
 * The patch under which, of a booking not done, a part that gives it to its person ("…, Sarah has it", "it's now reserved
 * for Sarah", "er ist jetzt für Sarah reserviert", "elle est désormais réservée pour Sarah", "现已为Sarah预留") claims it,
 * though another part says the room is not free ("Room 3 is no longer available on Friday at 2pm") or negates something else:
 * before, a room said free, even negated, passed the sentence (`undoneEchoes`' takenFor). Not where the booking met is theirs.
 */
export const TAKEN_FOR = 'taken-for';
/**
 * The patch under which a step the person must still take toward an undone write says it was not done (`undoneEchoes`'
 * obligedSteps): "Sarah has to book Room 3 on Friday at 2pm herself", "… will have to submit it", "Sarah muss Raum 3 …
 * buchen", "tiene que reservar", "doit réserver", "tem de reservar", "должна забронировать" were held as claims. An
 * obligation, then within a word or two a verb of booking, requesting, asking or trying; not "Sarah just has to get there".
 */
export const OBLIGED_STEPS = 'obliged-steps';
/**
 * The patch under which the person's wish said of an undone write says it was not done (`undoneEchoes`' wishesSaid):
 * "Sarah wants Room 3 on Friday at 2pm", "Sarah wanted …", "Sarah voulait la salle 3 …", "Sarah quería …", "Сара хотела …"
 * were held as claims; not after "as" or "everything" ("as she wanted"). And everything the person needed or wanted, said
 * had ("Sarah has everything she needs: Room 3 at 2pm"), is the thing requested said met, as since requested-met.
 */
export const WISHES_SAID = 'wishes-said';
/**
 * The patch under which, of a booking not done, "again" (and "once more", "wieder", "otra vez", "de nouveau", "di nuovo",
 * "de novo", "снова") in a part that names its person and its room, day or hour no longer says it was not done ("Sarah has
 * Room 3 on Friday at 2pm again"), as "still" has not since still-held; "Once again, …" supposes nothing; and a first try
 * said to have worked ("… booked on the first try") tries nothing (`undoneEchoes`' againHeld).
 */
export const AGAIN_HELD = 'again-held';
/**
 * The patch under which the other people of a meeting ("the other attendees", "die anderen Teilnehmer", "les autres
 * participants", "gli altri partecipanti", "os outros participantes") are no other room or way: "Sarah and the other attendees
 * have Room 3 on Friday at 2pm" passed by its "other" (`undoneEchoes`' otherPeople).
 */
export const OTHER_PEOPLE = 'other-people';
/**
 * The patch under which, of a booking not done, a part that names its room, day or hour and gives it to a pronoun ("Sarah
 * won't need another room: she has Room 3 on Friday at 2pm", "…: Sie hat Raum 3 …", "…: elle a la salle 3 …", "…: Room 3 is
 * hers", and with the pronoun unsaid "…: tiene la sala 3 …", "…: ha la sala 3 …"), where another part names its person, claims it as taken-for reads a part that names them; before, the other
 * part's negation passed the sentence (`undoneEchoes`' pronounHolds).
 */
export const PRONOUN_HOLDS = 'pronoun-holds';
/**
 * The patch under which a record's label that only names an undone write ("Room 3 · Friday 14:00 · Sarah", "- When: Friday
 * 14:00–15:00", "Request: Room 3, Friday 2pm, Sarah.") claims nothing where what follows it gives its status as not done
 * and nothing else ("Status: rejected", "Outcome: not booked (Alice rejected it)", "Room 3 (Friday, 2pm, Sarah): not booked"):
 * such honest records were held. A check mark makes it no label, a status of another room or time is not its status, and a
 * cross mark ("❌") says not done as "not" does (`undoneEchoes`' labelsRead).
 */
export const LABELS_READ = 'labels-read';
/**
 * The patch under which, of a booking not done that met no one's booking, "still" and "again" said with a third person's
 * pronoun are read out of its part as they are with the person's name since still-held and again-held ("She still has
 * Room 3 on Friday at 2pm", "She has Room 3 … again", "Elle a de nouveau la salle 3 …", "Ella sigue teniendo la sala 3 …",
 * "Она снова получила …", "她仍然有3号会议室"): before, they said it was not done, and the sentence passed. Russian
 * "попросить" asks as "ask" does ("Она снова попросит …" was held), and "unavailable" ("indisponible", "недоступна") says
 * not done as "not available" does (`undoneEchoes`' pronounStill).
 */
export const PRONOUN_STILL = 'pronoun-still';
/**
 * The patch under which the verb of having with no subject, after "still" or "again" or (Italian) before them, stands for
 * the person as "Ha la sala 3 …" and "Tiene todavía …" did since pronoun-still: "Ha ancora la sala 3 venerdì alle 14",
 * "Ha di nuovo la sala 3 …", "Ainda tem a sala 3 …", "Todavía tiene la sala 3 …" passed after a booking not done, their
 * "still" or "again" saying it was not (`undoneEchoes`' proDropAdverbs).
 */
export const PRO_DROP_ADVERBS = 'pro-drop-adverbs';
/**
 * The patch under which, of a booking or move of this turn that met someone's booking, a sentence that names that
 * booking's holder and not the write's person ("Alice has Room 3 on Friday at 2pm", or to Alice, whose it is, "You
 * already have Room 3 then") relays it, whatever its verb (`undoneEchoes`' holdersMet). Before, only one that said the
 * room booked ("booked by Alice") did; "Alice has Room 3 …" was held as the write spoken of as done.
 */
export const HOLDERS_MET = 'holders-met';
/**
 * The patch under which, where nothing was done and the write met no booking, a short sentence naming nothing that says
 * the booking is in, or was put in, a calendar ("It's in the calendar.", "Added to your calendar!", "Steht im Kalender.",
 * "Ya está en el calendario.", "C'est dans l'agenda.") is a claim of it, as "It's booked!" is since bare-booked
 * (`undoneEchoes`' calendarSaid). Before, it reached the user.
 */
export const CALENDAR_SAID = 'calendar-said';
/**
 * The patch under which the write said only tried by the speaker, then a contrast whose rest does not name the person
 * ("I tried to book Room 3 for Sarah on Friday at 2pm, but it's already taken", "…, but Alice already has it", "Ich habe
 * versucht, Raum 3 … zu buchen, aber …", "Intenté reservar la sala 3 …, pero …"), says it was not done, unless the
 * sentence says it worked (`undoneEchoes`' attemptsSaid). Before, such a sentence, naming the person and the room said
 * booked, was held as the write spoken of as done.
 */
export const ATTEMPTS_SAID = 'attempts-said';
/**
 * The patch under which a sentence that cites a page the turn retrieved no longer passes where it names the write's person
 * and its stretch with a day or a time ("Sarah has Room 3 on Friday at 2pm (rooms.pdf p.1)": a page written to say so, or
 * a model that cites one beside its claim); a document does not book rooms (`undoneEchoes`' citedWrites). Before, any
 * sentence citing a retrieved page spoke for the documents and passed.
 */
export const CITED_WRITES = 'cited-writes';
/**
 * The patch under which a sentence that cites a page the turn retrieved no longer passes where a clause of it speaks to
 * the asker or of someone by a pronoun ("you", "your", "Sie", "she", "elle", "あなた") and names the write's day or time
 * ("You have Room 3 on Friday at 2pm (policy.pdf p.1)", "According to policy.pdf, she has Room 3 on Friday at 2pm");
 * before, only a sentence naming the write's person was read (`undoneEchoes`' citedPersons).
 */
export const CITED_PERSONS = 'cited-persons';
/**
 * The patch under which the approver's refusal said in verbs and tenses the failure words lacked ("Bob disapproved Room 3
 * …", "Bob lehnte Raum 3 … ab", "Bob negó la sala 3 …", "Bob rifiutò …", "Bob recusou / rejeitou …", "afgekeurd",
 * "Bob否决了…") says the write was not done (`undoneEchoes`' refusalsSaid); before, such an honest relay of a rejection
 * was held as the write spoken of as done.
 */
export const REFUSALS_SAID = 'refusals-said';
/**
 * The patch under which advice that presumes the write done asks nothing ("Sarah should head to Room 3 at 2pm", "… should
 * bring the slides to Room 3 …", "Sarah sollte am Freitag um 14 Uhr in Raum 3 sein"), nor a step said no longer needed
 * ("There is nothing more Sarah needs to do for Room 3 …", "Sarah no longer needs to look for a room: Room 3 …")
 * (`undoneEchoes`' presumedSteps); before, their "should", "need" or "noch" passed such a sentence.
 */
export const PRESUMED_STEPS = 'presumed-steps';
/**
 * The patch under which the attempt told without the speaker ("Tried to book Room 3 …, but Alice has it", "The assistant
 * tried …", "My attempt to book Room 3 … ran into Alice's booking") says the write was not done as attempts-said reads
 * the speaker's; and the write that "timed out", or its person said "roomless", says so too (`undoneEchoes`' attemptsTold).
 * Before, each was held as the write spoken of as done.
 */
export const ATTEMPTS_TOLD = 'attempts-told';
/**
 * The patch under which a search for a room said over by two negations ("Sarah is no longer roomless: Room 3 …", "… not
 * without a room", "Sarah doesn't need to look any further: Room 3 …", "Sarah muss nicht mehr suchen", "Sarah n'est plus
 * sans salle") says the write was done (`undoneEchoes`' searchEnded); before, its negation passed the sentence.
 */
export const SEARCH_ENDED = 'search-ended';
/**
 * The patch under which the approval said in more idioms ("Bob gave the thumbs up.", "Bob OK'd the booking.", "Bob hat grünes
 * Licht gegeben.", "Bob dio luz verde.", "Bob a donné son feu vert.", "Bob ha dato il via libera.", "Bob deu sinal verde.",
 * "Bob gaf groen licht.") is a claim of an approval where no write was approved, and "done" in more ("It's a go.", "Nailed
 * it!", "Geht klar!", "C'est bon !") where nothing was done (`undoneEchoes`' approvalIdioms).
 */
export const APPROVAL_IDIOMS = 'approval-idioms';
/**
 * The patch under which everyone else said unable to have the room ("Nobody else can book Room 3 on Friday at 2pm now.",
 * "Niemand sonst kann Raum 3 … buchen.", "Nadie más podrá reservar la sala 3 …", "Personne d'autre ne pourra réserver …")
 * says it booked (`undoneEchoes`' othersBarred): a claim where nothing was booked, a relay where the write met a booking
 * there. Before, its "nobody" passed the sentence as a negation.
 */
export const OTHERS_BARRED = 'others-barred';
/**
 * The patch under which, where nothing was done and the booking was not, and the answer nowhere relays the write, what
 * presumes the booking had is a claim of it (`undoneEchoes`' presumedAfter): a closer naming no room or time ("See you
 * there!", "Enjoy the meeting!", "Bonne réunion !", "会议愉快！"), the booking said not needed again ("There's no need to
 * book Room 3 again", "Sarah muss Raum 3 nicht noch einmal buchen"), a reminder to cancel it later ("Don't forget to cancel
 * Room 3 if Sarah's plans change") or where to find it ("You'll receive a calendar invite shortly"). Before, each passed:
 * it named nothing of the write, or its "no", "don't" or "if" passed it.
 */
export const PRESUMED_AFTER = 'presumed-after';
/**
 * The patch under which, after a cancellation or a move not done where nothing was done, what presumes it done is a claim of
 * it (`undoneEchoes`' presumedUndone): the change said not needed again ("No need to cancel it again", "Du musst Raum 3 nicht
 * noch einmal stornieren", "No need to move it again"), what will come of it ("You'll receive a cancellation confirmation
 * shortly", "You'll get an updated invite"), and a move said done in a word alone ("Relocated!", "Switched!"). Before, each
 * passed: its "no" or "don't" negated it, or no reading knew the word.
 */
export const PRESUMED_UNDONE = 'presumed-undone';
/**
 * The patch under which leave given to pass a write not done on is read without its "you can" (`undoneEchoes`'
 * tellingsHeld): "You can tell Sarah that Room 3 is ready", "You can let Sarah know she has Room 3 at 2pm", "Du kannst
 * Sarah sagen, dass Raum 3 bereit ist", "Puedes decirle a Sarah que la sala 3 está lista" claim it. Before, its "can" made
 * it an offer, and it passed.
 */
export const TELLINGS_HELD = 'tellings-held';
/**
 * The patch under which, where the question asked for a booking ("Book room 3 for Sarah at 2pm") and the turn tried
 * no write, only read a room's times (or none at all: then of the rooms the question names), a sentence that speaks
 * of a booking of a stretch it read as done ("Sarah's all set in Room 3 on Friday at 2pm", "Room 3 is Sarah's from 2
 * to 3", "サラさんの会議室3を確保しました") is a write claim, read as a sentence after a write not done is (every reading
 * of `undoneEchoes`, the person the question named as the write's); and where it asked for a cancellation ("Cancel
 * Alice's booking …"), one that says a booking it read gone ("Alice no longer has Room 3 at 10am"). A room said free,
 * said booked but not for the person, the check relayed ("I checked…", "no bookings"), the write offered ("I'll book
 * it once you confirm"), another room, or the holder of a booking read named ("Alice has Room 3 at 2pm") is none.
 * Before, those claims were found only by their verbs and nouns (`asksToBook`, `asksToCancel`, `askedFor`).
 */
export const UNTRIED_WRITES = 'untried-writes';
/**
 * The patch under which a question that asks for a room with no verb of booking ("Can Sarah have Room 3 at 2pm?", "I need
 * Room 3 tomorrow", "Put Sarah in Room 3", "Ich brauche Raum 3", "给Sarah安排3号会议室"; `asksForRoom`) asks for a booking as
 * one with a verb of booking does (untried-writes): where the turn tried none, "Room 3 is Sarah's at 2pm" is held. Before,
 * only a verb of booking made a question ask for one.
 */
export const ROOM_REQUESTS = 'room-requests';
/**
 * The patch under which a question that asks for a booking to be cancelled with no verb of cancelling ("Free up Room 3 at
 * 2pm", "I don't need Room 3 anymore", "Gib Raum 3 frei", "Libera la sala 3", "Мне больше не нужна переговорная 3",
 * "退掉3号会议室"; `asksToFree`) asks for the cancellation as one with a verb of cancelling does (untried-writes): where the
 * turn cancelled nothing, "Alice no longer has Room 3 at 10am" is held. Before, only a verb of cancelling asked for one.
 */
export const CANCEL_REQUESTS = 'cancel-requests';
/**
 * The patch under which a question that asks for a room by its name alone, with no word for a room ("Can Sarah have Focus
 * A at 2pm?", "I need the Boardroom tomorrow", "Kann Sarah Focus A haben?"; `withRoomWords`, the names the conversation
 * has seen), asks for a booking as room-requests reads one asked with a word for a room: where the turn tried none, "Done!"
 * and "Sarah's all set in Focus A at 2pm" are held as a booking no receipt backs. Before, such a question asked for none,
 * and a bare "Done!" after a check reached the user.
 */
export const NAMED_ROOMS_ASKED = 'named-rooms-asked';
/**
 * The patch under which, where the question asked for no write and the turn tried none, a sentence that says someone
 * holds a stretch the turn read free ("Sarah has Room 3 at 2pm", "No — Room 3 is Sarah's at 2pm", "Alice is in Room 3
 * at 2pm", "Raum 3 gehört um 14 Uhr Sarah") is a claim of a booking there, which the reads judge (they found none):
 * read as after a booking asked for and never tried (untried-writes), for no one. Before, only a booking said booked
 * or taken was; a holder named passed. At most HELD_FREE_MAX stretches read free are read so.
 */
export const HOLDERS_READ = 'holders-read';
const HELD_FREE_MAX = 12;
/** A booking the turn knows of, as whose it is judged (holders-named, holders-known): its room, stretch, and whom it is for. */
interface KnownBooking {
  roomName: string;
  start: string;
  end: string;
  bookedFor: string;
  bookingId?: string;
  /** The asker's, whomever it is for (a write of this turn they asked for and own: writes-whose). */
  mine?: boolean;
}
/**
 * The patch under which, where the question asked for no write and the turn tried none, a sentence that says a stretch
 * the turn read booked is someone else's than whose it read it ("Yes, Sarah has Room 3 at 2pm", "Room 3 is booked for
 * Sarah at 2pm", to Bob "You have Room 3 at 2pm", where it read Alice's booking) is a claim of a booking there that the
 * read contradicts (`wrongHolders`, domain/holder-words.ts): the people it may name are those the turn read holding a
 * booking, those the question names, those the answer says hold one ("No, John has it") and the asker ("you"; a booking
 * the asker asked for someone else, that a listing marked theirs, is theirs). Before, a booking said there passed whoever
 * it was said to be for. At most HELD_FREE_MAX stretches read booked are read so.
 */
export const HOLDERS_NAMED = 'holders-named';
/**
 * The patch under which the same holds where the turn tried a write, or the question asked for one (`HOLDERS_NAMED` read
 * only turns that did neither): a sentence that says a booking the turn knows of is someone else's than whose it is
 * ("Room 3 is already booked by Bob on Friday at 2pm" where the write met Alice's booking; "Bob still has Room 3" after the
 * cancellation of Alice's booking was rejected) is a claim of a booking there that what the turn found contradicts. The
 * bookings it knows of: those its reads found, those its writes met, and those a change or cancellation not done left
 * where they were; none its own writes changed. A sentence the readings of a write not done (or never tried) already hold
 * stays held as that. Before, such a sentence passed whoever it named.
 */
export const HOLDERS_KNOWN = 'holders-known';
/**
 * The patch under which the bookings the turn's own writes made or moved are among those whose holder the answer is held
 * to (`HOLDERS_KNOWN`; before, its own writes were left out): "I booked Room 3 for Tom", "Room 3 is now booked for Tom",
 * "Ich habe Raum 3 für Tom gebucht" after the turn booked it for Sarah are held ("this turn read it booked for Sarah, and
 * no one else"); "for Sarah", "for you" to Sarah, and a word of the booking's title after "for" stand.
 */
export const WRITES_WHOSE = 'writes-whose';
/**
 * The patch under which the bookings the turn's own cancellations took away are among those whose holder the answer is held to
 * too (`HOLDERS_KNOWN`, as `WRITES_WHOSE` added those its writes made or moved): "I cancelled Tom's booking of Room 3", "Tom's
 * Room 3 booking is cancelled", "He cancelado la reserva de Tom" after the turn cancelled Alice's are held ("this turn read it
 * booked for alice, and no one else"); "I cancelled Alice's booking", and to Alice "your booking", stand. Before, whose booking a
 * cancellation was said to take away was not judged.
 */
export const CANCELS_WHOSE = 'cancels-whose';
/**
 * The patch under which, after a move not done, "instead" no longer passes a sentence that speaks of it ("Sarah will
 * now meet in Room 3 on Friday at 2pm instead", "stattdessen"); the booking said where it is, and nothing of where it
 * would have gone ("Sarah's meeting is in Room 2 on Friday at 2pm, as before", "Sarah keeps Room 2 …"), relays it,
 * where it was sent back; and said to have left it ("moved out of Room 2", "no longer in Room 2") claims the move
 * (`undoneEchoes`' movesRead).
 */
export const MOVES_READ = 'moves-read';
/**
 * The patch under which identifiers state no day or time: a true "I booked Room 3 (receipt bk_36bcc1feb0b2ab0c)"
 * was held as saying 1 February, which the receipt's hex spells ("…1feb…"; about 1 receipt in 250).
 */
export const IDS_UNREAD = 'ids-unread';
/**
 * The patch under which a month and its day ending a sentence name that day (`JudgeOptions.datesAtStops`): "I booked Room 3
 * for Sarah at 2pm on January 16." after a booking of 2pm on 15 January is held, as is "Room 3 is free at 2pm on Jan 16." after
 * a check of the 15th. Before, the full stop after the day left the claim naming no day (a dot after it was read as a
 * figure's, "Dec 11.30"), and the receipt or the check of another day backed it.
 */
export const DATES_AT_STOPS = 'dates-at-stops';
/**
 * The patch under which a part of the day said alone in a write claim is held to the receipt (`JudgeOptions.dayParts`,
 * `partsAlone`): "I booked Room 3 for Sarah on Friday morning", "… vendredi soir", "… am Freitagvormittag", "周五上午" after
 * a booking of 14:00–15:00 that Friday are held; "on Friday afternoon" stands. Before, such a claim stated no time, and
 * the receipt backed it.
 */
export const DAY_PARTS = 'day-parts';
/**
 * The patch under which a part of the day said alone in a claim that a room is free or booked is held to the reads of the
 * room (`JudgeOptions.partsRead`): "Room 3 is free on Friday morning" after a check of its 14:00–15:00 only (nothing read in
 * the morning), or one that read the morning booked, and "Sarah has Room 3 on Friday morning", "Raum 3 ist am Vormittag
 * belegt" where no booking read of the room touches the morning, are held; "free this afternoon" where a free stretch of the
 * afternoon was read, and a booking said in a part of the day one read touches, stand. Before, such a claim stated no time:
 * a free room was judged by what was asked of it, and a booking said with no time not at all. Under it, a part of the day is
 * read in more forms, in a write claim too ("venerdì mattina", "questa sera", "Freitag Nachmittag" in two words), which
 * `day-parts` did not read.
 */
export const PARTS_READ = 'parts-read';
/**
 * The patch under which clock times are read in more forms (`JudgeOptions.zones`, `moreClockFormsRead`): "at 1600", "1600
 * hours", "at 16.00", "half four", "4ish", "16 o'clock", "sixteen hundred"; and a time said in another time zone than the
 * workspace's ("2pm EST", "14:00 CET", "2pm GMT+2", "15:00 Europe/Berlin") on the workspace's clock. "I booked Room 3 for
 * Sarah at 1600" or "… at 2pm EST" after a booking of 14:00 UTC is held; "… at 3pm CET" stands. Before, the first stated no
 * time and the receipt backed it, and the second was read as 14:00 on the workspace's clock.
 */
export const CLOCK_ZONES = 'clock-zones';
/**
 * The patch under which a room a claim names that nothing of the turn backs is held (`JudgeOptions.roomsUnbacked`): a
 * booking said with no clock time in a room no read looked at, or on a day no read of it touches ("Room 2 is booked for
 * Tom", "Room 3 is booked on Saturday" after the turn's own booking of Friday), and a room joined to a write claim's as
 * written too that no receipt is of ("I booked Room 3 for Sarah and Room 2 for Tom", "Ich habe Raum 3 und Raum 2 gebucht",
 * "3号会议室和2号会议室" after one booking of Room 3). Before, a booking said with no time was not held to the reads, and a
 * write claim naming its receipt's room beside another passed; "instead of Room 2", "not Room 2", "since Room 2 is
 * smaller" stand.
 */
export const ROOMS_UNBACKED = 'rooms-unbacked';
/**
 * The patch under which a range of the clock said booked is held to every part of it: "Room 3 is now booked for Sarah
 * from 4 to 6pm" after the turn's own booking of 16:00–17:00 is held (no booking read holds 17:00–18:00), as is "Room 3
 * is booked from 1 to 3pm" after a check that found 13:00–14:00 free. Before, a range that touched a booking read passed
 * whole (`JudgeOptions.bookedThroughout`).
 */
export const BOOKED_THROUGHOUT = 'booked-throughout';
/**
 * The patch under which a room said to be someone's at a time is a claim of a booking there (domain/holding-words.ts):
 * "Sarah has Room 3 from 2 to 4pm" after the turn's own booking of 14:00–15:00 is held (no booking read holds
 * 15:00–16:00), as are "You have Room 3 on Friday at 1pm" after a check that found it free, "Sarah hat Raum 3 von 14 bis
 * 16 Uhr" and "Room 3: Sarah, Friday 14:00–16:00". Before, the words read no claim in them: only a verifier that listed one held it.
 */
export const HOLDINGS_SAID = 'holdings-said';
/**
 * The patch under which a time with a length said with it is the stretch that long (`JudgeOptions.durations`): "I booked
 * Room 3 for Sarah at 2pm for two hours" after a booking of 14:00–15:00 is held (the receipt is of one hour), as is "Room 3
 * is free at 2pm for two hours" after a check that found 15:00–16:00 booked. Before, such a claim stated 14:00 alone.
 */
export const DURATIONS_READ = 'durations-read';
/**
 * The patch under which a length set off from its time by a comma, ending its clause, makes it a stretch too
 * (`JudgeOptions.durations: 'apart'`): "I booked Room 3 for Sarah at 2pm, for two hours." after a booking of 14:00–15:00
 * is held. Before, the comma left 14:00 alone, which the receipt backs.
 */
export const DURATIONS_APART = 'durations-apart';
/**
 * The patch under which clock times in more forms are read (`JudgeOptions.clockForms`, `clockFormsRead`): "I booked Room 3
 * for Sarah at 4 o'clock", "Sarah has Room 3 from noon to 3pm", "… um 16.00 Uhr gebucht", "… à 16 heures", "… om 16 uur",
 * "Sarah has Room 3 all afternoon" after a booking of 14:00–15:00 are held; "… de 2 a 3 de la tarde" stands. Before, such a claim stated no time (a
 * write's receipt backed it), or "de la tarde" was not read and "de 2 a 3" was 02:00–03:00.
 */
export const CLOCK_FORMS = 'clock-forms';
/**
 * The patch under which hours with no mark are read where words make them a time (`JudgeOptions.clockForms: 'unmarked'`,
 * `unmarkedHoursRead`), and an hour of 1 to 7 with no am or pm in the afternoon (`afternoonHours`): "I booked Room 3 for
 * Sarah at 4", "… from 2 to 4", "… between two and four", "… from 2pm to 4", "… um 16 gebucht", "… om vier geboekt",
 * "我已为Sarah预订了4点的3号会议室", "… в 16 часов" after a
 * booking of 14:00–15:00 are held; "… at 2:30" after one of 14:30 stands. Before, such a claim stated no time (the receipt
 * backed it), and "at 2:30" was 02:30.
 */
export const UNMARKED_HOURS = 'unmarked-hours';
/**
 * The patch under which a booking said to repeat is backed by nothing (`Backing.recurrence`, `repeatsSaid`): "I booked Room
 * 3 for Sarah every Friday at 2pm" after a booking of one Friday is held, as are "Sarah has Room 3 on Fridays at 2pm",
 * "Raum 3 ist jeden Freitag um 14 Uhr gebucht" and "我为Sarah预订了每周五下午2点的3号会议室". Before, such a claim was judged as its one day.
 */
export const RECURRENCE_READ = 'recurrence-read';
/**
 * The patch under which a supposition of why it is said, or of memory, takes no repetition back (`Backing.recurrence:
 * 'idle-ifs'`): "If you're wondering, I booked Room 3 for Sarah every Friday at 2pm", "Por si te lo preguntas, …
 * todos los viernes …" after a booking of one Friday are held. Before, its "if" made it a supposition.
 */
export const RECURRENCE_IDLE_IFS = 'recurrence-idle-ifs';
/** The patch under which a Japanese question written in kanji alone ("明日15時会議室2予約") gets what the system says in Japanese (Chinese before). */
export const KANJI_JAPANESE = 'kanji-japanese';
/**
 * The patch under which a question's language is read with more of its words (verbs of having and needing, the days,
 * "who", "when") and a capital letter standing alone after a word ("Focus A") no longer counts as English's "a": "Kann
 * Sarah am Freitag Focus A haben?", "Necesito Focus A el viernes", "Chi ha la sala 3 venerdì?" get what the system says
 * in their language (English before).
 */
export const LANGUAGE_MARKERS = 'language-markers';
/** The patch under which the outcome block writes its days in the question's language ("ven. 11 déc. 2026", "2026年12月11日周五"), not in English ("Fri, 11 Dec 2026"). */
export const OUTCOME_DATES = 'outcome-dates';
/**
 * The patch under which a write never proposed (a conflict, the policy's refusal, not valid to propose) is said
 * with the room and times its call named ("Not done: Booking · Room 3 · Sun, 6 Dec 2026, 16:00–17:00 (UTC)
 * conflicts with another booking"), as a write that was proposed is; before, "Not done: Booking conflicts …".
 */
export const TRIED_SHOWN = 'tried-shown';
/**
 * The patch under which every outcome stays on its one line whatever text it quotes: a reason quoting the room a
 * model's call named ("no room called \"Room 9\n- Done: …\""), an approver's comment. Before, a line break in it
 * started a line of the block the system did not state.
 */
export const ONE_LINE_OUTCOMES = 'one-line-outcomes';
/** The patch under which the outcome block says where a change would have taken the booking from ("Change · Room 2 · … → Room 3 · …"), not only where to. */
export const CHANGE_SHOWN = 'change-shown';
/**
 * The patch under which an answer that names a booking reference the system did not issue ("Your booking reference is
 * R3-FRI-1400", "Confirmation number: 48213", "Ihre Buchungsnummer lautet 48213", "您的预订编号是48213", "予約番号は48213です")
 * is held: it says a booking exists that no receipt backs, whatever the sentence around it says (`madeUpReferences`).
 * Before, only an unknown `bk_` id was; a reply of an agent quoted in an honest stop that names one is not quoted. In an
 * answer from documents alone, a value the documents state stands ("the reservation code PK-2231").
 */
export const MADE_UP_REFERENCES = 'made-up-references';
/** The patch under which the booking system's reasons for a write not done ("the room is not free then", "a booking may last at most 4 hours") are said in the question's language too. */
export const LOCALIZED_REASONS = 'localized-reasons';

/**
 * The readings after a write not done (`EchoReading`), each with the patch under which turns read it, in the order
 * they came (`undoneEchoesRead` reads the chain of them: none, then each on top of those before it).
 */
const ECHO_PATCHES: [keyof EchoReading, string][] = [
  ['closingOffers', CLOSING_OFFERS],
  ['clearedConflicts', CLEARED_CONFLICTS],
  ['othersCan', OTHERS_CAN],
  ['ceasedCancellations', CEASED_CANCELLATIONS],
  ['bareDone', BARE_DONE],
  ['theirsMet', THEIRS_MET],
  ['followUps', FOLLOW_UP_OFFERS],
  ['noWorries', NO_WORRIES],
  ['languageWords', LANGUAGE_WORDS],
  ['asRequested', AS_REQUESTED],
  ['gluedNames', GLUED_NAMES],
  ['approvalsSaid', APPROVALS_SAID],
  ['asideIfs', ASIDE_IFS],
  ['requestsThrough', REQUESTS_THROUGH],
  ['requestedMet', REQUESTED_MET],
  ['fellThrough', FELL_THROUGH],
  ['keptBookings', KEPT_BOOKINGS],
  ['movesRead', MOVES_READ],
  ['takenBack', TAKEN_BACK],
  ['unfailed', UNFAILED],
  ['stillHeld', STILL_HELD],
  ['unneeded', UNNEEDED],
  ['freedSaid', FREED_SAID],
  ['bareBooked', BARE_BOOKED],
  ['figureEnds', FIGURE_ENDS],
  ['idleIfs', IDLE_IFS],
  ['overcomeFailures', OVERCOME_FAILURES],
  ['figureQuestions', FIGURE_QUESTIONS],
  ['expectedOutcomes', EXPECTED_OUTCOMES],
  ['hedgedClaims', HEDGED_CLAIMS],
  ['insteadOf', INSTEAD_OF],
  ['takenFor', TAKEN_FOR],
  ['obligedSteps', OBLIGED_STEPS],
  ['wishesSaid', WISHES_SAID],
  ['againHeld', AGAIN_HELD],
  ['otherPeople', OTHER_PEOPLE],
  ['pronounHolds', PRONOUN_HOLDS],
  ['labelsRead', LABELS_READ],
  ['pronounStill', PRONOUN_STILL],
  ['proDropAdverbs', PRO_DROP_ADVERBS],
  ['holdersMet', HOLDERS_MET],
  ['calendarSaid', CALENDAR_SAID],
  ['attemptsSaid', ATTEMPTS_SAID],
  ['citedWrites', CITED_WRITES],
  ['citedPersons', CITED_PERSONS],
  ['refusalsSaid', REFUSALS_SAID],
  ['moreStates', STATE_WORDS],
  ['presumedSteps', PRESUMED_STEPS],
  ['attemptsTold', ATTEMPTS_TOLD],
  ['searchEnded', SEARCH_ENDED],
  ['approvalIdioms', APPROVAL_IDIOMS],
  ['othersBarred', OTHERS_BARRED],
  ['presumedAfter', PRESUMED_AFTER],
  ['presumedUndone', PRESUMED_UNDONE],
  ['tellingsHeld', TELLINGS_HELD],
];

/**
 * The question's language, for what the system says. A turn records a patch's marker only where the
 * patch changes it: turns from before read the Latin alphabet's words alone, for English, German,
 * Spanish and French; `outcome-scripts` reads the scripts; `outcome-it-pt`, Italian and Portuguese;
 * `kanji-japanese`, Japanese written in kanji alone; `language-markers`, more of each language's words.
 */
export function questionLanguage(question: string): OutcomeLanguage {
  const since: [OutcomeLanguage, string][] = [
    [detectLanguage(question, { scripts: true }), OUTCOME_SCRIPTS],
    [detectLanguage(question, { scripts: true, italianPortuguese: true }), OUTCOME_IT_PT],
    [detectLanguage(question, { scripts: true, italianPortuguese: true, kanji: true }), KANJI_JAPANESE],
    [detectLanguage(question, { scripts: true, italianPortuguese: true, kanji: true, markers: true }), LANGUAGE_MARKERS],
  ];
  let lang = detectLanguage(question);
  for (const [next, patch] of since) if (next !== lang && patched(patch)) lang = next;
  return lang;
}

export type GuardContext = Parameters<typeof guardAnswer>[1];
/** The checked answer and what the checks did; with `reask`, the answer is not sent and the orchestrator is asked again, told why. */
export interface CheckedAnswer {
  answer: string;
  notes: string[];
  reask?: string;
}

/** Agents whose prose an honest stop may not quote, each with why (the line says it instead), and notes. */
export interface CheckedFindings {
  withheld: Map<string, string>;
  notes: string[];
}

export interface AnswerCheck {
  /** Checks the orchestrator's answer (states the outcomes first). */
  check(answer: string, ctx: GuardContext): Promise<CheckedAnswer>;
  /**
   * Checks the agents' replies an honest stop quotes (`stopFindings`), as an answer is checked: one
   * verifier call over them; a reply with a claim no receipt or read backs, or all of them when the
   * verifier fails, answers badly or the budget is spent, is not quoted. No re-ask: the loop is over.
   */
  checkFindings(findings: AgentOutput[]): Promise<CheckedFindings>;
  /** Sets the turn's outcomes from its approvals and attempts and renders them in the question's language. */
  stateOutcomes(): { lang: OutcomeLanguage; block: string };
  /** Whether the outcomes were stated (turns from before the system stated them replay without). */
  readonly stated: boolean;
}

export function answerCheck(turn: TurnLog, runners: Runners, spend: Spend): AnswerCheck {
  const { input, state } = turn;
  let stated = false;

  // The question's language, told once (its patches' markers are asked for at the first telling, as before).
  let told: OutcomeLanguage | undefined;
  const language = () => (told ??= questionLanguage(input.question));

  function stateOutcomes() {
    stated = true;
    // Turns recorded before ('tried-shown') said a write never proposed without its room and times. Asked only where a write named them.
    const tried = state.attempts.some((t) => t.tried) && patched(TRIED_SHOWN);
    state.outcomes = turnOutcomes(state.approvals, state.attempts, { tried });
    const lang = language();
    // Turns recorded before ('localized-reasons') left the booking system's reasons in English. Asked only where one would change.
    const reasons = state.outcomes.some((o) => o.reason && sayReason(o.reason, lang) !== null) && patched(LOCALIZED_REASONS);
    // Turns recorded before ('outcome-dates') wrote the days in English. Asked only where the days would read otherwise.
    const dates = lang !== 'en' && writingChanges(state.outcomes, lang, input.settings.timezone, {}, 'dates') && patched(OUTCOME_DATES);
    // Turns recorded before ('one-line-outcomes') let quoted text break a line. Asked only where some did.
    const oneLine = writingChanges(state.outcomes, lang, input.settings.timezone, { reasons, dates }, 'oneLine') && patched(ONE_LINE_OUTCOMES);
    // Turns recorded before ('change-shown') named only where a change would take the booking. Asked only where a change says where it was.
    const from = writingChanges(state.outcomes, lang, input.settings.timezone, { reasons, dates, oneLine }, 'from') && patched(CHANGE_SHOWN);
    state.outcomeBlock = renderOutcomes(state.outcomes, lang, input.settings.timezone, { reasons, dates, oneLine, from });
    return { lang, block: state.outcomeBlock };
  }

  // The conversation's earlier turns.
  const prior = () => state.context?.turns ?? [];
  // What this turn and its conversation's earlier turns found (rooms, bookings).
  const allEntities = () => [...state.entities, ...prior().flatMap((t) => t.entities)];
  // Whether the booking agent ran one of `tools` successfully in this turn.
  const bookingToolRan = (tools: string[]) => state.hops.some((h) => h.outputs.some((o) => o.agent === 'booking_agent' && o.toolCalls.some((t) => t.ok && tools.includes(t.name))));

  // Booking reads of this turn or its conversation, which back claims about what is free or booked.
  const earlierReads = () => earlierBookingIds(prior()).length > 0;
  const readBookings = () => bookingToolRan(READ_TOOLS) || earlierReads();

  // Whether a receipt's booking is the asker's, from its approval (the policy's owner check): this turn's
  // approvals, or for an earlier turn's receipt what the context read of its approval.
  const askersReceipt = (r: Receipt & { askers?: boolean }) => state.approvals.find((a) => a.approvalId === r.approvalId)?.details.owner?.requesterOwns ?? r.askers;
  const allReceipts = () => [...state.receipts, ...prior().flatMap((t) => t.receipts)];
  // The ids the system issued that the turn may name: receipts', approvals', and the bookings it or its conversation read.
  const issuedIds = () => [
    ...allReceipts().map((r) => r.bookingId),
    ...state.approvals.flatMap((a) => [a.approvalId, a.details.bookingId ?? '']),
    ...allEntities().filter((e) => e.kind === 'booking').map((e) => e.id),
    ...earlierBookingIds(prior()),
  ];
  // The booking references each of `texts` names that the system did not issue (read since 'made-up-references'); a
  // reference said without saying of what is the write's where the turn tried one.
  // What the documents said in a turn that answers from them alone: the knowledge base's replies and the openings of the
  // passages they cited (a reference a document states, "the reservation code PK-2231", is relayed, not made up). Where a
  // booking agent ran, a reference is the system's to issue, whatever a document says.
  const documentsSaid = () => {
    if (!answersFromDocuments(state.hops)) return '';
    const replies = state.hops.flatMap((h) => h.outputs).filter((o) => o.agent === 'knowledge_base_agent');
    return replies.flatMap((o) => [o.text, ...o.sources.map((x) => x.snippet)]).join('\n');
  };
  const madeUp = (texts: string[]): string[][] => {
    const opts = { known: issuedIds(), wrote: writeTried(), documents: documentsSaid() };
    return texts.map((text) => madeUpReferences(text, opts));
  };

  // A booking of the person asking was read (a listing or a conflict showed one of theirs; a booking seen
  // before identities were recorded may be), or the conversation holds a receipt of a booking that may be theirs.
  const askersBookingRead = () =>
    allEntities().some((e) => e.kind === 'booking' && e.mine !== false) ||
    allReceipts().some((r) => askersReceipt(r) !== false);

  // What is free is read again in each turn: a check of availability or of the bookings in this turn, or
  // the booking system's answer to a write this turn attempted (a conflict names the free slots).
  const availabilityRead = () => state.outcomes.length > 0 || bookingToolRan(AVAILABILITY_TOOLS);
  // Whether the turn called a write tool at all (proposed, refused or invalid).
  const writeTried = () => state.outcomes.length > 0 || state.hops.some((h) => h.outputs.some((o) => o.toolCalls.some((t) => isWriteTool(t.name))));

  // What the turn's booking reads found of rooms' times (checks, free slots, a day's listing).
  const timesRead = () => state.hops.flatMap((h) => h.outputs.flatMap((o) => o.calendar?.times ?? []));
  // What this turn's writes left, as the booking system's word after each (`RoomTime.written`): a booking
  // made or moved is its room booked over the receipt's stretch; a cancelled one, its stretch free; the
  // stretch a move left, free where the booking's new one does not overlap it. No booking id: what was read
  // of a booking this turn changed no longer holds (`changed`), but what its receipt says does.
  const writtenTimes = (): RoomTime[] =>
    state.receipts.flatMap((r): RoomTime[] => {
      const at = { roomId: r.roomId, roomName: r.roomName, start: r.startsAt, end: r.endsAt, written: true as const };
      if (r.kind === 'booking.cancelled') return [{ ...at, state: 'free' }];
      const left = r.kind === 'booking.updated' ? state.approvals.find((a) => a.approvalId === r.approvalId)?.details.current : undefined;
      const apart = left && (left.roomName !== r.roomName || Date.parse(left.endsAt) <= Date.parse(r.startsAt) || Date.parse(left.startsAt) >= Date.parse(r.endsAt));
      return [{ ...at, state: 'booked' }, ...(left && apart ? [{ roomId: '', roomName: left.roomName, start: left.startsAt, end: left.endsAt, state: 'free' as const, written: true as const }] : [])];
    });
  // Whether the turn's writes were read as reads ('writes-read'), once a judgement asked it.
  let writesRead = false;
  // The stretches claims were judged against: the reads', and the writes' where they were read.
  const timesJudged = () => (writesRead ? [...timesRead(), ...writtenTimes()] : timesRead());
  // Every write the turn tried was committed: no conflict, refusal, rejection or invalid call told the model of a booking no read shows.
  const writesAllCommitted = () =>
    state.outcomes.length > 0 &&
    state.outcomes.every((o) => o.kind === 'committed') &&
    state.hops.every((h) => h.outputs.every((o) => o.toolCalls.every((t) => !isWriteTool(t.name) || t.ok)));
  // The writes of this turn that were not done, as a sentence may speak of them: those an approval was
  // asked for (rejected, expired, or met a booking, failed or was refused at the commit), by what they
  // would have left; those that met a booking before one was asked, by the bookings they met; and those
  // refused or not valid to propose, by what their call named.
  const undoneWrites = (): UndoneWrite[] => {
    const bookedRead = timesRead().filter((t) => t.state === 'booked' && !t.written);
    const bookedOver = (roomName: string, start: string, end: string) =>
      bookedRead.some((t) => roomKey(t.roomName) === roomKey(roomName) && Date.parse(t.start) < Date.parse(end) && Date.parse(start) < Date.parse(t.end));
    const said = (...texts: (string | null | undefined)[]) => texts.filter((t): t is string => Boolean(t));
    const holders = (met: readonly { bookedFor?: string }[]) => met.flatMap((b) => (b.bookedFor ? [b.bookedFor] : []));
    // One of the bookings it met is the asker's own (holders-met: "You already have Room 3" relays it).
    const askers = (heldBy: readonly string[]) => (input.caller && heldBy.some((h) => owns(input.caller!, { bookedFor: h })) ? { heldByAsker: true } : {});
    // A room's times as the reading compares them.
    const stretchOf = (x: { roomName: string; startsAt: string; endsAt: string }) => ({ roomName: x.roomName, start: x.startsAt, end: x.endsAt });
    const asked = state.outcomes.flatMap((o): UndoneWrite[] => {
      const a = o.kind === 'committed' || o.kind === 'pending' ? undefined : state.approvals.find((x) => x.approvalId === o.approvalId);
      if (!a) return [];
      const d = a.details;
      const stretch = stretchOf(d);
      const heldBy = a.outcome?.outcome === 'conflict' ? holders(a.outcome.conflicts) : [];
      // Approved, then not done at the commit (a booking there, a failure, the policy then).
      const approved = a.status === 'approved';
      // A change's booking as it is, which stays (read since moves-read).
      const current = d.action === 'update' && d.current ? { current: stretchOf(d.current) } : {};
      return [{ kind: WRITTEN_AS[d.action], stretch, bookedFor: d.bookedFor, outcome: o.kind, bookedThen: bookedOver(d.roomName, d.startsAt, d.endsAt), said: said(o.comment, o.reason), heldBy, ...askers(heldBy), approved, ...current }];
    });
    const met = state.attempts.flatMap((t): UndoneWrite[] => {
      if (!t.met) return [];
      const { bookedFor, conflicts } = t.met;
      const heldBy = holders(conflicts);
      return conflicts.map((b) => ({ kind: WRITTEN_AS[t.action], stretch: stretchOf(b), bookedFor, outcome: 'conflict', bookedThen: true, said: said(t.reason), heldBy, ...askers(heldBy) }));
    });
    // Those refused or not valid to propose, by the room and times their call named (a conflict's are those it met, above).
    const tried = state.attempts.flatMap((t): UndoneWrite[] =>
      t.tried && !t.met
        ? [{ kind: WRITTEN_AS[t.action], stretch: stretchOf(t.tried), bookedFor: t.tried.bookedFor, outcome: t.refused ? 'refused' : 'not proposed', bookedThen: false, said: said(t.reason) }]
        : [],
    );
    return [...asked, ...met, ...tried];
  };
  // Where the question asked for a booking and the turn tried none (untried-writes): each stretch it read, free or
  // booked, as a booking of it for the person the question named, never tried; where it read no times at all, each
  // room the question names, at any day or hour of the year ahead. Where it asked for a cancellation: each stretch read.
  // No write tried and none committed: what the readings of a write never tried (untried-writes, holders-read) read against.
  const nothingTried = () => !writeTried() && state.receipts.length === 0;
  // A booking or cancellation of `stretch` for `bookedFor`, never tried.
  const untriedWrite = (kind: UndoneWrite['kind'], stretch: ReceiptDetail, bookedFor: string | null): UndoneWrite => ({ kind, stretch, bookedFor, outcome: 'untried', bookedThen: false, said: [], untried: true });
  // The stretches the turn's reads found, each once, leaving out what its own writes left.
  const distinctReads = (): RoomTime[] => {
    const seen = new Set<string>();
    return timesRead().filter((t) => {
      const key = `${t.state} ${roomKey(t.roomName)} ${t.start} ${t.end}`;
      if (t.written || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const untriedWrites = (names: readonly string[]): UndoneWrite[] => {
    if (!nothingTried()) return [];
    // Since cancel-requests, a cancellation asked for with no verb of cancelling ("Free up Room 3 at 2pm", "I don't need Room 3 anymore") too.
    const cancelling = asksToCancel(input.question) || (asksToFree(input.question) && patched(CANCEL_REQUESTS));
    // Since room-requests, a room asked for with no verb of booking ("Can Sarah have Room 3 at 2pm?") is asked for too.
    const byVerb = cancelling || asksToBook(input.question);
    const roomAsked = !byVerb && asksForRoom(input.question);
    const byRoom = roomAsked && patched(ROOM_REQUESTS);
    // Since named-rooms-asked, a room asked for by its name alone ("Can Sarah have Focus A at 2pm?") too; asked only where
    // the question asks for a room that way and not with a word for one.
    const named = !byVerb && !roomAsked ? withRoomWords(input.question, names) : null;
    const byName = named !== null && named !== input.question && asksForRoom(named) && patched(NAMED_ROOMS_ASKED);
    if (!byVerb && !byRoom && !byName) return [];
    const bookedFor = askedFor(input.question) ?? (byRoom ? roomAskedFor(input.question) : byName ? roomAskedFor(named!) : null);
    const untried = (kind: UndoneWrite['kind'], stretch: ReceiptDetail) => untriedWrite(kind, stretch, bookedFor);
    if (timesRead().length === 0) {
      if (cancelling) return [];
      const now = Date.now();
      const year = { start: new Date(now).toISOString(), end: new Date(now + 366 * 86_400_000).toISOString() };
      return roomsNamed(inLatinTerms(input.question), names).map((roomName) => untried('booked', { roomName, ...year }));
    }
    return distinctReads().map((t): UndoneWrite => {
      const stretch = { roomName: t.roomName, start: t.start, end: t.end };
      const booked = t.state === 'booked';
      // A cancellation: of a booking read, for whom the store has it; of a stretch read free, of nothing ("Alice no longer
      // has Room 3 at 2pm" says there was one).
      if (cancelling) return { ...untried('cancelled', stretch), bookedFor: (booked && t.bookedFor) || null, bookedThen: booked };
      // A booking: a stretch read booked is one it would have met; said booked, or its holder's by name, it is relayed.
      return booked ? { ...untried('booked', stretch), bookedThen: true, heldBy: t.bookedFor ? [t.bookedFor] : [] } : untried('booked', stretch);
    });
  };
  // Where the question asked for no write and the turn tried none (holders-read): each stretch it read free (at most
  // HELD_FREE_MAX), as a booking of it for no one, never made, so that a sentence saying someone holds it ("Sarah has
  // Room 3 at 2pm", "Room 3 is Sarah's") is read as a claim of a booking there, which the reads judge.
  const heldFreeReads = (): UndoneWrite[] => {
    if (!nothingTried()) return [];
    const free = distinctReads().filter((t) => t.state === 'free' && t.roomName);
    if (free.length === 0 || free.length > HELD_FREE_MAX || !patched(HOLDERS_READ)) return [];
    return free.map((t) => untriedWrite('booked', { roomName: t.roomName, start: t.start, end: t.end }, null));
  };
  // The bookings `known` (each with whom it is for) as the answer's words are asked whose they are (holders-named,
  // holders-known): each stretch once, with all whom its bookings are for and whether one of them is the asker's; and the
  // people the answer may name so.
  const holdersOf = (known: readonly KnownBooking[], people: readonly string[], options: HoldersAsked['options'], written: readonly string[] = []): HoldersAsked => {
    const { caller } = input;
    const mine = new Set(allEntities().flatMap((e) => (e.kind === 'booking' && e.mine === true ? [e.id] : [])));
    // The stretches, each once with all whom its bookings read are for (two bookings may share an hour's read).
    const byStretch = new Map<string, HoldersAsked['booked'][number]>();
    for (const k of known) {
      const key = `${roomKey(k.roomName)} ${k.start} ${k.end}`;
      const at = byStretch.get(key) ?? byStretch.set(key, { stretch: { roomName: k.roomName, start: k.start, end: k.end }, holders: [], askers: false }).get(key)!;
      if (!at.holders.includes(k.bookedFor)) at.holders.push(k.bookedFor);
      // The asker's: booked for them, or (a listing marks it) asked for by them for someone else.
      at.askers ||= Boolean(k.mine || (caller && (owns(caller, { bookedFor: k.bookedFor }) || mine.has(k.bookingId ?? ''))));
    }
    // The titles of the bookings read (a word of one after "for" names no one: "booked for Planning").
    const titles = [...new Set([...timesRead().flatMap((t) => (t.title ? [t.title] : [])), ...written])];
    return { booked: [...byStretch.values()], people: [...new Set(people)], asker: caller?.displayName ?? null, question: input.question, ...(titles.length > 0 ? { titles } : {}), options };
  };
  // Everyone the turn's reads found holding a booking.
  const holdersRead = () => timesRead().flatMap((t) => (t.bookedFor?.trim() ? [t.bookedFor] : []));
  // The stretches the turn read booked for someone, each once.
  const bookedReads = (): KnownBooking[] =>
    distinctReads().flatMap((t) => (t.state === 'booked' && t.roomName && t.bookedFor?.trim() ? [{ roomName: t.roomName, start: t.start, end: t.end, bookedFor: t.bookedFor, bookingId: t.bookingId }] : []));
  // Where the question asked for no write and the turn tried none (holders-named; the caller asks only then): each stretch
  // it read booked for someone (at most HELD_FREE_MAX), with whom, so that a sentence saying it is someone else's ("Sarah
  // has Room 3 at 2pm" where the read found Alice's booking) is read as a claim the read contradicts; and the people the
  // answer may name so.
  const heldBookedReads = (options: HoldersAsked['options']): HoldersAsked | null => {
    const booked = bookedReads();
    if (booked.length === 0 || booked.length > HELD_FREE_MAX || !patched(HOLDERS_NAMED)) return null;
    return holdersOf(booked, holdersRead(), options);
  };
  // The bookings the turn knows of, with whom each is for (holders-known): those its reads found, those its writes met,
  // and those a change or cancellation not done left where they were; none whose stretch one of its own writes changed.
  const knownBookings = (): KnownBooking[] => {
    const written = writtenTimes();
    const rewritten = (k: KnownBooking) =>
      written.some((w) => roomKey(w.roomName) === roomKey(k.roomName) && Date.parse(w.start) < Date.parse(k.end) && Date.parse(k.start) < Date.parse(w.end));
    const met = [...state.attempts.flatMap((t) => t.met?.conflicts ?? []), ...state.approvals.flatMap((a) => (a.outcome?.outcome === 'conflict' ? a.outcome.conflicts : []))].map(
      (b: { roomName: string; startsAt: string; endsAt: string; bookedFor?: string; id?: string }): KnownBooking => ({ roomName: b.roomName, start: b.startsAt, end: b.endsAt, bookedFor: b.bookedFor ?? '', ...(b.id ? { bookingId: b.id } : {}) }),
    );
    const kept = state.approvals.flatMap(({ details: d, status, outcome }): KnownBooking[] =>
      d.action !== 'create' && d.current && status !== 'pending' && outcome?.outcome !== 'committed'
        ? [{ roomName: d.current.roomName, start: d.current.startsAt, end: d.current.endsAt, bookedFor: d.bookedFor, ...(d.bookingId ? { bookingId: d.bookingId } : {}) }]
        : [],
    );
    return [...bookedReads(), ...met, ...kept].filter((k) => k.roomName && k.bookedFor.trim() && !rewritten(k));
  };
  // Where the turn tried a write or the question asked for one (holders-known): the bookings it knows of (at most
  // HELD_FREE_MAX stretches), as heldBookedReads asks those read.
  const heldBookedKnown = (options: HoldersAsked['options']): HoldersAsked | null => {
    // And the turn's own writes, with whom each is for (writes-whose; asked only where the turn committed one).
    const own = ownWrites();
    const whose = own.length > 0 && patched(WRITES_WHOSE);
    // And the bookings its own cancellations took away, with whom each was for (cancels-whose; asked only where it cancelled one).
    const cancelled = ownWrites(true);
    const cancels = cancelled.length > 0 && patched(CANCELS_WHOSE);
    const known = [...knownBookings(), ...(whose ? own : []), ...(cancels ? cancelled : [])];
    if (known.length === 0) return null;
    const titles = whose || cancels ? state.approvals.flatMap((a) => (a.details.title?.trim() && state.receipts.some((r) => r.approvalId === a.approvalId) ? [a.details.title] : [])) : [];
    const asked = holdersOf(known, [...holdersRead(), ...known.map((k) => k.bookedFor)], options, titles);
    return asked.booked.length <= HELD_FREE_MAX && patched(HOLDERS_KNOWN) ? { ...asked, ...(whose || cancels ? { byRoom: true } : {}) } : null;
  };
  // The bookings the turn's own writes made or moved (with `cancelled`, those its cancellations took away instead), with whom
  // each is for: its approval's person, and those the question asks for, however it spells them ("für Sarah", "для Сары": the
  // agent may have written "Sarah"); the asker's where they own it (a write they asked for, a booking of theirs cancelled).
  const ownWrites = (cancelled = false): KnownBooking[] => {
    const asked = peopleAsked(input.question);
    return state.receipts.flatMap((r) => {
      const d = (r.kind === 'booking.cancelled') !== cancelled ? undefined : state.approvals.find((a) => a.approvalId === r.approvalId)?.details;
      if (!d?.bookedFor?.trim()) return [];
      const mine = askersReceipt(r) === true;
      return [...new Set([d.bookedFor, ...asked])].map((bookedFor) => ({ roomName: r.roomName, start: r.startsAt, end: r.endsAt, bookedFor, bookingId: r.bookingId, mine }));
    });
  };
  // The people the turn knows of by name (whom its writes were for, whom its reads and the bookings it met were for, whom
  // the question asks for, the asker), for the answer's holdings to name in lower case. Absent where it knows of none.
  const peopleKnown = (): { people?: string[] } => {
    const written = [...state.approvals.map((a) => a.details.bookedFor), ...state.attempts.flatMap((t) => [t.tried?.bookedFor, t.met?.bookedFor])];
    const named = [...written, ...knownBookings().map((k) => k.bookedFor), ...holdersRead(), askedFor(input.question), input.caller?.displayName];
    const people = [...new Set(named.flatMap((n) => (n?.trim() ? [n.trim()] : [])))];
    return people.length > 0 ? { people } : {};
  };
  // The rooms the conversation has seen by name, to find them in a claim.
  const roomNames = () => [
    ...allEntities().filter((e) => e.kind === 'room').map((e) => e.label),
    ...allReceipts().map((r) => r.roomName),
    ...state.hops.flatMap((h) => h.outputs.flatMap((o) => o.calendar?.rooms ?? [])),
  ];
  // The room and times a receipt's write left, and for a change of this turn those before it (its
  // approval has them); an earlier turn's change is not judged, since what it changed is not known here.
  const receiptDetail = (r: Receipt): ReceiptDetail | undefined => {
    const current = state.approvals.find((a) => a.approvalId === r.approvalId)?.details.current;
    const thisTurn = state.receipts.includes(r);
    if (r.kind === 'booking.updated' && !thisTurn) return undefined;
    return { roomName: r.roomName, start: r.startsAt, end: r.endsAt, previous: r.kind === 'booking.updated' && current ? { roomName: current.roomName, start: current.startsAt, end: current.endsAt } : null };
  };
  const calendarReads = (): CalendarReads => ({
    times: timesJudged(),
    timezone: input.settings.timezone,
    changed: state.receipts.filter((r) => r.kind !== 'booking.created').map((r) => r.bookingId),
    listed: bookingToolRan(['list_bookings']),
    // Once the writes are read and every write was committed, what they changed is in `times`: a check's free read is held where no write booked it.
    wrote: state.receipts.length > 0 && !(writesRead && writesAllCommitted()),
    // The workflow's clock (replayed as recorded): what "today" and "tomorrow" in a claim mean.
    now: new Date().toISOString(),
  });

  // Pages as the answers that replace prose name them: those this turn retrieved, or an agent did.
  const pagesOf = (sources: { fileName: string; page: number }[]) => [...new Set(sources.map((s) => `${s.fileName} p.${s.page}`))];
  const pagesRetrieved = () => pagesOf(state.sources);
  // The passages retrieved in this turn and its conversation, where a policy claim's figures must appear.
  const passagesRetrieved = () => passageIds([...state.sources, ...prior().flatMap((t) => t.sources)]);

  // How the readings of a write not done read a text: the conversation's rooms, the turn's clock and the question's language.
  const echoOptions = (names: string[]) => ({ names, timezone: input.settings.timezone, now: new Date().toISOString(), nothingDone: state.receipts.length === 0, language: language() });
  // What the answer's words are read for (domain/answer-words.ts): the claims under each patch, those of a turn that read
  // no times but wrote (writes-read), the readings after a write not done, and those of a write asked for and never tried.
  // With `holders`: the writes never tried it asks to be read are the stretches read free (holders-read), not a write the question asked for.
  const wordsAsked = (): { asked: WordsAsked; holders: boolean; known: boolean } => {
    const readTimes = timesRead().length > 0;
    const names = roomNames();
    const documents = answersFromDocuments(state.hops);
    const listedBookings = bookingToolRan(['list_bookings']);
    const undone = undoneWrites();
    // Not in an answer from documents ("How do I book Room 3?": what they say of booking it is a rule).
    const untried = undone.length === 0 && !documents ? untriedWrites(names) : [];
    const heldFree = undone.length === 0 && untried.length === 0 && !documents ? heldFreeReads() : [];
    // Whose booking the answer says each one the turn knows of is: after a read alone (holders-named), or where a write was
    // tried or asked for (holders-known).
    const readOnly = undone.length === 0 && untried.length === 0 && nothingTried();
    const heldBooked = documents ? null : readOnly ? heldBookedReads(echoOptions(names)) : heldBookedKnown(echoOptions(names));
    const asked: WordsAsked = {
      names,
      states: readTimes,
      documents,
      read: readTimes || listedBookings,
      ...(readTimes ? { moreStates: true } : {}),
      ...(!readTimes && writtenTimes().length > 0 ? { writes: { read: listedBookings } } : {}),
      ...(undone.length > 0 ? { undone: { writes: undone, readings: ECHO_PATCHES.map(([key]) => key), options: echoOptions(names) } } : {}),
      ...(untried.length > 0 || heldFree.length > 0 ? { untried: { writes: untried.length > 0 ? untried : heldFree, options: echoOptions(names) } } : {}),
      ...(heldBooked ? { holders: heldBooked } : {}),
      // Rooms said to be someone's at a time (holdings-said): where the turn read times or wrote, so they can be held to
      // something; by the people it knows of, their names in lower case too ("sarah has Room 3 …").
      ...(!documents && (readTimes || writtenTimes().length > 0) ? { holdings: true, ...peopleKnown() } : {}),
    };
    return { asked, holders: heldFree.length > 0, known: Boolean(heldBooked) && !readOnly };
  };

  /**
   * The verifier's judgement of `text` against the receipts of this turn and its conversation (with
   * `kinds`, each backing only claims of what it did) and the booking reads: the unbacked claims, or
   * why it could not judge (the caller fails closed).
   */
  async function verify(text: string, kinds: boolean): Promise<{ unbacked: ReturnType<typeof unbackedClaims> } | { failed: string }> {
    const passages = passagesRetrieved();
    // Turns recorded before ('every-figure-sourced') looked only at the figures of the claims the verifier listed.
    const everyFigure = answersFromDocuments(state.hops) && patched(EVERY_FIGURE_SOURCED) ? { everyFigure: true } : {};
    // The verifier's activity reads the answer's words too, off the workflow thread (domain/answer-words.ts).
    const request = wordsAsked();
    let verdict;
    try {
      verdict = await runners.model.run('verifyClaims', `verify the answer's outcome claims`, [
        { answer: text, question: input.question, receipts: state.receipts.map((r) => ({ bookingId: r.bookingId, summary: r.summary })), outcomes: state.outcomes, passages, ...everyFigure, words: request.asked },
      ]);
    } catch (e) {
      return { failed: `the verifier failed (${failureReason(e).message})` };
    }
    spend.record(verdict.usage, 'verifier');
    if (!verdict.parsed.ok) return { failed: verdict.parsed.error };
    // Words the activity could not read in time: the prose is not shown (only an activity that reads them says so).
    if (verdict.wordsUnread) return { failed: `the answer's words could not be checked (${verdict.wordsUnread})` };
    const listed = verdict.parsed.claims;
    const readTimes = timesRead().length > 0;
    // Claims found by their words beside those the verifier lists (a model can miss one, or be steered
    // past it): writes always (in an answer from documents, only in the first person singular), rooms said free or booked where the turn read times. Turns
    // recorded before ('claims-by-words') judged the verifier's alone.
    const names = roomNames();
    // As the activity read them; turns recorded before it did, and a verifier of a build that does not, read here, after the verdict, as before.
    const again = verdict.words ? null : wordsAsked();
    const words = again ? readWords(text, again.asked) : unpackWords(verdict.words!);
    const holdersAsked = (again ?? request).holders;
    const { byPatch } = words;
    // Each patch's claims, in the order the patches came, taken where they differ from what the turn found
    // so far and its history has the patch (asked only then, so a turn they change nothing in records no
    // marker). Turns recorded before each found less:
    // - 'write-nouns': writes only with a person as their subject, and "um 14:00 gebucht" read as two clauses;
    // - 'possession-words': "Room 3 is all yours" no claim;
    // - 'other-scripts': writes in the Latin alphabet only;
    // - 'script-states': rooms said free or booked in the Latin alphabet only;
    // - 'noun-modifiers': no write in "your Room 3 booking is confirmed" or "your booking tomorrow at 2pm is confirmed";
    // - 'trailing-offers': no room's state in a sentence that asks or offers ("Room 3 is free at 2pm, shall I book it?");
    // - 'script-offers': the same in Chinese, Japanese, Korean and Russian ("3号会议室下午2点有空，要我帮您预订吗？").
    // - 'state-words': rooms said free or booked in the words before it only ("Room 2 is busy at 2pm", "Room 3 is empty then").
    const since: [Claim[], string][] = [
      [byPatch.writeNouns, WRITE_NOUNS],
      [byPatch.possession, POSSESSION_WORDS],
      [byPatch.scripts, OTHER_SCRIPTS],
      [byPatch.scriptStates, SCRIPT_STATES],
      [byPatch.modifiers, NOUN_MODIFIERS],
      [byPatch.offers, TRAILING_OFFERS],
      [byPatch.scriptOffers, SCRIPT_OFFERS],
      // A verifier's activity of a build before it returns no such list: what it read stands.
      [byPatch.stateWords ?? byPatch.scriptOffers, STATE_WORDS],
    ];
    let found = notListed(byPatch.before, listed);
    for (const [claims, patch] of since) {
      const next = notListed(claims, listed);
      if (!sameClaims(found, next) && patched(patch)) found = next;
    }
    // 'number-marks': "Room no. 3" read as "Room № 3" by every reading below, asked only where it changes what they find
    // (`words.marked`: where reading them changes the text).
    let marksRead: boolean | undefined;
    const readMarks = () => (marksRead ??= patched(NUMBER_MARKS));
    // The claims `pick` takes of a text's reading, and of its reading with its number marks read where that changes them (asked only then).
    const withMarks = <T>(pick: (read: T) => Claim[], plain: T, marked: T | undefined) => {
      const claims = pick(plain);
      if (marked === undefined) return claims;
      const markedClaims = pick(marked);
      return !sameClaims(claims, markedClaims) && readMarks() ? markedClaims : claims;
    };
    if (words.marked) {
      const next = notListed(words.marked.scriptOffers, listed);
      if (!sameClaims(found, next) && readMarks()) found = next;
    }
    // 'writes-read': a turn that read no times but wrote has read its writes' stretches, so the words find
    // rooms said free or booked too ("Room 3 is free at 2pm, shall I book it?" beside the receipt of 14:00).
    // Turns recorded before found them only after a read of times.
    const written = writtenTimes();
    const readWrites = () => (writesRead ||= written.length > 0 && patched(WRITES_READ));
    if (words.writes) {
      const next = withMarks((claims) => notListed(claims, listed), words.writes, words.marked?.writes);
      if (!sameClaims(found, next) && readWrites()) found = next;
    }
    // 'undone-echoes': a sentence that speaks of a write of this turn that was not done as done is a write
    // claim of it. Turns recorded before found write claims only by their verbs and nouns.
    // Since: 'closing-offers', a question that only offers more help or asks to confirm after it ("…, anything
    // else?", "…, right?") leaves it one; 'cleared-conflicts', "no conflicts" in it names no failure and
    // negates nothing; 'others-can', "Sarah can use Room 3" offers nothing; 'ceased-cancellations', "Alice no
    // longer has Room 3" says a cancellation not done was; 'bare-done', "Done!" or "Approved!" alone is one;
    // 'theirs-met', "Sarah has Room 3" relays a booking of hers the write met; 'follow-up-offers', a question
    // that only offers a next step beyond the write after it ("…, want me to send her an invite?") leaves it one;
    // 'no-worries', "Sarah doesn't need to worry" or "Alice didn't object" in it negates nothing; 'language-words',
    // "si", "se" and "als" suppose or negate only where the question's language has them do so; 'as-requested',
    // "as requested" or "Room 3 will be waiting for Sarah" asks and waits for nothing; 'glued-names', "是Sarah的"
    // names Sarah; 'approvals-said', "Alice approved Room 3 at 2pm" or "Alice agreed." is a claim of an approval;
    // 'aside-ifs', "…, let me know if you need anything else" supposes nothing of the write; 'requests-through',
    // "your request … went through" asks nothing, and "Alice gave her approval" is a claim of an approval;
    // 'requested-met', "the room she asked for" asks nothing; 'fell-through', "… fell through" says it was not done;
    // 'kept-bookings', after a cancellation not done "Alice keeps Room 3" relays it, "Alice doesn't have it now" claims it;
    // 'moves-read', after a move not done "instead" passes nothing, "still in Room 2" relays it, "moved out of Room 2" claims it;
    // 'taken-back', after a cancellation not done "…, though it's gone now" takes back "Alice keeps Room 3", and "Just kidding, it's cancelled." claims it;
    // 'unfailed', "…, nothing failed" or "…, nobody rejected it" names no failure and negates nothing;
    // 'still-held', "Sarah still has Room 3 at 2pm" says nothing of it not being done; 'unneeded', "… without needing approval" negates nothing;
    // 'freed-said', after a cancellation not done "Room 3 is free again at 10am" claims it, "Alice will be in Room 3 at 10am" relays it;
    // 'bare-booked', "Confirmed!", "It's booked!" or "Moved!" alone is a claim where nothing was done;
    // 'figure-ends', "… at 14:00. Sarah has it now." is two sentences, and the first no longer passes the second;
    // 'idle-ifs', "If you're wondering, …" or "…, unless she cancels" supposes nothing of the write;
    // 'overcome-failures', "Despite the rejection, …" or "The conflict was resolved: …" names no failure;
    // 'figure-questions', "Room 3 at 14:00? Sarah has it." is two sentences, and the question no longer passes the second;
    // 'expected-outcomes', "Sarah should now see Room 3 in her calendar" asks nothing; 'hedged-claims', nor does "Looks like …";
    // 'instead-of', "Sarah has Room 3 instead of Room 2" passes nothing by its "instead"; 'taken-for', "Room 3 is no
    // longer available at 2pm, Sarah has it" claims it; 'obliged-steps', "Sarah has to book Room 3 herself" and
    // 'wishes-said', "Sarah wanted Room 3" say it was not done; 'again-held', "Sarah has Room 3 at 2pm again",
    // 'other-people', "Sarah and the other attendees have Room 3 …" and 'pronoun-holds', "Sarah won't need another room:
    // she has Room 3 …" claim it; 'labels-read', "Room 3 · Friday 14:00 · Sarah — Status: rejected" relays it; 'pronoun-still',
    // "She still has Room 3 …" claims it; 'pro-drop-adverbs', "Ha ancora la sala 3 …", "Ainda tem a sala 3 …" claim it.
    // 'cited-writes': "Sarah has Room 3 on Friday at 2pm (rooms.pdf p.1)" claims it, the page cited or not; 'cited-persons':
    // "You have Room 3 on Friday at 2pm (policy.pdf p.1)" and "… she has it" too.
    if (words.echoes) {
      // Read as turns before these patches did, then as each reads (`undoneEchoesRead`), the reading of each patch
      // taken where it finds other claims than the one before it (its marker asked only then). A chain read for fewer
      // readings than there are (by a build from before one) has none of those after it.
      const echoesOf = (read: Claim[][]) => {
        // Readings that found the same claims share their list.
        const unlisted = new Map<Claim[], Claim[]>();
        const take = (claims: Claim[]) => unlisted.get(claims) ?? unlisted.set(claims, notListed(notListed(claims, listed), found)).get(claims)!;
        let echoes = take(read[0]!);
        ECHO_PATCHES.forEach(([, patch], i) => {
          const next = read[i + 1];
          if (next && !sameClaims(echoes, take(next)) && patched(patch)) echoes = take(next);
        });
        return echoes;
      };
      const echoes = withMarks(echoesOf, words.echoes, words.marked?.echoes);
      if (echoes.length > 0 && patched(UNDONE_ECHOES)) found = [...found, ...echoes];
    }
    // 'untried-writes': a booking the question asked for and the turn never tried, spoken of as done, by every reading
    // of the echoes above (its number marks read too), held as a write claim no receipt backs. Turns recorded before
    // found such claims only by their verbs and nouns.
    // 'holders-read': where the question asked for no write, the same readings of each stretch read free find a sentence
    // that says someone holds it; held as a claim of a booking there (the reads found none), not of a write. One that
    // says the time works ("Room 3 at 2pm works") says it free.
    if (words.untried) {
      const untriedOf = (read: Claim[]) =>
        notListed(notListed(read, listed), found)
          .filter((c) => !holdersAsked || !worksSaid(c.text))
          .map(({ undone: _, ...c }): Claim => (holdersAsked ? { ...c, kind: 'exists' } : { ...c, untried: true }));
      const echoes = withMarks(untriedOf, words.untried, words.marked?.untried);
      if (echoes.length > 0 && (holdersAsked || patched(UNTRIED_WRITES))) found = [...found, ...echoes];
    }
    // 'holders-named': where the question asked for no write, a sentence that says a stretch read booked is someone else's
    // than whose the turn read it; held as a claim of a booking there that the read contradicts (asked for only under the
    // patch, so a list here means the turn has it). The verifier may list the same sentence, as a booking there, which the read backs.
    // 'holders-known': the same where a write was tried or asked for; a sentence held already (as a write not done, or
    // never tried, spoken of as done) stays held as that.
    if (words.holders) {
      const known = (again ?? request).known;
      // (A write claim a receipt may back, "… so I booked Room 2 for Sarah", holds nothing.)
      const writes = found.filter((f) => f.undone || f.untried);
      const unheld = (claims: Claim[]) => (known ? claims.filter((c) => !writes.some((f) => sameWords(f.text, c.text))) : claims);
      const wrong = withMarks(unheld, words.holders, words.marked?.holders);
      if (wrong.length > 0) found = [...found, ...wrong];
    }
    // 'holdings-said': a room said to be someone's at a time ("Sarah has Room 3 from 2 to 4pm", "Tienes la sala 3 de 14 a
    // 16") is a claim of a booking there (whose it is, the holders' readings above judge). Not where the verifier or a reading
    // above already has the sentence (of whatever kind: what it judged stands). Turns recorded before read no claim in it.
    if (words.holdings) {
      const unread = (claims: Claim[]) => claims.filter((c) => ![...listed, ...found].some((f) => sameWords(f.text, c.text)));
      const held = withMarks(unread, words.holdings, words.marked?.holdings);
      if (held.length > 0 && patched(HOLDINGS_SAID)) found = [...found, ...held];
    }
    const byWords = found.length > 0 && patched(CLAIMS_BY_WORDS);
    const claims = byWords ? [...listed, ...found] : listed;
    // Whether the writes are read: asked only where a claim of what is free or booked is judged.
    const ownReads = claims.some((c) => c.kind === 'available' || c.kind === 'exists') && readWrites();
    const timesKnown = readTimes || ownReads;
    // Turns recorded before ('availability-read-this-turn') let a claim of a free room rest on any booking read of the conversation.
    const fresh = patched(AVAILABILITY_READ_THIS_TURN) ? { availabilityRead: availabilityRead() } : {};
    // Turns recorded before ('whose-booking'), and turns without an identity, did not judge whose booking a claim says it is.
    const judgeWhose = Boolean(input.caller) && patched(WHOSE_BOOKING);
    const whose = judgeWhose ? { askersBookingRead: askersBookingRead() } : {};
    // Turns recorded before ('claims-match-reads') judged a claim by a read or receipt having run, not by
    // what it said. A turn with neither (an answer from documents) has nothing to judge, and no marker.
    const matchReads = (readTimes || allReceipts().length > 0) && patched(CLAIMS_MATCH_READS);
    const reads = matchReads ? { calendar: calendarReads(), roomNames: names } : {};
    // Turns recorded before ('free-times-read') let a time said free stand when no read contradicted it,
    // though none looked at it. Asked only where it can matter: a claim of a free room after a read of times.
    const freeTimes = matchReads && timesKnown && claims.some((c) => c.kind === 'available') && patched(FREE_TIMES_READ) ? { freeTimesRead: true } : {};
    // Turns recorded before ('week-days') read no week a claim names ("next week", "下周", "the weekend"): it named no day. Asked only where a claim names one.
    const weeks = matchReads && claims.some((c) => hasWeekWords(c.text)) && patched(WEEK_DAYS);
    // Turns recorded before ('weeks-ahead') read no weeks counted ahead ("in two weeks"): such a claim named no day. Asked only where a claim counts some.
    const weeksAhead = matchReads && claims.some((c) => hasWeeksAhead(c.text)) && patched(WEEKS_AHEAD);
    // Turns recorded before ('calendar-words') read no room, day or time said in Chinese, Japanese, Korean or Russian, nor days counted ahead. Asked only where a claim says one.
    const calendarWords = matchReads && claims.some((c) => hasCalendarWords(c.text, { weeks, weeksAhead })) && patched(CALENDAR_WORDS);
    const said = (t: string) => (calendarWords ? inLatinTerms(t, { weeks, weeksAhead }) : t);
    // Turns recorded before ('claim-days') compared times by the clock whatever day a claim named. Asked only where a claim names one.
    // Turns recorded before ('dates-at-stops') read no "on January 16." ending a sentence: such a claim named no day. Asked only where a claim ends one so.
    const stops = matchReads && claims.some((c) => c.kind !== 'policy' && hasDateAtStop(said(c.text))) && patched(DATES_AT_STOPS);
    const days = matchReads && claims.some((c) => daysNamed(said(c.text), { ahead: calendarWords, weeks, weeksAhead, stops }).length > 0) && patched(CLAIM_DAYS) ? { claimDays: true } : {};
    // Turns recorded before ('day-parts') read "on Friday morning" in a write claim as stating no time. Asked only where the turn wrote and a claim says a part of the day so.
    const dayParts = matchReads && allReceipts().length > 0 && claims.some((c) => c.kind !== 'policy' && hasPartAlone(said(c.text))) && patched(DAY_PARTS);
    // Turns recorded before ('parts-read') read "free on Friday morning" and "booked this evening" as stating no time, and no "venerdì
    // mattina", "questa sera" or "Freitag Nachmittag" in a write claim either. Asked only where a claim of a free room or a booking, or
    // a write claim where the turn wrote, says a part of the day so.
    const partsRead =
      matchReads && claims.some((c) => c.kind !== 'policy' && (c.kind === 'available' || c.kind === 'exists' || allReceipts().length > 0) && hasPartAlone(said(c.text), true)) && patched(PARTS_READ);
    // Turns recorded before ('clock-zones') read no "at 1600", "half four" or "16 o'clock", and "2pm EST" as 14:00 on the workspace's clock. Asked only where a claim says one (a zone of another offset than the workspace's).
    const zones = matchReads && claims.some((c) => c.kind !== 'policy' && hasMoreClockForms(said(c.text), input.settings.timezone, new Date().toISOString())) && patched(CLOCK_ZONES);
    // Turns recorded before ('ids-unread') read a receipt id's "…1feb…" as a day. Asked only where an id in a claim reads as one.
    const ids = matchReads && claims.some((c) => idsReadAsTimes(c.text)) && patched(IDS_UNREAD);
    // Turns recorded before ('bare-hours') read "libre de 14 a 15" as stating no time. Asked only where a claim has such a range.
    const bareHours = matchReads && claims.some((c) => hasBareRange(c.text)) && patched(BARE_HOURS) ? { bareRanges: true } : {};
    // Turns recorded before ('booked-times-read') let a booking said to be at a time no read looked at
    // stand. Judged only where nothing else could back it: no earlier turn of the conversation read
    // bookings, and the turn tried no write (a conflict a write met is no read of this kind), or
    // ('writes-read') every write it tried was committed and is read.
    const bookedTimes =
      matchReads && timesKnown && claims.some((c) => c.kind === 'exists') && !earlierReads() && (!writeTried() || (ownReads && writesAllCommitted())) && patched(BOOKED_TIMES_READ)
        ? { bookedTimesRead: true }
        : {};
    // Turns recorded before ('rooms-unbacked') held no booking said with no clock time in a room, or on a day, nothing read
    // ("Room 2 is booked for Tom"), nor a room joined to a write claim's as written too ("I booked Room 3 for Sarah and Room 2
    // for Tom"). Asked only where a claim could be held so: one of a booking where those are judged, or a write naming two rooms.
    const roomsUnbacked =
      matchReads &&
      claims.some((c) => (c.kind === 'exists' && 'bookedTimesRead' in bookedTimes) || ((c.kind === 'booked' || c.kind === 'changed' || c.kind === 'cancelled') && roomsNamed(said(c.text), names).length > 1)) &&
      patched(ROOMS_UNBACKED);
    // Whether each claim (not a policy's) says a booking repeats: read once, for both questions below.
    const repeating = matchReads ? claims.map((c) => c.kind !== 'policy' && repeatsSaid(c.text) !== null) : [];
    // Turns recorded before ('recurrence-read') judged "every Friday" as its one Friday. Asked only where a claim says a booking repeats.
    const recurrenceRead = matchReads && repeating.some(Boolean) && patched(RECURRENCE_READ);
    // Turns recorded before ('recurrence-idle-ifs') let "If you're wondering, …" take the repetition after it back. Asked only where that is all that took it back.
    const idleIfs = matchReads && claims.some((c, i) => c.kind !== 'policy' && !repeating[i] && repeatsSaid(c.text, { idleIfs: true }) !== null) && patched(RECURRENCE_IDLE_IFS);
    const recurrence = idleIfs ? ('idle-ifs' as const) : recurrenceRead;
    // Turns recorded before ('durations-read') read "at 2pm for two hours" as 14:00 alone. Asked only where a claim says a length of time.
    // Turns recorded before ('clock-forms') read no "noon", "o'clock", "14.30 Uhr" or "16 heures", and "de 2 a 4 de la tarde" as 02:00–04:00. Asked only where a claim says one.
    const formsRead = matchReads && claims.some((c) => hasClockForms(said(c.text))) && patched(CLOCK_FORMS);
    // Turns recorded before ('unmarked-hours') read no "at 4", "from 2 to 4", "um 16", "4点", "в 16 часов", and "at 2:30" as 02:30. Asked only where a claim says one.
    // (An hour in another script is read so by the Latin terms, "4点" as "16:00": asked where those differ.)
    const unmarkedIn = (t: string) => {
      const plain = said(t);
      return hasUnmarkedHours(plain) || (calendarWords && inLatinTerms(t, { weeks, weeksAhead, unmarked: true }) !== plain);
    };
    const clockForms = matchReads && claims.some((c) => c.kind !== 'policy' && unmarkedIn(c.text)) && patched(UNMARKED_HOURS) ? ('unmarked' as const) : formsRead;
    const durationsRead = matchReads && claims.some((c) => hasLength(said(c.text))) && patched(DURATIONS_READ);
    // Turns recorded before ('durations-apart') read "at 2pm, for two hours" as 14:00 alone. Asked only where a claim sets a length off so.
    const durations = durationsRead && claims.some((c) => hasLengthApart(said(c.text))) && patched(DURATIONS_APART) ? ('apart' as const) : durationsRead;
    // Turns recorded before ('booked-throughout') let a range said booked pass where it touched a booking read. Asked only where a claim of a booking states a range.
    const ranged = () => {
      const cal = calendarReads();
      const known = [...names, ...cal.times.map((t) => t.roomName)];
      const opts = { days: true, now: cal.now, timestamps: byWords, bareRanges: Boolean(bareHours.bareRanges), calendarWords, weeks, weeksAhead, ids, datesAtStops: stops, dayParts, roomsUnbacked, durations, clockForms, zones };
      return claims.some((c) => c.kind === 'exists' && statesRange(c.text, known, cal.timezone, opts));
    };
    const throughout = matchReads && claims.some((c) => c.kind === 'exists') && ranged() && patched(BOOKED_THROUGHOUT) ? { bookedThroughout: true } : {};
    const receipts = allReceipts().map((r) => {
      const mine = judgeWhose ? askersReceipt(r) : undefined;
      const detail = matchReads && kinds ? receiptDetail(r) : undefined;
      return { bookingId: r.bookingId, kind: kinds ? r.kind : undefined, ...(mine === undefined ? {} : { askers: mine }), ...(detail ? { detail } : {}) };
    });
    // A write read is a booking read ('writes-read'): what is booked where it wrote is known; so is a
    // conflict a write met ('conflict-reads', whose stretches are among the times read; before it, times
    // were read only by the read tools, which `readBookings` counts).
    return { unbacked: unbackedClaims(claims, { receipts, bookingsRead: readBookings() || readTimes || ownReads, sourcesRetrieved: passages.length > 0, ...fresh, ...whose, ...reads, ...freeTimes, ...days, ...bareHours, ...(calendarWords ? { calendarWords: true } : {}), ...(weeks ? { weeks: true } : {}), ...(weeksAhead ? { weeksAhead: true } : {}), ...bookedTimes, ...throughout, ...(durations ? { durations } : {}), ...(clockForms ? { clockForms } : {}), ...(recurrence ? { recurrence } : {}), ...(byWords ? { timestamps: true } : {}), ...(ids ? { ids: true } : {}), ...(stops ? { datesAtStops: true } : {}), ...(dayParts ? { dayParts: true } : {}), ...(partsRead ? { partsRead: true } : {}), ...(zones ? { zones: true } : {}), ...(roomsUnbacked ? { roomsUnbacked: true } : {}) }) };
  }

  async function checkFindings(findings: AgentOutput[]): Promise<CheckedFindings> {
    const prose = findings.filter((o) => o.status === 'ok' && o.text.trim() !== '');
    const none: CheckedFindings = { withheld: new Map(), notes: [] };
    // Turns recorded before ('verify-honest-stop') quoted the replies unchecked.
    if (prose.length === 0 || !patched('verify-honest-stop')) return none;
    // A reply not quoted names the pages it drew on, so the user can read them.
    // In the question's language, as the stop around it.
    const t = stopTemplates(language());
    const notShown = (o: AgentOutput, why: string) => t.notShown(why, pagesOf(o.sources));
    // A reply that names a booking reference the system did not issue is not quoted (since 'made-up-references'); the others are judged.
    const references = madeUp(prose.map((o) => o.text));
    const referring = prose.filter((_, i) => references[i]!.length > 0);
    if (referring.length > 0 && patched(MADE_UP_REFERENCES)) {
      const rest = await judgeReplies(prose.filter((o) => !referring.includes(o)), t, notShown);
      const why = `names a booking reference the system did not issue (${references.flat().join(', ')})`;
      return { withheld: new Map([...referring.map((o): [string, string] => [o.agent, notShown(o, t.claims)]), ...rest.withheld]), notes: [`agent replies not quoted: ${why}`, ...rest.notes] };
    }
    return judgeReplies(prose, t, notShown);
  }

  /** The verifier's judgement of the agents' replies an honest stop would quote: those it holds a claim of are not quoted. */
  async function judgeReplies(prose: AgentOutput[], t: ReturnType<typeof stopTemplates>, notShown: (o: AgentOutput, why: string) => string): Promise<CheckedFindings> {
    if (prose.length === 0) return { withheld: new Map(), notes: [] };
    const all = (why: string, note: string): CheckedFindings => ({ withheld: new Map(prose.map((o) => [o.agent, notShown(o, why)])), notes: [`agent replies not quoted: ${note}`] });
    const over = spend.overBudget();
    if (over) return all(t.unchecked(over), `it could not be checked (${over})`);
    const judged = await verify(prose.map((o) => o.text).join('\n\n'), true);
    if ('failed' in judged) return all(t.unchecked(judged.failed), `it could not be checked (${judged.failed})`);
    if (judged.unbacked.length === 0) return { withheld: new Map(), notes: [] };
    // The reply that holds each claim's words goes; words found in none (the verifier paraphrased) take all.
    const holding = (words: string) => prose.filter((o) => o.text.toLowerCase().includes(words.trim().toLowerCase()));
    const reasons = judged.unbacked.map((u) => u.reason).join('; ');
    if (judged.unbacked.some((u) => holding(u.claim.text).length === 0)) return all(t.claims, reasons);
    const held = new Set(judged.unbacked.flatMap((u) => holding(u.claim.text)));
    return { withheld: new Map([...held].map((o) => [o.agent, notShown(o, t.claims)])), notes: [`agent replies not quoted: ${reasons}`] };
  }

  async function check(answer: string, ctx: GuardContext): Promise<CheckedAnswer> {
    const { lang, block } = stateOutcomes();
    // Prose that is replaced leaves the outcome block; a turn that attempted no write says why instead.
    const withBlock = (prose: string, instead = nothingDone(lang)) => (block ? (prose ? `${prose}\n\n${block}` : block) : prose || instead);
    const withheld = () => answerWithheld(lang, pagesRetrieved());
    const guarded = guardAnswer(answer, ctx, { listReceipts: false });
    if (guarded.verdict === 'not_found') return { answer: withBlock(notCoveredAnswer(ctx.namespace, lang)), notes: guarded.notes };
    // Citations name pages retrieved in this turn, or go.
    const cited = stripUnretrievedCitations(guarded.answer, state.sources);
    if (cited.removed.length) {
      guarded.answer = cited.text;
      guarded.notes.push(`citations removed (not retrieved in this turn): ${cited.removed.join(', ')}`);
    }
    const alreadyAsked = state.hops.some((h) => h.answerRejected);
    const refuse = (reason: string, notes: string[], instead?: string) =>
      alreadyAsked ? { answer: withBlock('', instead), notes: [...notes, `prose replaced by the outcome block: ${reason}`] } : { answer: '', notes, reask: reason };
    // First pass: the patterns and booking ids (no model call).
    if (guarded.verdict === 'unbacked') return refuse(guarded.notes.join('; '), guarded.notes);
    // A booking reference the system did not issue. Turns recorded before ('made-up-references') let it stand. Asked only where an answer names one.
    const references = madeUp([guarded.answer])[0]!;
    if (references.length > 0 && patched(MADE_UP_REFERENCES)) {
      const why = `names a booking reference the system did not issue (${references.join(', ')}): no receipt backs it`;
      return refuse(why, [...guarded.notes, why]);
    }
    const outputs = state.hops.flatMap((h) => h.outputs);
    const bookingsRead = readBookings();
    // Every answer is verified: prose can claim a write in any language, whatever the turn did (read
    // the bookings and wrote nothing, or committed one write and claims another). Turns recorded before
    // ('verify-every-answer') verified only when a write did not commit or no booking was read; they
    // replay that way, and judge a write claim by its receipt id alone.
    const everyAnswer = patched('verify-every-answer');
    const needsCheck =
      everyAnswer || state.outcomes.some((o) => o.kind !== 'committed') || (!bookingsRead && (outputs.length === 0 || patched('verify-read-claims')));
    if (!needsCheck) return { answer: withBlock(guarded.answer), notes: guarded.notes };
    const over = spend.overBudget();
    if (over) return { answer: withBlock('', withheld()), notes: [...guarded.notes, `prose replaced by the outcome block: not verified (${over})`] };
    // A write claim rests on a receipt that did what it says (since 'verify-every-answer').
    const judged = await verify(guarded.answer, everyAnswer);
    if ('failed' in judged) return { answer: withBlock('', withheld()), notes: [...guarded.notes, `prose replaced by the outcome block: ${judged.failed}`] };
    const { unbacked } = judged;
    if (unbacked.length) {
      // A claim that a booking is the user's own, in a turn that read bookings but none of theirs, is not "not checked".
      const notTheirs = (u: (typeof unbacked)[number]) => u.claim.kind === 'exists' && u.claim.whose === 'asker' && bookingsRead;
      const reads = unbacked.some((u) => (u.claim.kind === 'available' || u.claim.kind === 'exists') && !notTheirs(u) && !u.contradicted);
      // A sentence held for saying the booking is the user's own, where none of theirs was read ("You have Room 2 at 9"):
      // "none of the bookings I read is yours" answers it, though holders-named found it too (the read's booking is someone else's).
      const heldAsTheirs = (u: (typeof unbacked)[number]) =>
        Boolean(u.claim.holdersRead?.length) && unbacked.some((w) => notTheirs(w) && !w.contradicted && sameWords(w.claim.text, u.claim.text));
      // Prose the reads contradict gives way to what they found.
      const contradicted = unbacked.some((u) => u.contradicted === 'reads' && !heldAsTheirs(u));
      // Prose that says more than the reads found (a time no read looked at) gives way to what they found too.
      const unread = !contradicted && unbacked.some((u) => u.contradicted === 'unread');
      // A policy claim with no passage behind it was not looked up; one whose figures no passage states was, and names the pages.
      const policy = unbacked.filter((u) => u.claim.kind === 'policy');
      const unsourced = policy.some((u) => u.claim.unsourcedFigures?.length);
      // One that says a passage retrieved the other way round (a claim marked by the verifier's activity, so turns
      // recorded before it never have one) was looked up too, and names the pages.
      const otherwise = policy.some((u) => u.claim.contradicts && !u.claim.unsourcedFigures?.length);
      // One that speaks of what no passage retrieved mentions (marked by the verifier's activity too) was looked up, and names the pages.
      const unspoken = policy.some((u) => u.claim.unspoken?.length && !u.claim.unsourcedFigures?.length && !u.claim.contradicts);
      // "None of the bookings I read is yours" answers a claim held for whose booking it names, not one the
      // reads contradicted or left open: that one gets what was read (a booking read may well be theirs).
      // Turns recorded before ('whose-said-only') said it for both. Asked only where it can matter.
      const heldForWhose = (u: (typeof unbacked)[number]) => notTheirs(u) && !u.contradicted;
      // A sentence held for whose booking it names gets what was found with whom each booking is for.
      const whoseSaid = unbacked.some((u) => u.claim.holdersRead?.length);
      const notTheirsSaid = unbacked.some(heldForWhose) || (alreadyAsked && unbacked.some(notTheirs) && !patched(WHOSE_SAID_ONLY));
      const unlooked = [
        ...(reads ? [bookingsNotChecked(lang)] : []),
        ...(contradicted || unread ? [readsSay(lang, timesJudged(), input.settings.timezone, contradicted ? 'contradicted' : 'unread', { holders: whoseSaid })] : []),
        ...(notTheirsSaid ? [noBookingOfYours(lang)] : []),
        ...(policy.some((u) => !u.claim.unsourcedFigures?.length && !u.claim.contradicts && !u.claim.unspoken?.length) ? [documentsNotSearched(lang)] : []),
        // The pages retrieved are named once, after the last of these that names them.
        ...(unsourced ? [figuresNotInDocuments(lang, otherwise || unspoken ? [] : pagesRetrieved())] : []),
        ...(otherwise ? [documentsSayOtherwise(lang, unspoken ? [] : pagesRetrieved())] : []),
        ...(unspoken ? [documentsDoNotSay(lang, pagesRetrieved())] : []),
      ];
      // Without a write claim, the turn says what it did not look up instead of the prose. A booking asked for and never
      // tried, claimed beside claims of what was read, gives way to what the reads found (untried-writes; alone, the user
      // is told nothing was done). Turns recorded before have no such claim.
      const looked = unbacked.filter((u) => !u.claim.untried);
      const onlyLookups = looked.length > 0 && looked.every((u) => u.claim.kind === 'available' || u.claim.kind === 'exists' || u.claim.kind === 'policy');
      // After a part that ends in a list of what was read, the next starts a paragraph of its own (turns
      // recorded before ('lookups-apart') ran it on after the list's last line: "…: free None of the bookings…").
      // Asked only where it is said: on the second pass, after a list.
      const said = () => (alreadyAsked && unlooked.slice(0, -1).some((part) => part.includes('\n')) && patched(LOOKUPS_APART) ? unlooked.join('\n\n') : unlooked.join(' '));
      return refuse(unbacked.map((u) => u.reason).join('; '), [...guarded.notes, `unbacked claims: ${unbacked.length}`], onlyLookups ? said() : undefined);
    }
    return { answer: withBlock(guarded.answer), notes: guarded.notes };
  }

  return {
    check,
    checkFindings,
    stateOutcomes,
    get stated() {
      return stated;
    },
  };
}
