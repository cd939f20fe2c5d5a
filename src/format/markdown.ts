/**
 * Update messages are written in a small, safe Markdown: links, emphasis, lists, code, quotes. One parser
 * (markdown-it: raw HTML off, so `<script>` is text; its link check drops `javascript:`, `vbscript:`, `file:` and
 * most `data:`), then the one sanitiser every rich text goes through (format/rich-text.ts) for pages, feeds and
 * HTML e-mail; plain-text e-mail and SMS get the words with each link's address written out.
 */
import MarkdownIt from 'markdown-it'

import { sanitizeRichHtml } from './rich-text'

// Headings, tables and images are not part of an incident update: they are read as plain text.
const markdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true }).enable([
  'emphasis',
  'link',
  'linkify',
  'list',
  'code',
  'fence',
  'backticks',
  'blockquote',
  'newline',
  'escape',
  'autolink',
  'strikethrough',
])

type Token = ReturnType<typeof markdown.parse>[number]

/** The message as sanitised HTML (paragraphs, links that leave with no referrer, emphasis, lists, code). */
export function markdownToHtml(source: string): string {
  return sanitizeRichHtml(markdown.render(source))
}

function inlineText(tokens: Token[]): string {
  let out = ''
  let href: string | null = null
  let label = ''
  for (const token of tokens) {
    if (token.type === 'link_open') {
      href = String(token.attrGet('href') ?? '') || null
      label = ''
    } else if (token.type === 'link_close') {
      // An autolinked address is its own label: written once.
      out += href && label !== href && `mailto:${label}` !== href ? `${label} (${href})` : label
      href = null
    } else if (token.type === 'softbreak' || token.type === 'hardbreak') {
      if (href !== null) label += ' '
      else out += '\n'
    } else if (token.type === 'text' || token.type === 'code_inline') {
      if (href !== null) label += token.content
      else out += token.content
    }
  }
  return out
}

/** The message as plain text: emphasis marks dropped, list items on lines of their own, links as "label (address)". */
export function markdownToText(source: string): string {
  const blocks: string[] = []
  let prefix = ''
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'list_item_open') prefix = token.info ? `${token.info}. ` : '- '
    else if (token.type === 'inline') {
      blocks.push(prefix + inlineText(token.children ?? []))
      prefix = ''
    } else if (token.type === 'fence' || token.type === 'code_block') blocks.push(token.content.replace(/\n$/, ''))
  }
  return blocks.join('\n')
}
