/**
 * Where a turn's time goes, from its workflow history's timestamps: activity queue wait (scheduled →
 * started), activity run (started → completed) per activity type, and workflow tasks (scheduled →
 * completed). Used by `npm run bench` beside the overhead figure.
 */
import type { temporal } from '@temporalio/proto';


type Event = temporal.api.history.v1.IHistoryEvent;
const ms = (e: Event) => Number(e.eventTime!.seconds) * 1000 + Math.round((e.eventTime!.nanos ?? 0) / 1e6);

/** Sums the phases of a history: queue wait and run time per activity type, and workflow-task time. */
export function timeSplit(events: Event[]) {
  const byId = new Map<number, Event>(events.map((e) => [Number(e.eventId), e]));
  const activities: Record<string, { count: number; queueMs: number; runMs: number }> = {};
  let workflowTaskMs = 0;
  let workflowTaskDispatchMs = 0;
  let workflowTasks = 0;
  for (const e of events) {
    const done = e.activityTaskCompletedEventAttributes;
    if (done) {
      const scheduled = byId.get(Number(done.scheduledEventId))!;
      const started = byId.get(Number(done.startedEventId))!;
      const type = scheduled.activityTaskScheduledEventAttributes!.activityType!.name!;
      const a = (activities[type] ??= { count: 0, queueMs: 0, runMs: 0 });
      a.count++;
      a.queueMs += ms(started) - ms(scheduled);
      a.runMs += ms(e) - ms(started);
    }
    const wft = e.workflowTaskCompletedEventAttributes;
    if (wft) {
      workflowTasks++;
      workflowTaskMs += ms(e) - ms(byId.get(Number(wft.scheduledEventId))!);
      workflowTaskDispatchMs += ms(byId.get(Number(wft.startedEventId))!) - ms(byId.get(Number(wft.scheduledEventId))!);
    }
  }
  const first = ms(events[0]!);
  const last = ms(events.at(-1)!);
  return { wallMs: last - first, workflowTasks, workflowTaskMs, workflowTaskDispatchMs, activities };
}
