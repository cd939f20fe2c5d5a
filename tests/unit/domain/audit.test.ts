import { describe, expect, it } from 'vitest'

import {
  type AuditField,
  auditChanges,
  auditCutoff,
  csvCell,
  isSecretAuditField,
  REDACTED,
  userUpdateAction,
} from '@/domain/audit'

const fields: AuditField[] = [
  { name: 'id', type: 'number' },
  { name: 'title', type: 'text' },
  { name: 'group', type: 'relationship', relationTo: 'service-groups' },
  { name: 'tokenHash', type: 'text', hidden: true },
  { name: 'signingSecret', type: 'text', custom: { secret: true } },
  {
    name: 'access',
    type: 'group',
    flattenedFields: [
      { name: 'mode', type: 'text' },
      {
        name: 'passwords',
        type: 'array',
        flattenedFields: [
          { name: 'label', type: 'text' },
          { name: 'password', type: 'text' },
        ],
      },
    ],
  },
  { name: 'address', type: 'ui' },
  { name: 'updatedAt', type: 'date' },
]

describe('auditChanges', () => {
  it('names the fields that changed, relationships as ids however the answer populated them', () => {
    const changes = auditChanges({
      fields,
      before: { id: 1, title: 'Old', group: 4, updatedAt: 'a' },
      after: { id: 1, title: 'New', group: { id: 4, name: 'Core' }, updatedAt: 'b' },
    })
    expect(changes).toEqual({ title: { before: 'Old', after: 'New' } })
  })

  it('a creation lists what it set; a deletion what there was', () => {
    expect(auditChanges({ fields, before: null, after: { id: 2, title: 'T', group: null } })).toEqual({
      title: { before: null, after: 'T' },
    })
    expect(auditChanges({ fields, before: { id: 2, title: 'T', group: 3 }, after: null })).toEqual({
      title: { before: 'T', after: null },
      group: { before: 3, after: null },
    })
  })

  it('never shows a secret: hidden, marked secret, or inside a group or array', () => {
    const before = {
      title: 'x',
      tokenHash: 'h1',
      access: { mode: 'private', passwords: [{ label: 'a', password: 'p1' }] },
    }
    const after = { title: 'x', access: { mode: 'private', passwords: [{ label: 'a', password: 'p2' }] } }
    const input = {
      signingSecret: 'whsec_new',
      tokenHash: 'h2',
      access: { passwords: [{ label: 'a', password: 'p2' }] },
    }
    const changes = auditChanges({ fields, before, after, input })
    expect(changes.signingSecret).toEqual({ before: REDACTED, after: REDACTED })
    expect(changes.tokenHash).toEqual({ before: REDACTED, after: REDACTED })
    expect(JSON.stringify(changes)).not.toMatch(/whsec_new|h1|h2|p1|p2/)
    expect(changes.access.after).toEqual({ mode: 'private', passwords: [{ label: 'a', password: REDACTED }] })
  })

  it('a hidden field written back as it was is no change; a new password is one', () => {
    expect(auditChanges({ fields, before: { tokenHash: 'h1' }, after: {}, input: { tokenHash: 'h1' } })).toEqual({})
    expect(
      auditChanges({ fields, before: { title: 'x' }, after: { title: 'x' }, input: { password: 'secret' } }),
    ).toEqual({
      password: { before: REDACTED, after: REDACTED },
    })
  })

  it('a field the answer leaves out (unreadable to the writer) is not a removal', () => {
    expect(auditChanges({ fields, before: { title: 'x', group: 3 }, after: { title: 'x' } })).toEqual({})
  })
})

describe('the rest of the rules', () => {
  it('secrets by mark or by name, not a flag that enables a key', () => {
    expect(isSecretAuditField({ name: 'unsubscribeToken', type: 'text' })).toBe(true)
    expect(isSecretAuditField({ name: 'apiKey', type: 'text' })).toBe(true)
    expect(isSecretAuditField({ name: 'salt', type: 'text' })).toBe(true)
    expect(isSecretAuditField({ name: 'enableAPIKey', type: 'checkbox' })).toBe(false)
    expect(isSecretAuditField({ name: 'title', type: 'text' })).toBe(false)
  })

  it("a user's update is named for a role change first, then a new key", () => {
    expect(userUpdateAction({ role: { before: 'editor', after: 'admin' }, apiKey: { before: 1, after: 2 } })).toBe(
      'role-change',
    )
    expect(userUpdateAction({ apiKey: { before: REDACTED, after: REDACTED } })).toBe('api-key')
    expect(userUpdateAction({ name: { before: 'a', after: 'b' } })).toBe('update')
  })

  it('CSV cells are quoted as RFC 4180 says, and a formula is not one', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvCell('-1+1')).toBe("'-1+1")
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell(null)).toBe('')
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"')
  })

  it('the cutoff is the retention before now', () => {
    expect(auditCutoff(new Date('2026-12-31T00:00:00Z'), 30).toISOString()).toBe('2026-12-01T00:00:00.000Z')
  })
})
