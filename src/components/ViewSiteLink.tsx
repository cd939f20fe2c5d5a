import type { I18nClient } from '@payloadcms/translations'

import { serverAdminText } from '@/i18n/admin-translations'

/** In the admin navigation, after the collections: the public status page, in a new tab. */
export function ViewSiteLink({ i18n }: { i18n: I18nClient }) {
  return (
    <a
      href="/"
      target="_blank"
      rel="noopener"
      className="nav__link"
      style={{ display: 'block', padding: '0.5rem 0', fontWeight: 600 }}
    >
      {serverAdminText(i18n).t('admin.ui.viewSite')} ↗
    </a>
  )
}
