/**
 * The language of what a subscriber is sent (docs/languages.md): the one they subscribed in (the page's language
 * their request was in, stored on the subscriber), and the address of their page in it (`/de/manage/<token>` when it
 * is not the page's default). A Slack, Discord or Teams channel is a room a team reads, whoever added it: it speaks
 * its page's default language. What goes to a person's inbox about it (a visitor's confirmation) is in theirs.
 */
import { CHANNEL_RULES } from '@/domain/channels'
import { DEFAULT_LOCALE, isLocale, type Locale, localePathPrefix } from '@/domain/locales'

/** A chat channel (src/domain/channels.ts): it speaks the page's default language, not a subscriber's. */
export function operatorChannel(type: unknown): boolean {
  if (typeof type !== 'string' || !Object.hasOwn(CHANNEL_RULES, type)) return false
  return Boolean(CHANNEL_RULES[type as keyof typeof CHANNEL_RULES].chat)
}

/** What a subscription's confirmation is in: the language it was asked in, a chat channel's included. */
export function confirmationLocale(subscriber: { language?: string | null }): Locale {
  return isLocale(subscriber.language) ? subscriber.language : DEFAULT_LOCALE
}

/** What `subscriber` is sent messages in, on a page whose default language is `pageDefault`. */
export function subscriberLocale(subscriber: { type: string; language?: string | null }, pageDefault: Locale): Locale {
  if (operatorChannel(subscriber.type)) return pageDefault
  return isLocale(subscriber.language) ? subscriber.language : DEFAULT_LOCALE
}

/** The base of a message's links in `locale`: the page's base, with the language's prefix unless it is the default. */
export const localeBase = (base: string, locale: Locale, pageDefault: Locale): string =>
  `${base}${localePathPrefix(locale, pageDefault)}`
