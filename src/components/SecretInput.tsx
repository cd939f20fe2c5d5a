'use client'
/**
 * A write-only credential's input (src/fields/secret.ts): typed as a password, so it does not show on a screen
 * shared during an incident, and never filled from the database (the stored value is never sent to the browser).
 */
import { FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

export const SecretInput: TextFieldClientComponent = ({ field, path: pathFromProps }) => {
  const path = pathFromProps ?? field.name
  const { value, setValue, showError } = useField<string>({ path })
  const id = `field-${path.replace(/\./g, '__')}`
  return (
    <div className={`field-type text secret-input${showError ? ' error' : ''}`} style={{ marginBottom: '1.5rem' }}>
      <FieldLabel htmlFor={id} label={field.label} path={path} />
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError} />
        <input
          id={id}
          name={path}
          type="password"
          autoComplete="new-password"
          value={value ?? ''}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
