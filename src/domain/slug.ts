import slugify from 'slugify'

export const SLUG_MAX_LENGTH = 96

/**
 * Punctuation that separates words ("EU/West", "mail_relay", "v1.2", "Ärger—Büro"): a space to slugify, so the words
 * stay apart. Strict slugify would delete them and glue the words together ("euwest").
 */
const WORD_SEPARATORS = /[_/\\.,:;|+()[\]{}\u2010-\u2015]+/g

/** A URL-safe slug: lower case, ASCII, words joined by hyphens. Empty when the text has nothing to keep. */
export function toSlug(text: string): string {
  const slug = slugify(text.replace(WORD_SEPARATORS, ' '), { lower: true, strict: true, trim: true })
  // Cutting to length can end on a word boundary; a trailing hyphen would fail isSlug.
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '')
}

export function isSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= SLUG_MAX_LENGTH
}
