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
