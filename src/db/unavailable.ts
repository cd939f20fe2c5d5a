/**
 * Whether an error means the database is not answering (refused, dropped, timed out, locked, out of disk) rather
 * than answering no (a constraint, a syntax error): such a request is answered 503. Pure, so src/errors.ts and the
 * verbs ask it without the adapter's watch (src/auth/database-failure.ts).
 */

/** PostgreSQL classes 08 (connection), 57 (operator intervention: terminated, timed out by statement_timeout),
 * 53300 (too many connections); Node socket errors; pg-pool's messages; SQLite busy, and a file that cannot be
 * opened or written (permissions, a full disk, an I/O error). */
const CONNECTION_CODES =
  /^(08...|57...|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|SQLITE_BUSY|SQLITE_READONLY\w*|SQLITE_CANTOPEN|SQLITE_FULL|SQLITE_IOERR\w*)$/
/** "failed earlier in this request" is the watch's own refusal to ask again (src/auth/database-failure.ts). */
const CONNECTION_MESSAGES =
  /failed earlier in this request|Connection terminated|timeout exceeded when trying to connect|Query read timeout|database is locked|Client has encountered a connection error|attempt to write a readonly database|unable to open database file|database or disk is full|disk I\/O error|cannot connect to (Postgres|SQLite)/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let cause = error, depth = 0;
    cause && typeof cause === 'object' && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && CONNECTION_CODES.test(code)) return true
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
  }
  return false
}
