import slugify from 'slugify'

/** A URL-safe slug: lower case, ASCII, words joined by hyphens. Empty when the text has nothing to keep. */
export function toSlug(text: string): string {
  return slugify(text, { lower: true, strict: true, trim: true }).slice(0, 96)
}

export function isSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 96
}
