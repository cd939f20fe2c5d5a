/**
 * The rules of a page's branding (docs/pages.md): which accent colours and footer links a page may have. Pure: the
 * fields (src/fields/page-branding.ts) validate with these, and the site reads only values that pass them, so no
 * text an operator typed reaches the pages' CSS.
 */

/** "#0b57d0": six hex digits, nothing else (no names, no shorthand, no alpha), so it can be parsed, never pasted. */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value)
}

/** A stored accent as the site uses it: lower case when it is a colour, else null (a value from before validation). */
export function validAccent(value: string | null | undefined): string | null {
  const candidate = value?.trim().toLowerCase()
  return candidate && isHexColour(candidate) ? candidate : null
}

/** The footer has room for a few links beside its own; more would be a menu, not a footer. */
export const FOOTER_LINKS_MAX = 10

/** Whether a footer link may point at `value`: an absolute http(s) address (never javascript:, data: and the like). */
export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}
