/**
 * The language of what a subscriber is sent (docs/languages.md): the one they subscribed in (the page's language
 * their request was in, stored on the subscriber), and the address of their page in it (`/de/manage/<token>` when it
 * is not the page's default). A Slack, Discord or Teams endpoint is the operator's, added in the admin area and never
 * confirmed by a visitor: it speaks its page's default language.
 */
import { CHANNEL_RULES } from '@/domain/channels'
import { DEFAULT_LOCALE, isLocale, type Locale, localePathPrefix } from '@/domain/locales'

/** A channel only the operator adds: a URL nobody confirms (chat), as opposed to a visitor's e-mail, SMS or webhook. */
export function operatorChannel(type: unknown): boolean {
  if (typeof type !== 'string' || !Object.hasOwn(CHANNEL_RULES, type)) return false
  const rules = CHANNEL_RULES[type as keyof typeof CHANNEL_RULES]
  return rules.addressField === 'url' && !rules.confirmBy
}

/** What `subscriber` is sent messages in, on a page whose default language is `pageDefault`. */
export function subscriberLocale(subscriber: { type: string; language?: string | null }, pageDefault: Locale): Locale {
  if (operatorChannel(subscriber.type)) return pageDefault
  return isLocale(subscriber.language) ? subscriber.language : DEFAULT_LOCALE
}

/** The base of a message's links in `locale`: the page's base, with the language's prefix unless it is the default. */
export const localeBase = (base: string, locale: Locale, pageDefault: Locale): string =>
  `${base}${localePathPrefix(locale, pageDefault)}`
