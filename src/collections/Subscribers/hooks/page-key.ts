import type { Field } from 'payload'

/**
 * The subscriber's page as a number that is never null (0: the default page), for the unique indexes of an address
 * and its page: a unique index holds NULLs apart, so `(email, page)` would let one address subscribe to the default
 * page twice. Always derived from `page`, whatever a client sends.
 */
export const subscriberPageKey: Field[] = [
  {
    name: 'pageKey',
    type: 'number',
    defaultValue: 0,
    hidden: true,
    hooks: {
      beforeChange: [
        ({ siblingData, originalDoc }) => {
          const page = 'page' in siblingData ? siblingData.page : originalDoc?.page
          const id = typeof page === 'object' && page !== null ? (page as { id: number }).id : page
          return typeof id === 'number' ? id : 0
        },
      ],
    },
  },
]

const idOf = (value: unknown): number | null => {
  const id = typeof value === 'object' && value !== null ? (value as { id: unknown }).id : value
  return typeof id === 'number' ? id : null
}

/**
 * The incident a subscriber follows as a number that is never null (0: it follows its page), for the same unique
 * indexes: one address may follow its page and several incidents, each once. Set when the subscriber is created and
 * kept for good: it still says "a follower" after its incident was deleted (the reference is then emptied, ON DELETE
 * SET NULL), so a follower never turns into a subscriber of the whole page.
 */
export function incidentKeyOf(data: Record<string, unknown>, originalDoc?: Record<string, unknown> | null): number {
  // A stored subscriber (Payload hands a create's field hooks an empty document) keeps its key.
  if (originalDoc?.id !== undefined) return typeof originalDoc.incidentKey === 'number' ? originalDoc.incidentKey : 0
  return idOf(data.incident) ?? 0
}

export const subscriberIncidentKey: Field[] = [
  {
    name: 'incidentKey',
    type: 'number',
    defaultValue: 0,
    hidden: true,
    index: true,
    hooks: { beforeChange: [({ data, originalDoc }) => incidentKeyOf(data ?? {}, originalDoc)] },
  },
]
