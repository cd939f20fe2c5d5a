/**
 * The password reset e-mail: its link points at the configured public base URL (Settings or PUBLIC_URL), never at
 * the Host header of the request that asked for it, so nobody can have a reset token mailed to a host they control.
 */
import type { CollectionConfig } from 'payload'

import { messageBaseUrl } from '@/settings/base-url'

export function withPasswordResetMail(collection: CollectionConfig): CollectionConfig {
  const auth = typeof collection.auth === 'object' ? collection.auth : {}
  return {
    ...collection,
    auth: {
      ...auth,
      forgotPassword: {
        ...auth.forgotPassword,
        generateEmailSubject: () => 'Reset your status page password',
        generateEmailHTML: async (args) => {
          const base = await messageBaseUrl(args!.req!.payload)
          const link = `${base}/admin/reset/${encodeURIComponent(String(args!.token))}`
          return `<p>Someone (hopefully you) asked to reset the password of this account on the status page.</p>
<p><a href="${link}">${link}</a></p>
<p>The link works for one hour. If you did not ask for it, ignore this e-mail: the password stays as it is.</p>`
        },
      },
    },
  }
}
