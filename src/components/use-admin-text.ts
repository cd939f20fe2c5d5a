'use client'
/**
 * A browser component's words in the operator's language: the texts Payload handed the page with its own, in the
 * language it chose (src/i18n/admin-translations.ts puts them there), formatted as the server formats them.
 */
import { useTranslation } from '@payloadcms/ui'
import { useMemo } from 'react'

import { adminLocaleOf } from '@/i18n/admin-languages'
import { ADMIN_NAMESPACE, type AdminText, adminText, type AdminTexts } from '@/i18n/admin-text'

export function useAdminText(): AdminText {
  const { i18n } = useTranslation()
  const texts = (i18n.translations as unknown as Record<string, AdminTexts | undefined>)[ADMIN_NAMESPACE]
  return useMemo(() => adminText(adminLocaleOf(i18n.language), texts ?? {}), [i18n.language, texts])
}
