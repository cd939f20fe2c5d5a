import type { AfterErrorHook } from 'payload'

import { UNAUTHENTICATED_MESSAGE } from '@/domain/refusals'

export { UNAUTHENTICATED_MESSAGE }

/**
 * Payload answers 403 both to strangers and to users who lack a role. The contract separates them: 401 when the
 * request carries no valid session or key, 403 only when a known user is not allowed. A request whose key or
 * cookie is invalid reaches here with no user, so it is a stranger too.
 */
export const unauthenticatedAs401: AfterErrorHook = ({ error, req, graphqlResult }) => {
  const status =
    (error as { status?: number }).status ?? (error as { originalError?: { status?: number } }).originalError?.status
  if (status !== 403 || req.user) return
  if (graphqlResult) {
    return {
      graphqlResult: {
        ...graphqlResult,
        message: UNAUTHENTICATED_MESSAGE,
        extensions: { ...graphqlResult.extensions, name: 'UnauthorizedError', statusCode: 401 },
      },
    }
  }
  return { response: { errors: [{ message: UNAUTHENTICATED_MESSAGE }] }, status: 401 }
}
