/**
 * inTransaction (src/db/transaction.ts): its own transaction, committed when the work returns and rolled back when
 * it throws; or, given the caller's request, that request's transaction, which it neither commits nor rolls back.
 * Only PostgreSQL's adapter has transactions (SQLite's writes one at a time without), so what a rollback undoes is
 * checked there; on SQLite the work still runs on the caller's request.
 */
import { createLocalReq, initTransaction, killTransaction, type PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { inTransaction } from '@/db/transaction'
import { payload } from '../helpers/api'

async function groups(name: string): Promise<number> {
  const p = await payload()
  return (
    await p.find({ collection: 'service-groups', where: { name: { equals: name } }, overrideAccess: true, depth: 0 })
  ).totalDocs
}

const addGroup = async (req: PayloadRequest, name: string) => {
  await req.payload.create({ collection: 'service-groups', data: { name }, overrideAccess: true, depth: 0, req })
}

describe('inTransaction', () => {
  it('commits its own transaction, and rolls it back when the work throws', async () => {
    const p = await payload()
    await inTransaction(p, (req) => addGroup(req, 'Committed'))
    expect(await groups('Committed')).toBe(1)
    await expect(
      inTransaction(p, async (req) => {
        await addGroup(req, 'Rolled back')
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    expect(await groups('Rolled back')).toBe(p.db.name === 'postgres' ? 0 : 1)
  })

  it("joins the caller's transaction and leaves ending it to the caller", async () => {
    const p = await payload()
    const outer = await createLocalReq({}, p)
    const own = await initTransaction(outer)
    const id = outer.transactionID
    let seen: PayloadRequest | undefined
    await inTransaction(
      p,
      async (req) => {
        seen = req
        await addGroup(req, 'Inside the caller')
      },
      {},
      outer,
    )
    expect(seen).toBe(outer)
    // Not committed: the caller's transaction is still open, and the caller's rollback undoes the write.
    expect(outer.transactionID).toBe(id)
    if (own) await killTransaction(outer)
    expect(await groups('Inside the caller')).toBe(p.db.name === 'postgres' ? 0 : 1)
  })
})
