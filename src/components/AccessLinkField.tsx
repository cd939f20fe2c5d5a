'use client'
/**
 * An access link's address in the admin (the admin never sees a create's response): shown once when made anew
 * (POST /api/access-links/<id>/token); the previous address, and the access it gave, stop working.
 */
import { RenewableCredential } from './RenewableCredential'

export function AccessLinkField() {
  return (
    <RenewableCredential
      collection="access-links"
      answerField="link"
      label="Address"
      unsaved="Save the link first; then make its address here to copy it."
      stored="The address is stored hashed and cannot be shown. Make a new one to see it (the old one stops working)."
      confirm="Make a new address? The current one, and the access it gave, stop working at once."
      button="Make a new address"
      shown="Copy this address now and send it to whoever it is for: it is not shown again."
      ariaLabel="New access link address"
    />
  )
}
