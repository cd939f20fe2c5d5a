import type { GlobalConfig } from 'payload'

import { nobody } from '@/access/roles'

/**
 * When demo mode last reset the data and when it resets next. Instances sharing one database agree through this
 * row: the one that moves `nextResetAt` on (a compare-and-set, src/demo/) runs the reset; the others skip it.
 */
export const DemoState: GlobalConfig = {
  slug: 'demo-state',
  admin: { hidden: true },
  access: { read: () => false, update: () => false },
  fields: [
    { name: 'lastResetAt', type: 'date', access: { read: nobody } },
    { name: 'nextResetAt', type: 'date', access: { read: nobody } },
  ],
}
