/**
 * Booking references an answer names: "Your booking reference is R3-FRI-1400", "Confirmation number: 48213",
 * "Ihre Buchungsnummer lautet 48213", "您的预订编号是48213", "予約番号は48213です". The platform issues one kind of
 * reference, the receipt's booking id (`bk_…`), and the approval ids; a reference it did not issue was made up,
 * and says a booking exists that no receipt backs, whatever the sentence around it says.
 *
 * Pure and deterministic: runs in the workflow sandbox (workflows/answer-check.ts). No regex here is global.
 */

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}])`;

/** Nouns that name a booking's reference in every turn: of a booking, a reservation or a confirmation, in the ten languages. */
const BOOKING_REFERENCE = [
  // English
  String.raw`(?:booking|reservation|confirmation|receipt)\s+(?:reference|ref\.?|number|no\.?|id|code)`,
  // German
  String.raw`(?:buchungs|reservierungs|bestätigungs|beleg)(?:nummer|referenz|code|kennung|-?id|-?nr\.?)`,
  // Spanish, Portuguese
  String.raw`(?:número|n[úu]mero|código|id|localizador)\s+d[eao]\s+(?:la\s+|a\s+)?(?:confirmación|confirmação|reserva|referencia|referência)`,
  // French
  String.raw`(?:numéro|code|id|référence)\s+de\s+(?:la\s+)?(?:réservation|confirmation|référence)`,
  // Italian
  String.raw`(?:numero|codice|id|riferimento)\s+(?:di\s+|della\s+)?(?:prenotazione|conferma|riferimento)`,
  // Russian: "номер брони", "номер вашей брони", "код подтверждения"
  String.raw`(?:номер|код)\s+(?:\p{L}+\s+)?(?:брони|бронирования|подтверждения|заказа|резерва)`,
].join('|');

/** The same in Chinese, Japanese and Korean, which no word boundary sets apart, and "booking #", which ends in no letter. */
const BOOKING_REFERENCE_PARTS = String.raw`(?<![\p{L}])(?:booking|reservation|confirmation|receipt)\s*#|预订编号|预订号|预定号|预约号|预订码|确认号|确认编号|确认码|订单号|預訂編號|預訂號|確認號|予約番号|確認番号|予約ID|予約コード|確認コード|예약\s?번호|확인\s?번호|예약\s?코드|확인\s?코드`;

/** A reference said without saying of what ("Reference: #A1B2C3", "Ref 48213"): counted where the turn tried a write. */
const BARE_REFERENCE = String.raw`reference(?:\s+(?:number|no\.?|code))?|ref\.?|referenz(?:nummer)?|referencia|référence|riferimento|referência|ссылка|номер\s+ссылки`;
const BARE_REFERENCE_PARTS = String.raw`参考号|参考编号|参照番号|참조\s?번호`;

/** What may stand between the noun and the value: a verb of being, an article, a colon, "#". */
const LINK = String.raw`(?:\s*(?:(?:is|was|will\s+be|lautet|ist|war|es|era|est|était|sera|è|é|será|le|la|el|o|a|il|de)(?![\p{L}])|[:：#–—-]|是|为|為|は|는|은)\s*|\s+)`;

/** A value: letters, digits, "-" and "_", with a digit in it, three characters or more. */
const VALUE = String.raw`#?((?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9][A-Za-z0-9_-]{2,})`;

export interface ReferenceOptions {
  /** The ids the platform issued that the turn may name: its receipts', the bookings it read, its approvals'. */
  known: readonly string[];
  /** Whether the turn tried a write: then a reference said without saying of what is the write's. */
  wrote: boolean;
  /**
   * What the documents the turn read said (the knowledge base's replies and the passages it cited): a value they state
   * is theirs to relay ("visitors park with the reservation code PK-2231"), not a booking made up.
   */
  documents?: string;
}

/** The values named as booking references in `text` that are no id the platform issued (the made-up ones), in order, once each. */
export function madeUpReferences(text: string, opts: ReferenceOptions): string[] {
  const nouns = [`${B}(?:${BOOKING_REFERENCE})${E}`, BOOKING_REFERENCE_PARTS, ...(opts.wrote ? [`${B}(?:${BARE_REFERENCE})${E}`, BARE_REFERENCE_PARTS] : [])];
  const named = new RegExp(`(?:${nouns.join('|')})(?:${LINK}){0,3}${VALUE}(?![A-Za-z0-9_])`, 'giu');
  const known = opts.known.filter(Boolean).map((id) => id.toLowerCase());
  // An id the platform issued, or a part of one long enough to be meant for it ("36bcc1feb0" of bk_36bcc1feb0b2ab0c).
  const issued = (value: string) => {
    const v = value.toLowerCase();
    return known.some((id) => id === v || (v.length >= 6 && id.includes(v)));
  };
  const documents = (opts.documents ?? '').toLowerCase();
  const out: string[] = [];
  for (const m of text.matchAll(named)) {
    const value = m[1]!;
    if (!issued(value) && !documents.includes(value.toLowerCase()) && !out.includes(value)) out.push(value);
  }
  return out;
}
