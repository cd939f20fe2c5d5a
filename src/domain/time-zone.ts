/** Time zones: the settings accept only names the runtime knows, and the pages fall back to UTC for any other. */

/** Whether `value` is an IANA time zone name the runtime's Intl knows (Europe/Berlin, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** The zone to show times in: `zone` when it is one, else UTC (a value stored before validation, or none). */
export function validTimeZone(zone: string | null | undefined): string {
  const candidate = zone?.trim() || 'UTC'
  return isTimeZone(candidate) ? candidate : 'UTC'
}
