import type { AfterErrorHook } from 'payload'

/** What Payload's REST error formatting answers for an error it cannot read a name from. */
const UNKNOWN = 'An unknown error occurred.'

/**
 * Every refusal (a 4xx) keeps its message on REST, in production too. Payload's REST formatting reads an error's
 * `name`, which the production build's minifier leaves empty, and then answered "An unknown error occurred." for
 * `sort=tokenHash` or a timestamp without an offset, while GraphQL named the field and rule. Only client errors
 * are restored: a 500's message stays hidden.
 */
export const keepRefusalMessages: AfterErrorHook = ({ error, graphqlResult, result }) => {
  if (graphqlResult) return
  const status = (error as { status?: unknown }).status
  if (typeof status !== 'number' || status < 400 || status >= 500 || !error.message) return
  const errors = (result as { errors?: { message?: unknown }[] } | undefined)?.errors
  if (!errors || errors.length !== 1 || errors[0].message !== UNKNOWN) return
  const data = (error as { data?: Record<string, unknown> | null }).data
  return { response: { errors: [{ message: error.message, ...(data ? { data } : {}) }] }, status }
}
