/**
 * Whether this server may send anything at all. In demo mode every visitor shares an administrator account, so the
 * SMS and e-mail settings are anybody's: nothing leaves the server. The check sits in the
 * tasks and in the senders themselves, not only in whether the runner starts, because a job can be run by other
 * paths than the runner.
 */
import { type Env, env } from '@/config/env'

export const DEMO_NOTHING_SENT = 'Demo mode: nothing is sent from a demo site (no e-mail, no SMS).'

/** The reason nothing may be sent now, or null when sending is allowed. */
export function sendingDisabledReason(settings: Env = env()): string | null {
  return settings.DEMO_MODE ? DEMO_NOTHING_SENT : null
}
