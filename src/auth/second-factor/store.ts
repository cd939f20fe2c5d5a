/**
 * Where an account's second factor is kept: one hidden column (`users.second_factor`) holding its TOTP secret, the
 * last time step accepted and the recovery codes' hashes, sealed together (src/auth/secret-box.ts) so that a copy of
 * the database gives none of them away; and a visible `secondFactorOn` flag for the admin's list. Every change is a
 * compare-and-set of the sealed value: of two requests with the same code (or the same recovery code) only the one
 * whose UPDATE found the value it read succeeds, so a code is good once even under a race.
 */
import { and, eq, isNull } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { connectionFor, tableOf } from '@/db/sql'

import { openSecret, sealSecret } from '../secret-box'

const PURPOSE = 'second-factor'

export interface SecondFactorState {
  /** The TOTP secret, base32. */
  secret: string
  /** False while enrolment waits for its first code. */
  on: boolean
  /** The last time step a code was accepted for. */
  lastStep: number | null
  /** The unused recovery codes' hashes. */
  recovery: string[]
}

export interface StoredSecondFactor {
  /** As stored, for the compare-and-set. */
  sealed: string | null
  /** Null when there is none (or it no longer opens: PAYLOAD_SECRET changed). */
  state: SecondFactorState | null
}

/** `req`: inside a login, its transaction holds the account's row; reading and writing elsewhere would wait on it. */
async function store(payload: Payload, req?: PayloadRequest) {
  return { db: await connectionFor(payload, req), t: tableOf(payload, 'users') }
}

export async function readSecondFactor(
  payload: Payload,
  userId: number,
  req?: PayloadRequest,
): Promise<StoredSecondFactor> {
  const { db, t } = await store(payload, req)
  const [row]: { sealed: string | null }[] = await db.select({ sealed: t.secondFactor }).from(t).where(eq(t.id, userId))
  const sealed = row?.sealed ?? null
  const opened = sealed ? openSecret(sealed, payload.secret, PURPOSE) : null
  return { sealed, state: opened ? (JSON.parse(opened) as SecondFactorState) : null }
}

/** Replaces the stored value if it is still `expected`; false when another request changed it first. */
export async function replaceSecondFactor(
  payload: Payload,
  userId: number,
  expected: string | null,
  next: SecondFactorState | null,
  req?: PayloadRequest,
): Promise<boolean> {
  const { db, t } = await store(payload, req)
  const rows: unknown[] = await db
    .update(t)
    .set({
      secondFactor: next ? sealSecret(JSON.stringify(next), payload.secret, PURPOSE) : null,
      secondFactorOn: next?.on === true,
    })
    .where(and(eq(t.id, userId), expected === null ? isNull(t.secondFactor) : eq(t.secondFactor, expected)))
    .returning({ id: t.id })
  return rows.length > 0
}
