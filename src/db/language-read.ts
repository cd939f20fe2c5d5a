/**
 * Reads in every language inside a caller's transaction. Payload's Local API writes a call's `locale` onto the
 * request it is given (createLocalReq), so reading with `locale: 'all'` on a hook's own request would make every
 * later read on it, and any read running beside it, return each localized field as a record of languages.
 */
import type { PayloadRequest } from 'payload'

/** A request of its own for such a read: the caller's transaction, user and context, none of its state. */
export function languageReadRequest(req: PayloadRequest): PayloadRequest {
  return {
    payload: req.payload,
    transactionID: req.transactionID,
    context: req.context,
    user: req.user,
    i18n: req.i18n,
    t: req.t,
  } as PayloadRequest
}
