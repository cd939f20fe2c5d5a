import { describe, expect, it } from 'vitest'

import {
  bumpDataVersion,
  type ChangeScope,
  currentDataVersion,
  currentServicesVersion,
  markDataChanged,
  pageDataVersion,
  settleChangeScope,
  withChangeScope,
} from '@/runtime/data-version'

const versions = () => ({ data: currentDataVersion(), services: currentServicesVersion() })

describe('the data version and the services version', () => {
  it('moves both on a change that may touch services, only the data version on one that surely does not', () => {
    const before = versions()
    bumpDataVersion()
    expect(versions()).toEqual({ data: before.data + 1, services: before.services + 1 })
    bumpDataVersion(false, { services: false })
    expect(versions()).toEqual({ data: before.data + 2, services: before.services + 1 })
    // Another instance's change never says what it touched: both move.
    bumpDataVersion(true)
    expect(versions()).toEqual({ data: before.data + 3, services: before.services + 2 })
  })

  it("bumps once when a request's scope settles, touching services iff one of its changes did", () => {
    const before = versions()
    const incidentOnly: ChangeScope = { changed: false, settled: false }
    withChangeScope(incidentOnly, () => {
      markDataChanged({ services: false })
      markDataChanged({ services: false })
    })
    expect(versions()).toEqual(before)
    settleChangeScope(incidentOnly)
    expect(versions()).toEqual({ data: before.data + 1, services: before.services })

    const withAService: ChangeScope = { changed: false, settled: false }
    withChangeScope(withAService, () => {
      markDataChanged({ services: false })
      markDataChanged({ services: true })
    })
    settleChangeScope(withAService)
    expect(versions()).toEqual({ data: before.data + 2, services: before.services + 1 })
  })

  it('bumps at once outside a request; a change that does not say counts as touching services', () => {
    const before = versions()
    markDataChanged({ services: false })
    expect(versions()).toEqual({ data: before.data + 1, services: before.services })
    markDataChanged()
    expect(versions()).toEqual({ data: before.data + 2, services: before.services + 1 })
  })
})

describe('per page', () => {
  it("keeps a page's responses fresh through changes to other pages, and through none that did not say", () => {
    bumpDataVersion(false, { services: false, pages: [1] })
    const read = currentDataVersion() // a response of page 2 read now, another of page 1
    bumpDataVersion(false, { services: false, pages: [1] })
    expect(pageDataVersion(2)).toBeLessThanOrEqual(read)
    expect(pageDataVersion(1)).toBeGreaterThan(read)
    // A response of no known page goes with any change.
    expect(pageDataVersion(undefined)).toBeGreaterThan(read)
    bumpDataVersion(false, { services: false })
    expect(pageDataVersion(2)).toBeGreaterThan(read)
  })

  it("settles a request's changes as the pages they all touched, or every page once one did not say", () => {
    const some: ChangeScope = { changed: false, settled: false }
    withChangeScope(some, () => {
      markDataChanged({ services: false, pages: [3] })
      markDataChanged({ services: true, pages: [4] })
    })
    const read = currentDataVersion()
    settleChangeScope(some)
    expect([pageDataVersion(3), pageDataVersion(4)]).toEqual([read + 1, read + 1])
    expect(pageDataVersion(5)).toBeLessThanOrEqual(read)

    const every: ChangeScope = { changed: false, settled: false }
    withChangeScope(every, () => {
      markDataChanged({ services: false, pages: [3] })
      markDataChanged({ services: false })
    })
    settleChangeScope(every)
    expect(pageDataVersion(5)).toBe(read + 2)
  })
})
