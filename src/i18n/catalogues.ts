/**
 * The message catalogues: one JSON file per language and area (src/i18n/messages/<locale>/<area>.json: the site's
 * pages, its forms, the feeds and calendar, the messages sent, the APIs, the admin's labels, the admin's own components and checks, the marks on content),
 * flat keys prefixed by their area, ICU MessageFormat texts. English is the reference: every key of it must be in
 * every other catalogue (tests/unit/i18n/catalogues.test.ts).
 */
import type { Locale } from '@/domain/locales'

import enSite from './messages/en/site.json'
import enForms from './messages/en/forms.json'
import enFeeds from './messages/en/feeds.json'
import enNotify from './messages/en/notify.json'
import enApi from './messages/en/api.json'
import enAdmin from './messages/en/admin.json'
import enAdminUi from './messages/en/admin-ui.json'
import enContent from './messages/en/content.json'
import deSite from './messages/de/site.json'
import deForms from './messages/de/forms.json'
import deFeeds from './messages/de/feeds.json'
import deNotify from './messages/de/notify.json'
import deApi from './messages/de/api.json'
import deAdmin from './messages/de/admin.json'
import deAdminUi from './messages/de/admin-ui.json'
import deContent from './messages/de/content.json'
import frSite from './messages/fr/site.json'
import frForms from './messages/fr/forms.json'
import frFeeds from './messages/fr/feeds.json'
import frNotify from './messages/fr/notify.json'
import frApi from './messages/fr/api.json'
import frAdmin from './messages/fr/admin.json'
import frAdminUi from './messages/fr/admin-ui.json'
import frContent from './messages/fr/content.json'
import esSite from './messages/es/site.json'
import esForms from './messages/es/forms.json'
import esFeeds from './messages/es/feeds.json'
import esNotify from './messages/es/notify.json'
import esApi from './messages/es/api.json'
import esAdmin from './messages/es/admin.json'
import esAdminUi from './messages/es/admin-ui.json'
import esContent from './messages/es/content.json'
import ptBRSite from './messages/pt-BR/site.json'
import ptBRForms from './messages/pt-BR/forms.json'
import ptBRFeeds from './messages/pt-BR/feeds.json'
import ptBRNotify from './messages/pt-BR/notify.json'
import ptBRApi from './messages/pt-BR/api.json'
import ptBRAdmin from './messages/pt-BR/admin.json'
import ptBRAdminUi from './messages/pt-BR/admin-ui.json'
import ptBRContent from './messages/pt-BR/content.json'
import jaSite from './messages/ja/site.json'
import jaForms from './messages/ja/forms.json'
import jaFeeds from './messages/ja/feeds.json'
import jaNotify from './messages/ja/notify.json'
import jaApi from './messages/ja/api.json'
import jaAdmin from './messages/ja/admin.json'
import jaAdminUi from './messages/ja/admin-ui.json'
import jaContent from './messages/ja/content.json'
import arSite from './messages/ar/site.json'
import arForms from './messages/ar/forms.json'
import arFeeds from './messages/ar/feeds.json'
import arNotify from './messages/ar/notify.json'
import arApi from './messages/ar/api.json'
import arAdmin from './messages/ar/admin.json'
import arAdminUi from './messages/ar/admin-ui.json'
import arContent from './messages/ar/content.json'

export const ENGLISH = {
  ...enSite,
  ...enForms,
  ...enFeeds,
  ...enNotify,
  ...enApi,
  ...enAdmin,
  ...enAdminUi,
  ...enContent,
}
export type MessageKey = keyof typeof ENGLISH

export const CATALOGUES: Record<Locale, Partial<Record<MessageKey, string>>> = {
  en: { ...enSite, ...enForms, ...enFeeds, ...enNotify, ...enApi, ...enAdmin, ...enAdminUi, ...enContent },
  de: { ...deSite, ...deForms, ...deFeeds, ...deNotify, ...deApi, ...deAdmin, ...deAdminUi, ...deContent },
  fr: { ...frSite, ...frForms, ...frFeeds, ...frNotify, ...frApi, ...frAdmin, ...frAdminUi, ...frContent },
  es: { ...esSite, ...esForms, ...esFeeds, ...esNotify, ...esApi, ...esAdmin, ...esAdminUi, ...esContent },
  'pt-BR': {
    ...ptBRSite,
    ...ptBRForms,
    ...ptBRFeeds,
    ...ptBRNotify,
    ...ptBRApi,
    ...ptBRAdmin,
    ...ptBRAdminUi,
    ...ptBRContent,
  },
  ja: { ...jaSite, ...jaForms, ...jaFeeds, ...jaNotify, ...jaApi, ...jaAdmin, ...jaAdminUi, ...jaContent },
  ar: { ...arSite, ...arForms, ...arFeeds, ...arNotify, ...arApi, ...arAdmin, ...arAdminUi, ...arContent },
}
