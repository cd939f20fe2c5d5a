/**
 * What people wrote for an announcement, in each language they wrote it in (docs/languages.md, "Content"): the
 * incident's or maintenance's title and the announced text. The event keeps them beside its English snapshot, so
 * that each subscriber's copy says them in the subscriber's language where a translation exists
 * (src/notify/localize.ts).
 */
import type { PayloadRequest } from 'payload'

import { languageReadRequest } from '@/db/language-read'
import { richTextToText } from '@/format/rich-text'

import type { WrittenTexts } from './content'

type PerLocale<T> = Partial<Record<string, T | null>> | null | undefined
type AllLanguages = {
  title?: PerLocale<string>
  description?: PerLocale<unknown>
  postmortem?: PerLocale<unknown>
  updates?: { id?: string | null; message?: PerLocale<string> }[] | null
}

/** Which text of the record an announcement carries. */
export type Announced = { update: string | null | undefined } | 'description' | 'postmortem' | 'none'

function messagesOf(doc: AllLanguages, announced: Announced): PerLocale<string> {
  if (announced === 'none') return null
  if (announced === 'description' || announced === 'postmortem') {
    const rich = doc[announced]
    return rich && Object.fromEntries(Object.entries(rich).map(([locale, value]) => [locale, richTextToText(value)]))
  }
  return doc.updates?.find((update) => update.id && update.id === announced.update)?.message
}

/** The record's title and announced text per language, read in the announcement's transaction. */
export async function writtenTexts(
  req: PayloadRequest,
  collection: 'incidents' | 'maintenances',
  id: number,
  announced: Announced,
): Promise<WrittenTexts> {
  const doc = (await req.payload.findByID({
    collection,
    id,
    locale: 'all',
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req: languageReadRequest(req),
  })) as AllLanguages | null
  if (!doc) return {}
  const texts: WrittenTexts = {}
  const titles = doc.title ?? {}
  const messages = messagesOf(doc, announced) ?? {}
  for (const locale of new Set([...Object.keys(titles), ...Object.keys(messages)])) {
    const title = titles[locale]
    const message = messages[locale]
    texts[locale] = {
      ...(typeof title === 'string' && title ? { title } : {}),
      ...(typeof message === 'string' && message ? { message } : {}),
    }
  }
  return texts
}
