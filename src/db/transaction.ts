import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type RequestContext } from 'payload'

/** Runs `work` in one database transaction: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<T>, context: RequestContext = {}): Promise<T> {
  const req = await createLocalReq({ context }, payload)
  await initTransaction(req)
  try {
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
