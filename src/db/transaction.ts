import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type RequestContext,
} from 'payload'

/**
 * Runs `work` in one database transaction: committed when it returns, rolled back when it throws. With `outer`,
 * the work runs on that request: inside its transaction when it has one (the caller commits or rolls back), else
 * in one started on it here. `context` is for a request made here.
 * `work` is told whether a transaction was opened here: false when it joined the caller's, or when the database
 * has none (SQLite without transactions), where a failure leaves what was already written.
 */
export async function inTransaction<T>(
  payload: Payload,
  work: (req: PayloadRequest, opened: boolean) => Promise<T>,
  context: RequestContext = {},
  outer?: PayloadRequest,
): Promise<T> {
  const req = outer ?? (await createLocalReq({ context }, payload))
  // false when `req` is already in a transaction: that one's owner ends it.
  const own = await initTransaction(req)
  try {
    const result = await work(req, own)
    if (own) await commitTransaction(req)
    return result
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
