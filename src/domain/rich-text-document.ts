/**
 * Plain paragraphs as the rich-text editor (Lexical) stores them: what the server writes where a person would have
 * typed (the demo's descriptions, an imported postmortem). Pure: no editor is loaded to make one.
 */
export function richTextDocument(paragraphs: readonly string[]) {
  return {
    root: {
      type: 'root',
      version: 1,
      direction: 'ltr' as const,
      format: '' as const,
      indent: 0,
      children: paragraphs.map((text) => ({
        type: 'paragraph',
        version: 1,
        direction: 'ltr' as const,
        format: '' as const,
        indent: 0,
        textFormat: 0,
        children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }],
      })),
    },
  }
}
