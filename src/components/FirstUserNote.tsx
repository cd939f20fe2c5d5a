import type { I18nClient } from '@payloadcms/translations'
import type { ReactNode } from 'react'

import { MIN_PASSWORD_LENGTH } from '@/domain/password-policy'
import { serverAdminText } from '@/i18n/admin-translations'

const strong = (words: ReactNode) => <strong>{words}</strong>

/** On the admin's first-user screen only (see src/auth/first-user-form.ts): what this account will be. */
export function FirstUserNote({ i18n }: { i18n: I18nClient }) {
  const { rich } = serverAdminText(i18n)
  return (
    <div
      className="first-user-note"
      style={{
        margin: '0 0 1.5rem',
        padding: '0.75rem 1rem',
        border: '1px solid var(--theme-elevation-150)',
        borderRadius: '4px',
      }}
    >
      <p style={{ margin: 0 }}>{rich('admin.ui.firstUser.role', {}, { strong, em: (words) => <em>{words}</em> })}</p>
      <p className="first-user-note__setup-code" style={{ margin: '0.5rem 0 0' }}>
        {rich('admin.ui.firstUser.setupCode', {}, { strong })}
      </p>
      {/* Said before the form is sent, not only in the refusal after it (the rule is src/domain/password-policy.ts). */}
      <p className="first-user-note__password" style={{ margin: '0.5rem 0 0' }}>
        {rich('admin.ui.firstUser.password', { count: MIN_PASSWORD_LENGTH }, { strong })}
      </p>
    </div>
  )
}
