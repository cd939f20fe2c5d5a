import { MIN_PASSWORD_LENGTH } from '@/domain/password-policy'

/** On the admin's first-user screen only (see src/auth/first-user-form.ts): what this account will be. */
export function FirstUserNote() {
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
      <p style={{ margin: 0 }}>
        <strong>Role: administrator.</strong> The first account can do everything: it manages the status page, its
        settings and the other users. Editors and API keys (for scripts and bots) are added later under <em>Users</em>.
      </p>
      <p className="first-user-note__setup-code" style={{ margin: '0.5rem 0 0' }}>
        <strong>Setup code:</strong> the server printed it in its log when it started; it shows that this site is yours
        before anyone else reaches it.
      </p>
      {/* Said before the form is sent, not only in the refusal after it (the rule is src/domain/password-policy.ts). */}
      <p className="first-user-note__password" style={{ margin: '0.5rem 0 0' }}>
        <strong>Password:</strong> at least {MIN_PASSWORD_LENGTH} characters.
      </p>
    </div>
  )
}
