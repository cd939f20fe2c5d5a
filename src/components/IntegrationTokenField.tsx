'use client'
/** The integration's token in the admin: shown once when made anew (POST /api/integrations/<id>/token). */
import { RenewableCredential } from './RenewableCredential'

export function IntegrationTokenField() {
  return (
    <RenewableCredential
      collection="integrations"
      answerField="token"
      label="Token"
      unsaved="A token is generated when the integration is saved. Generate one here after saving to see it."
      stored="The token is stored hashed and cannot be shown. Generate a new one to replace it."
      confirm="Generate a new token? The current one stops working at once."
      button="Generate a new token"
      shown={
        <>
          Copy this token now: it is not shown again. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
      ariaLabel="New integration token"
    />
  )
}
