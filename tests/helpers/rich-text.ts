/** Lexical documents as the admin's editor saves them, for the tests that write rich text through the API. */

/** A run of text; `format` 1 is bold. */
export const text = (value: string, format = 0) => ({
  type: 'text',
  version: 1,
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
})

/** A link around `label`, as the editor's link button makes it. */
export const link = (url: string, label: string) => ({
  type: 'link',
  version: 3,
  direction: 'ltr',
  format: '',
  indent: 0,
  id: 'l' + label.length,
  fields: { url, newTab: false, linkType: 'custom' },
  children: [text(label)],
})

export const paragraph = (...children: object[]) => ({
  type: 'paragraph',
  version: 1,
  direction: 'ltr',
  format: '',
  indent: 0,
  textFormat: 0,
  children,
})

/** A document of these blocks (paragraphs). */
export const richText = (...blocks: object[]) => ({
  root: { type: 'root', version: 1, direction: 'ltr', format: '', indent: 0, children: blocks },
})

/** One paragraph of plain text per argument. */
export const plainRichText = (...paragraphs: string[]) => richText(...paragraphs.map((line) => paragraph(text(line))))

/** One paragraph of bold text. */
export const boldRichText = (value: string) => richText(paragraph(text(value, 1)))
