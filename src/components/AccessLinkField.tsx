'use client'
/**
 * An access link's address in the admin (the admin never sees a create's response): shown once when made anew
 * (POST /api/access-links/<id>/token); the previous address, and the access it gave, stop working.
 */
import { RenewableCredential } from './RenewableCredential'
import { useAdminText } from './use-admin-text'

export function AccessLinkField() {
  const { t } = useAdminText()
  return (
    <RenewableCredential
      collection="access-links"
      answerField="link"
      label={t('admin.ui.accessLink.label')}
      unsaved={t('admin.ui.accessLink.unsaved')}
      stored={t('admin.ui.accessLink.stored')}
      confirm={t('admin.ui.accessLink.confirm')}
      button={t('admin.ui.accessLink.button')}
      shown={t('admin.ui.accessLink.shown')}
      ariaLabel={t('admin.ui.accessLink.input')}
    />
  )
}
