/**
 * A page's accent colour as CSS (docs/pages.md): the links, the Subscribe button, the focus rings and a line atop the
 * header take it. The colour is one the domain accepted (#rrggbb); it is parsed into numbers here and written back
 * from them, so no text an operator typed reaches the stylesheet. Each theme gets the accent nearest to the chosen
 * one that still reads as text on its cards (WCAG's 4.5:1), and the button's text is white or near-black, whichever
 * stands out more. Without an accent the pages carry no extra style at all (their bytes stay as they were).
 */
import { validAccent } from '@/domain/branding'

type Rgb = [number, number, number]

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((c, i) => c + (to[i] - c) * share) as Rgb

/** `colour` moved toward `toward` (black or white) in small steps until it reads on `background`. */
function readableOn(colour: Rgb, background: Rgb, toward: Rgb): Rgb {
  for (let share = 0; share < 1; share += 0.05) {
    const candidate = mix(colour, toward, share)
    if (contrast(candidate, background) >= 4.5) return candidate
  }
  return toward
}

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]
/** The cards' backgrounds of the two themes (src/site/styles.ts, --card), and the dark theme's text. */
const LIGHT_CARD: Rgb = WHITE
const DARK_CARD: Rgb = parse('#1a1f25')
const DARK_TEXT: Rgb = parse('#111418')

function variables(accent: Rgb): string {
  const color = hexOf(accent)
  const onAccent = contrast(WHITE, accent) >= contrast(DARK_TEXT, accent) ? '#ffffff' : hexOf(DARK_TEXT)
  return `--link:${color};--focus:${color};--cta:${color};--cta-fg:${onAccent}`
}

/** The style of a page with this accent, or null (no accent, or none that is a colour). */
export function accentStyle(accentColor: string | null | undefined): string | null {
  const accent = validAccent(accentColor)
  if (!accent) return null
  const chosen = parse(accent)
  const light = variables(readableOn(chosen, LIGHT_CARD, BLACK))
  const dark = variables(readableOn(chosen, DARK_CARD, WHITE))
  return `:root{${light}}@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${dark}}}:root[data-theme=dark]{${dark}}header.site{box-shadow:inset 0 3px var(--cta)}`
}
