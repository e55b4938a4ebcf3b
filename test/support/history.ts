/**
 * Reading a workflow history's local activities: each one leaves a marker that core names
 * `core_local_activity`, whose `data` payload holds the activity's type (among its other fields).
 * The tests and the bench count and list a turn's steps from these.
 */
import type { temporal } from '@temporalio/proto';

/** The marker core records for each local activity. */
export const LOCAL_ACTIVITY_MARKER = 'core_local_activity';

/** A history's local activities, in the order it records them: each one's activity type. */
export function localActivityTypes(events: temporal.api.history.v1.IHistoryEvent[]): string[] {
  return events.flatMap((e) => {
    const m = e.markerRecordedEventAttributes;
    if (m?.markerName !== LOCAL_ACTIVITY_MARKER) return [];
    const data = m.details?.data?.payloads?.[0]?.data;
    return [(JSON.parse(Buffer.from(data ?? []).toString()) as { activity_type: string }).activity_type];
  });
}
