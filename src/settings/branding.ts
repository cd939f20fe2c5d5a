/**
 * A page's branding as the public pages read it (src/fields/page-branding.ts writes it, on the settings for the
 * default page and on each page): the accent colour, the banner's words per status, the footer's links and the date
 * format. Every value is checked again here by the domain's rules, so one stored before validation (or edited in the
 * database) is left out rather than shown.
 */
import { validAccent, isHttpUrl } from '@/domain/branding'
import { isDateFormat, type DateFormat } from '@/domain/date-format'
import { SERVICE_STATUSES, type ServiceStatus } from '@/domain/statuses'

export interface FooterLink {
  label: string
  url: string
}

/** What the banner says for each overall status, in one language. */
export type BannerWords = Partial<Record<ServiceStatus, string>>

export interface Branding {
  /** "#0b57d0", lower case; null: the site's own colours. */
  accentColor: string | null
  /**
   * Per language (docs/languages.md, "Content"), what the banner says for an overall status in place of the derived
   * headline; a status a language leaves out: that language's headline.
   */
  bannerTexts: Partial<Record<string, BannerWords>>
  footerLinks: FooterLink[]
  /** null: not set (on a page, the default page's applies). */
  dateFormat: DateFormat | null
}

/** The branding fields of the settings or of a page, as Payload returns them read in every language (`locale: 'all'`). */
export interface BrandingFields {
  accentColor?: string | null
  bannerTexts?: unknown
  footerLinks?: { label?: string | null; url?: string | null }[] | null
  dateFormat?: string | null
}

export function brandingOf(doc: BrandingFields): Branding {
  const bannerTexts: Branding['bannerTexts'] = {}
  const perLocale = (doc.bannerTexts ?? {}) as Record<string, Partial<Record<ServiceStatus, unknown>> | null>
  for (const [locale, texts] of Object.entries(perLocale)) {
    const words: BannerWords = {}
    for (const status of SERVICE_STATUSES) {
      const text = texts?.[status]
      if (typeof text === 'string' && text.trim()) words[status] = text.trim()
    }
    if (Object.keys(words).length) bannerTexts[locale] = words
  }
  return {
    accentColor: validAccent(doc.accentColor),
    bannerTexts,
    footerLinks: (doc.footerLinks ?? []).flatMap(({ label, url }) => {
      const [text, address] = [label?.trim(), url?.trim()]
      return text && address && isHttpUrl(address) ? [{ label: text, url: address }] : []
    }),
    dateFormat: isDateFormat(doc.dateFormat) ? doc.dateFormat : null,
  }
}

/** A page's branding over the default page's: what the page leaves empty, the default page's value fills. */
export function brandingOver(page: Branding, fallback: Partial<Branding>): Branding {
  return {
    accentColor: page.accentColor ?? fallback.accentColor ?? null,
    bannerTexts: Object.fromEntries(
      [...new Set([...Object.keys(fallback.bannerTexts ?? {}), ...Object.keys(page.bannerTexts)])].map((locale) => [
        locale,
        { ...fallback.bannerTexts?.[locale], ...page.bannerTexts[locale] },
      ]),
    ),
    footerLinks: page.footerLinks.length ? page.footerLinks : (fallback.footerLinks ?? []),
    dateFormat: page.dateFormat ?? fallback.dateFormat ?? null,
  }
}
