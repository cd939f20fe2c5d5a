/**
 * Which characters stored text may hold. C0 control characters other than tab, line feed and carriage return, and
 * DEL, have no meaning in a title or a message, XML 1.0 forbids them (one in an update made the Atom and RSS feeds
 * unreadable for every reader), PostgreSQL cannot store NUL at all, and ESC starts the colour codes that rewrite
 * what a terminal shows. They are refused on the way in, so nothing downstream has to strip them.
 */

// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** The first forbidden control character in `text`, as U+XXXX, or null when there is none. */
export function forbiddenControlCharacter(text: string): string | null {
  const match = FORBIDDEN_CONTROL.exec(text)
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null
}

/** Why `value` may not be stored as text (a message starting with `label`), or null. Non-strings are not judged here. */
export function controlCharacterError(label: string, value: unknown): string | null {
  if (typeof value !== 'string') return null
  const found = forbiddenControlCharacter(value)
  return found
    ? `${label} contains a control character (${found}); only tab, line feed and carriage return are allowed`
    : null
}
