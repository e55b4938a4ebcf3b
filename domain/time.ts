/** Times for people: an absolute UTC range shown in the workspace time zone. Pure (Intl only). */

/**
 * Formatters by time zone, built once each: constructing an Intl.DateTimeFormat costs far more than
 * formatting with one (a commit formats its booking's range several times). Formatters hold no state
 * between calls, so sharing them changes no output; at most 64 zones are kept.
 */
const DAY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
const formatters = new Map<
  string,
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; moment: Intl.DateTimeFormat; date: Intl.DateTimeFormat; localeDays: Map<string, Intl.DateTimeFormat> }
>();
function formattersFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = {
      day: new Intl.DateTimeFormat('en-GB', { timeZone, ...DAY }),
      time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }),
      moment: new Intl.DateTimeFormat('en-GB', { timeZone, ...DAY, hour: '2-digit', minute: '2-digit', hour12: false }),
      date: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric' }),
      // The day in another language's words (`formatRangeIn`), built when first asked for.
      localeDays: new Map(),
    };
    if (formatters.size >= 64) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is a time zone Intl knows (an IANA name, "UTC"); its formatters are then built and kept, as any zone's. */
export function isTimeZone(name: string): boolean {
  try {
    formattersFor(name);
    return true;
  } catch {
    return false;
  }
}

export function formatRange(startIso: string, endIso: string, timeZone: string): string {
  const { day, time } = formattersFor(timeZone);
  return rangeWith(day, time, ', ', startIso, endIso, timeZone);
}

/** A range as `day` and `time` write it, the day and its time `sep` apart; the end's day only where it differs. */
function rangeWith(day: Intl.DateTimeFormat, time: Intl.DateTimeFormat, sep: string, startIso: string, endIso: string, timeZone: string): string {
  const s = new Date(startIso);
  const e = new Date(endIso);
  const sameDay = day.format(s) === day.format(e);
  return `${day.format(s)}${sep}${time.format(s)}–${sameDay ? '' : `${day.format(e)}${sep}`}${time.format(e)} (${timeZone})`;
}

/** The locale each language's dates are written in (`formatRangeIn`). */
const DATE_LOCALES: Record<string, string> = { de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT', pt: 'pt-PT', zh: 'zh-CN', ja: 'ja-JP', ko: 'ko-KR', ru: 'ru-RU' };

/**
 * `formatRange` in a language's own words for the day ("ven. 11 déc. 2026, 14:00–15:00 (UTC)", "2026年12月11日周五
 * 14:00–15:00 (UTC)"); English, and a language with no locale here, as `formatRange` writes it.
 */
export function formatRangeIn(startIso: string, endIso: string, timeZone: string, lang: string): string {
  const locale = DATE_LOCALES[lang];
  if (!locale) return formatRange(startIso, endIso, timeZone);
  const f = formattersFor(timeZone);
  let day = f.localeDays.get(locale);
  if (!day) f.localeDays.set(locale, (day = new Intl.DateTimeFormat(locale, { timeZone, ...DAY })));
  // Chinese, Japanese and Korean write the day and the time with a space between, not a comma.
  return rangeWith(day, f.time, ['zh', 'ja', 'ko'].includes(lang) ? ' ' : ', ', startIso, endIso, timeZone);
}

/** One moment in the workspace time zone ("Tue 1 Dec 2026, 14:30 (UTC)"). */
export function formatMoment(iso: string, timeZone: string): string {
  return `${formattersFor(timeZone).moment.format(new Date(iso))} (${timeZone})`;
}

/** The clock time of a moment in the workspace time zone, in minutes after midnight (14:30 is 870). */
export function clockMinutes(iso: string, timeZone: string): number {
  const [h, m] = formattersFor(timeZone).time.format(new Date(iso)).split(':').map(Number);
  return ((h ?? 0) % 24) * 60 + (m ?? 0);
}

/** A day of the calendar: its year, month (1–12), day of the month, and day of the week (0 is Sunday). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** The day of the week of an English abbreviation ("Fri"), Sunday 0. */
export const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
/** The days of the week in English, Sunday first, and the months, January first: as reasons and rewritten claims say them. */
export const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The day a moment falls on in the workspace time zone. */
export function calendarDay(iso: string, timeZone: string): CalendarDay {
  const parts = Object.fromEntries(formattersFor(timeZone).date.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday: WEEKDAY_INDEX[parts.weekday ?? ''] ?? -1 };
}

/** A number written with two digits at least ("9": "09"). */
export const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight as a clock time ("14:05"). */
export const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
