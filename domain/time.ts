/** Times for people: an absolute UTC range shown in the workspace time zone. Pure (Intl only). */
export function formatRange(startIso: string, endIso: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false });
  const s = new Date(startIso);
  const e = new Date(endIso);
  const sameDay = day.format(s) === day.format(e);
  return `${day.format(s)}, ${time.format(s)}–${sameDay ? '' : `${day.format(e)}, `}${time.format(e)} (${timeZone})`;
}

/** One moment in the workspace time zone ("Tue 1 Dec 2026, 14:30 (UTC)"). */
export function formatMoment(iso: string, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
  return `${f.format(new Date(iso))} (${timeZone})`;
}
