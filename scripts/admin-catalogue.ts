/**
 * node --conditions=production --import tsx scripts/admin-catalogue.ts
 * Writes the English admin catalogue (src/i18n/messages/en/admin.json) from the config: every label, description,
 * placeholder, select option, row name and navigation group the admin shows (src/i18n/admin-labels.ts), under its
 * key. Then lists, per language, the keys its catalogue lacks or no longer needs: those are translated by hand.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const catalogue = (locale: string) => path.join(root, 'src/i18n/messages', locale, 'admin.json')

// The config is only read, never started: any secret will do, and no database is opened.
process.env.PAYLOAD_SECRET ??= randomBytes(32).toString('hex')
// The config is built with the catalogues as they are: the English one starts empty, so that none of its old texts
// (perhaps no longer valid) is read.
writeFileSync(catalogue('en'), '{}\n')

const { untranslatedConfig } = await import('../src/payload.config')
const { withAdminTranslations } = await import('../src/i18n/admin-labels')
const { LOCALES } = await import('../src/domain/locales')

const english = new Map<string, string>()
withAdminTranslations(untranslatedConfig, (key, text) => {
  const known = english.get(key)
  if (known !== undefined && known !== text) throw new Error(`${key} is both "${known}" and "${text}"`)
  english.set(key, text)
  return text
})
// ICU MessageFormat: a `{placeholder}` or `<name>` in an English text is quoted, so that it shows as written.
const icu = (text: string) => text.replace(/\{[^{}]*\}|<[^<>]*>/g, (quoted) => `'${quoted}'`)
const sorted = Object.fromEntries([...english.keys()].sort().map((key) => [key, icu(english.get(key)!)]))
writeFileSync(catalogue('en'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`${english.size} keys in ${path.relative(root, catalogue('en'))}`)

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  let own: Record<string, string> = {}
  try {
    own = JSON.parse(readFileSync(catalogue(locale), 'utf8')) as Record<string, string>
  } catch {
    // Not written yet.
  }
  const missing = Object.keys(sorted).filter((key) => !(key in own))
  const extra = Object.keys(own).filter((key) => !(key in sorted))
  if (missing.length || extra.length)
    console.log(`${locale}: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`)
}
process.exit(0)
