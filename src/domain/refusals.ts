/** The answer to a request that needs credentials and carries none (or invalid ones): the CMS and the edge say it alike. */
export const UNAUTHENTICATED_MESSAGE =
  'Authentication required: send a session cookie or an "Authorization: users API-Key <key>" header.'
