/**
 * One reading of the clock per public response, and the soonest instant at which what the response shows changes
 * by itself (a maintenance starting, "ongoing for 5 minutes" becoming 6, an incident leaving "Past 7 days"). Every
 * part a route renders from `now` reports here when it goes stale; the response's expiry (the header the response
 * cache honours) is the soonest of them. A route that forgets to report is cached until the next write.
 */
export class ResponseClock {
  private soonest: number | null = null

  constructor(readonly now: Date = new Date()) {}

  /** Something shown changes at `at`; null (never) and instants not after now are ignored. */
  changesAt(at: Date | null | undefined): void {
    const time = at?.getTime()
    if (time === undefined || !Number.isFinite(time) || time <= this.now.getTime()) return
    if (this.soonest === null || time < this.soonest) this.soonest = time
  }

  get expiresAt(): Date | null {
    return this.soonest === null ? null : new Date(this.soonest)
  }
}
