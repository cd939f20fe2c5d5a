/**
 * Expected refusals (400, 401, 403, 404, 429…) are the API answering a client, not the server failing: Payload logs
 * each at ERROR with a stack trace (over a kilobyte per anonymous request), so one client could fill the
 * disk. Its own per-name log levels do not help in the built server, where error class names are minified. This
 * pino hook logs a 4xx as one INFO line (status and message, control characters removed); 5xx keep their stack.
 */
import type { LogFn, Logger } from 'pino'

const PINO_ERROR = 50

function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { status, originalError } = error as { status?: unknown; originalError?: { status?: unknown } }
  if (typeof status === 'number') return status
  return typeof originalError?.status === 'number' ? originalError.status : undefined
}

/** A 4xx error as one short line, or null when the log call is something else. */
export function clientErrorLine(args: unknown[], level: number): string | null {
  if (level < PINO_ERROR) return null
  const first = args[0]
  const error =
    first instanceof Error
      ? first
      : first && typeof first === 'object' && 'err' in first
        ? (first as { err: unknown }).err
        : undefined
  const status = statusOf(error)
  if (status === undefined || status < 400 || status >= 500) return null
  const message = String((error as { message?: unknown }).message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .slice(0, 200)
  return `${status} ${message}`
}

export function quietClientErrors(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const line = clientErrorLine(args, level)
  if (line === null) return method.apply(this, args)
  this.info(line)
}
