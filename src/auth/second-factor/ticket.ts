/**
 * The ticket a correct password earns when the account needs its second step: proof, for a few minutes, that this
 * password was right for this account, and nothing else. It is no session: nothing but the second-factor endpoints
 * accepts it. Sealed (src/auth/secret-box.ts, a purpose of its own), so it cannot be made or altered without
 * PAYLOAD_SECRET; kept by nobody, so any instance can take the second step.
 */
import { openSecret, sealSecret } from '../secret-box'

const PURPOSE = 'second-factor-ticket'
const TICKET_SECONDS = 5 * 60

/** `code`: the account has the factor and must type a code; `enrol`: its role needs one it has not set up. */
export type TicketKind = 'code' | 'enrol'

interface TicketBody {
  user: number
  kind: TicketKind
  /** Seconds since the epoch. */
  expires: number
}

export function issueTicket(user: number, kind: TicketKind, secret: string, now = Date.now()): string {
  const body: TicketBody = { user, kind, expires: Math.floor(now / 1000) + TICKET_SECONDS }
  return sealSecret(JSON.stringify(body), secret, PURPOSE)
}

/** The account and kind of a ticket this server issued and that has not expired, else null. */
export function readTicket(
  ticket: unknown,
  secret: string,
  now = Date.now(),
): { user: number; kind: TicketKind } | null {
  if (typeof ticket !== 'string' || ticket.length > 1000) return null
  const opened = openSecret(ticket, secret, PURPOSE)
  if (!opened) return null
  const body = JSON.parse(opened) as TicketBody
  return body.expires * 1000 > now ? { user: body.user, kind: body.kind } : null
}
