'use client'
/** The integration's token in the admin: shown once when made anew (POST /api/integrations/<id>/token). */
import { RenewableCredential } from './RenewableCredential'
import { useAdminText } from './use-admin-text'

export function IntegrationTokenField() {
  const { t, rich } = useAdminText()
  return (
    <RenewableCredential
      collection="integrations"
      answerField="token"
      label={t('admin.ui.integrationToken.label')}
      unsaved={t('admin.ui.integrationToken.unsaved')}
      stored={t('admin.ui.integrationToken.stored')}
      confirm={t('admin.ui.integrationToken.confirm')}
      button={t('admin.ui.integrationToken.button')}
      shown={rich(
        'admin.ui.integrationToken.shown',
        { header: 'Authorization: Bearer <token>' },
        { code: (words) => <code>{words}</code> },
      )}
      ariaLabel={t('admin.ui.integrationToken.input')}
    />
  )
}
