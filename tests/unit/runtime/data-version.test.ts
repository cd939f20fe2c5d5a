import { describe, expect, it } from 'vitest'

import {
  bumpDataVersion,
  type ChangeScope,
  currentDataVersion,
  currentServicesVersion,
  markDataChanged,
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
