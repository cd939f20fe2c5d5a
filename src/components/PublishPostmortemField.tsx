'use client'
/**
 * The postmortem's publication: a button that stamps it published now (saved with the incident), the time it was
 * published, and a way back to a draft. Publishing tells the incident's subscribers once (src/notify/events.ts).
 */
import { Button, DateTimeField, useField, useFormFields } from '@payloadcms/ui'
import type { DateFieldClientComponent } from 'payload'

import { richTextHasWords } from '@/domain/rich-text-shape'

import { useAdminText } from './use-admin-text'

export const PublishPostmortemField: DateFieldClientComponent = (props) => {
  const { t } = useAdminText()
  const path = props.path ?? props.field.name
  const { value, setValue } = useField<string | null>({ path })
  const postmortem = useFormFields(([fields]) => fields.postmortem?.value)
  const written = richTextHasWords(postmortem)
  return (
    <div className="publish-postmortem" style={{ marginBottom: '1.5rem' }}>
      {value ? (
        <>
          <DateTimeField {...props} />
          <Button buttonStyle="secondary" size="small" onClick={() => setValue(null)}>
            {t('admin.ui.postmortem.unpublish')}
          </Button>
        </>
      ) : (
        <>
          <p style={{ margin: '0 0 0.5rem' }}>
            {t(written ? 'admin.ui.postmortem.draft' : 'admin.ui.postmortem.unwritten')}
          </p>
          <Button
            buttonStyle="primary"
            size="small"
            disabled={!written}
            onClick={() => setValue(new Date().toISOString())}
          >
            {t('admin.ui.postmortem.publish')}
          </Button>
          {written ? (
            <p style={{ margin: '0.25rem 0 0', fontSize: '0.85em' }}>{t('admin.ui.postmortem.onSave')}</p>
          ) : null}
        </>
      )}
    </div>
  )
}
