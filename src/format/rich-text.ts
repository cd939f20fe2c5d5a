/**
 * A maintenance description (Lexical editor JSON) as the public API shows it: HTML that is safe to put into any
 * page, and plain text. The HTML is sanitised after conversion, so neither an unexpected node type nor a crafted
 * link can carry a script through.
 */
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'
import sanitizeHtml from 'sanitize-html'

const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'hr',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Links leave the status page for somebody else's site: they get no referrer and no authority from it.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
}

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, SAFE_HTML)
}

function isEditorState(value: unknown): value is SerializedEditorState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    typeof (value as { root: unknown }).root === 'object'
  )
}

export function richTextToHtml(value: unknown): string {
  if (!isEditorState(value)) return ''
  return sanitizeRichHtml(convertLexicalToHTML({ data: value, disableContainer: true }))
}

export function richTextToText(value: unknown): string {
  if (!isEditorState(value)) return ''
  return convertLexicalToPlaintext({ data: value }).trim()
}
