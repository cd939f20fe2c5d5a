/**
 * On the admin's login page (a Payload afterLogin server component): "Sign in with <provider>" when single sign-on
 * for operators is set up (src/auth/operator-sso.ts); nothing otherwise.
 */
import type { I18nClient } from '@payloadcms/translations'

import { operatorSso } from '@/auth/operator-sso'
import { serverAdminText } from '@/i18n/admin-translations'

export function OperatorSsoLink({ i18n }: { i18n: I18nClient }) {
  const sso = operatorSso()
  if (!sso) return null
  return (
    <p style={{ marginTop: '1.5rem' }}>
      <a href="/api/users/sso" className="btn btn--style-secondary btn--size-medium" style={{ display: 'block' }}>
        {serverAdminText(i18n).t('admin.ui.sso.signInWith', { provider: sso.label })}
      </a>
    </p>
  )
}
