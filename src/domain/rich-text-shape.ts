/**
 * The shape a rich-text value (the Lexical editor's JSON) must have before Payload's own validation and hooks walk
 * it: those assume `root.children` and every `children` are lists, and a client's `{root: {children: "x"}}` came back
 * as a 500. Text inside it obeys the same character rule as every other text field.
 */
import { controlCharacterError } from './text'

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Why `value` is not a rich-text document (a message starting with `label`), or null. Empty values are the field's own rule. */
export function richTextShapeError(label: string, value: unknown): string | null {
  if (value === null || value === undefined) return null
  const shape = `${label} must be rich text: {root: {type: "root", children: [...]}}`
  if (!isObject(value) || !isObject(value.root) || !Array.isArray(value.root.children)) return shape
  const stack: unknown[] = [value.root]
  while (stack.length) {
    const node = stack.pop()
    if (!isObject(node) || typeof node.type !== 'string') return `${shape}, each node an object with a type`
    if ('children' in node) {
      if (!Array.isArray(node.children)) return `${shape}, each node's children a list`
      stack.push(...node.children)
    }
    if ('text' in node) {
      if (typeof node.text !== 'string') return `${label}: a text node's text must be a string`
      const refused = controlCharacterError(label, node.text)
      if (refused) return refused
    }
  }
  return null
}

/** Whether a rich-text value holds any words (an editor emptied by the operator keeps empty paragraphs). */
export function richTextHasWords(value: unknown): boolean {
  if (!isObject(value) || !isObject(value.root)) return false
  const stack: unknown[] = [value.root]
  while (stack.length) {
    const node = stack.pop()
    if (!isObject(node)) continue
    if (typeof node.text === 'string' && node.text.trim()) return true
    if (Array.isArray(node.children)) stack.push(...node.children)
  }
  return false
}
