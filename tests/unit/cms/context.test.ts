/**
 * The request-context flags are declared once (src/cms/context.ts) on Payload's RequestContext: a flag of the wrong
 * type is a type error (`npm run typecheck` fails when the declaration is missing or loosened).
 */
import type { RequestContext } from 'payload'
import { describe, expect, it } from 'vitest'

import '@/cms/context'

describe('the request context', () => {
  it('types the flags hooks read', () => {
    const seed: RequestContext = { skipNotifications: true, demoReset: true, clearSecrets: true }
    // @ts-expect-error a flag is a boolean, not any value
    const wrong: RequestContext = { skipNotifications: 'yes' }
    expect(seed.skipNotifications && wrong).toBeTruthy()
  })
})
