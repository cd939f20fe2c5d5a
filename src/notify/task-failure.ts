/**
 * What a failed notification job writes to the log: one line with the reason. Payload's own report of a failed
 * task is the whole job as JSON with a stack trace (about 200 lines a failure), so the runner silences it and the
 * tasks say it here instead; the details of each delivery stay in *Notification deliveries*.
 */
import type { Payload } from 'payload'

import { ChannelNotConfigured, SendFailure } from './email'

export async function reportingFailure<T>(payload: Payload, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof SendFailure || error instanceof ChannelNotConfigured)
      payload.logger.warn(`${what} failed: ${error.message}`)
    // Not a sending failure (the database went away, a bug): the stack is worth its lines, the job's JSON is not.
    else payload.logger.error({ err: error, msg: `${what} failed` })
    throw error
  }
}
