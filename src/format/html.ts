/**
 * A tiny HTML template: `html\`<p>${value}</p>\`` escapes every interpolated value unless it is already safe HTML
 * (another `html` result, or `raw()` for markup that was sanitised elsewhere). Arrays are joined; null, undefined
 * and false render nothing. The public pages are plain strings so that they ship no framework runtime.
 */
const SAFE = Symbol('safe-html')

export interface SafeHtml {
  readonly [SAFE]: true
  readonly value: string
  toString(): string
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | HtmlValue[]

function safe(value: string): SafeHtml {
  return { [SAFE]: true, value, toString: () => value }
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )
}

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && SAFE in value
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (Array.isArray(value)) return value.map(render).join('')
  if (isSafe(value)) return value.value
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return safe(out)
}

/** Markup that is already safe (sanitised rich text, our own inline scripts and styles). */
export function raw(markup: string): SafeHtml {
  return safe(markup)
}
