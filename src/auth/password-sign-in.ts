import type { CollectionBeforeOperationHook } from 'payload'

import { Unauthorized } from '@/errors'

import { operatorSso } from './operator-sso'

const PASSWORD_OPERATIONS = new Set(['login', 'forgotPassword', 'resetPassword'])

/**
 * With single sign-on set up and SSO_PASSWORD_SIGN_IN=false, a password opens nothing over HTTP: no login, and no
 * reset (which signs in too). The Local API (the CLI, the first administrator from the environment) is server code
 * and keeps working; API keys are not passwords and are untouched.
 */
export const refusePasswordSignIn: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (!PASSWORD_OPERATIONS.has(operation) || req.payloadAPI === 'local') return args
  const sso = operatorSso()
  if (sso && !sso.passwordSignIn)
    throw new Unauthorized(`Sign-in by password is turned off here: sign in with ${sso.label}.`)
  return args
}
