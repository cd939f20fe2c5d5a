/**
 * Which languages an incident or a maintenance is not yet written in (docs/languages.md, "Content"): the languages
 * other than the default whose title, or some update's message, is empty. Shown beside the editor's form, so that an
 * update published in English first is not forgotten in the others.
 */
import type { Payload } from 'payload'

import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale } from '@/domain/locales'

export interface MissingTranslation {
  locale: Locale
  name: string
  title: boolean
  /** How many updates have no message in this language. */
  updates: number
}

type PerLanguage = Partial<Record<string, unknown>> | null | undefined

const present = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** The missing translations of a document read with `locale: 'all'`. */
export function missingTranslations(doc: { title?: PerLanguage; updates?: { message?: PerLanguage }[] | null }) {
  return LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale): MissingTranslation[] => {
    const title = !present(doc.title?.[locale])
    const updates = (doc.updates ?? []).filter((u) => !present(u.message?.[locale])).length
    return title || updates ? [{ locale, name: LOCALE_NAMES[locale], title, updates }] : []
  })
}

/** The missing translations of a saved incident or maintenance; none before it is saved. */
export async function missingTranslationsOf(
  payload: Payload,
  collection: 'incidents' | 'maintenances',
  id: number | string | undefined,
): Promise<MissingTranslation[]> {
  if (id === undefined || id === null || id === '') return []
  const doc = await payload.findByID({
    collection,
    id,
    locale: 'all',
    depth: 0,
    select: { title: true, updates: true },
    overrideAccess: true,
    disableErrors: true,
  } as never)
  return doc ? missingTranslations(doc as never) : []
}
