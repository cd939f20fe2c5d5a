/**
 * When a maintenance is, as its messages say it: in a page's time zone and date format (docs/pages.md). The event
 * keeps the window itself beside the text (src/notify/content.ts), so that each page's subscribers read it their
 * page's way (src/notify/deliver.ts).
 */
import type { DateFormat } from '@/domain/date-format'
import { type Recurrence, repeatsLabel } from '@/domain/recurrence'
import { formatDateTime } from '@/format/dates'

export interface ScheduleWindow {
  startAt: string
  endAt: string | null
  /** How an announced series repeats (its occurrences are not announced one by one). */
  recurrence?: Recurrence | null
}

export function scheduleText(window: ScheduleWindow, timeZone: string, format?: DateFormat | null): string {
  const start = formatDateTime(new Date(window.startAt).toISOString(), timeZone, format)
  const span = window.endAt
    ? `${start} to ${formatDateTime(new Date(window.endAt).toISOString(), timeZone, format)}`
    : `${start}, open end`
  const repeats = window.recurrence ? repeatsLabel(window.recurrence, new Date(window.startAt), timeZone) : null
  return repeats ? `${span}, ${repeats}` : span
}
