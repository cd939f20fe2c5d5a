import { describe, expect, it } from 'vitest'

import {
  hostOfOrigin,
  hostProblem,
  normalHost,
  pageFor,
  type PageScope,
  pagesTouched,
  showsOnPage,
  splitPagePath,
  WHOLE_SITE,
} from '@/domain/pages'

const pages = [
  { id: 1, slug: 'pay', hosts: ['status.acme-pay.com'] },
  { id: 2, slug: 'eu', hosts: ['status.acme.eu:8443', 'eu.acme.test'] },
]

describe('which page a request is for', () => {
  it('takes the page its /p/<slug> names, else the one claiming its host, else the default page', () => {
    expect(pageFor(pages, { slug: 'eu', host: 'status.acme-pay.com' })?.id).toBe(2)
    expect(pageFor(pages, { slug: null, host: 'status.acme-pay.com' })?.id).toBe(1)
    expect(pageFor(pages, { slug: null, host: 'STATUS.Acme-Pay.com.' })?.id).toBe(1)
    expect(pageFor(pages, { slug: null, host: 'status.acme.com' })).toBeNull()
    expect(pageFor(pages, { slug: null, host: null })).toBeNull()
    // A slug no page has: undefined, which the routes answer with a 404.
    expect(pageFor(pages, { slug: 'gone', host: 'status.acme-pay.com' })).toBeUndefined()
  })

  it('matches a host with a port to a page listing it with that port, or without one', () => {
    expect(pageFor(pages, { slug: null, host: 'status.acme-pay.com:8080' })?.id).toBe(1)
    expect(pageFor(pages, { slug: null, host: 'status.acme.eu:8443' })?.id).toBe(2)
    expect(pageFor(pages, { slug: null, host: 'status.acme.eu' })).toBeNull()
  })

  it('reads the host of an origin as pages store it', () => {
    expect(hostOfOrigin('https://Status.Example.com:8443')).toBe('status.example.com:8443')
    expect(hostOfOrigin('http://status.example.com')).toBe('status.example.com')
  })
})

describe('the path form', () => {
  it('splits /p/<slug>/… into the slug and the path the page answers', () => {
    expect(splitPagePath('/p/pay')).toEqual({ slug: 'pay', rest: '/' })
    expect(splitPagePath('/p/pay/')).toEqual({ slug: 'pay', rest: '/' })
    expect(splitPagePath('/p/pay/api/v1/status')).toEqual({ slug: 'pay', rest: '/api/v1/status' })
    expect(splitPagePath('/p/Pay/')).toBeNull()
    expect(splitPagePath('/p/')).toBeNull()
    expect(splitPagePath('/pay/p/x')).toBeNull()
    expect(splitPagePath('/history')).toBeNull()
  })
})

describe('host names as typed', () => {
  it('keeps a host name, lower case, without a trailing dot', () => {
    expect(normalHost(' Status.Acme.com. ')).toBe('status.acme.com')
    expect(normalHost('status.acme.com.:8443')).toBe('status.acme.com:8443')
    expect(hostProblem('status.acme.com')).toBeNull()
    expect(hostProblem('status.acme.com:8443')).toBeNull()
  })

  it('says what is wrong with an address, a blank or a name that cannot be one', () => {
    expect(hostProblem('https://status.acme.com/')).toContain('host name alone')
    expect(hostProblem('status.acme.com/path')).toContain('host name alone')
    expect(hostProblem('  ')).toBe('a host name is required')
    expect(hostProblem('status_acme.com')).toContain('is not a host name')
    expect(hostProblem('-status.acme.com')).toContain('is not a host name')
  })
})

describe('what a page shows', () => {
  const page: PageScope = {
    id: 7,
    pathPrefix: '',
    sections: [
      { groupId: 1, serviceIds: [10, 11] },
      { groupId: 2, serviceIds: null },
    ],
  }

  it('shows an incident touching one of its services, or naming it', () => {
    const services = new Set([10, 11])
    expect(showsOnPage(page, services, { serviceIds: [11, 99], pageIds: [] })).toBe(true)
    expect(showsOnPage(page, services, { serviceIds: [99], pageIds: [] })).toBe(false)
    expect(showsOnPage(page, services, { serviceIds: [], pageIds: [7] })).toBe(true)
    expect(showsOnPage(page, services, { serviceIds: [], pageIds: [] })).toBe(false)
  })

  it('shows everything on the default page without sections; with sections, what names neither services nor pages', () => {
    expect(showsOnPage(WHOLE_SITE, null, { serviceIds: [99], pageIds: [7] })).toBe(true)
    const restricted: PageScope = { id: null, pathPrefix: '', sections: [{ groupId: 1, serviceIds: null }] }
    const services = new Set([10])
    expect(showsOnPage(restricted, services, { serviceIds: [], pageIds: [] })).toBe(true)
    expect(showsOnPage(restricted, services, { serviceIds: [], pageIds: [7] })).toBe(false)
    expect(showsOnPage(restricted, services, { serviceIds: [10], pageIds: [7] })).toBe(true)
  })
})

describe('which pages a change touches', () => {
  // The default page shows group 1's services; page 7 service 20 of group 2 by name; page 8 all of group 2.
  const pages = [
    { id: null, sections: [{ groupId: 1, serviceIds: null }] },
    { id: 7, sections: [{ groupId: 2, serviceIds: [20] }] },
    { id: 8, sections: [{ groupId: 2, serviceIds: null }] },
  ]
  const service = (id: number, groupId: number) => ({ id, groupId })

  it('touches the pages listing a service, by name or as one of its group, before or after it moved', () => {
    expect(pagesTouched(pages, { services: [service(20, 2)], records: [] })).toEqual([7, 8])
    expect(pagesTouched(pages, { services: [service(21, 2)], records: [] })).toEqual([8])
    expect(pagesTouched(pages, { services: [service(10, 1), service(10, 2)], records: [] })).toEqual([0, 8])
    expect(pagesTouched(pages, { services: [service(30, 3)], records: [] })).toEqual([])
  })

  it('touches the pages showing an incident, and only the default page without sections touches everything', () => {
    const on = (services: { id: number; groupId: number }[], pageIds: number[] = []) => ({
      services: [],
      records: [{ services, pageIds }],
    })
    expect(pagesTouched(pages, on([service(21, 2)]))).toEqual([8])
    expect(pagesTouched(pages, on([service(10, 1), service(20, 2)]))).toEqual([0, 7, 8])
    expect(pagesTouched(pages, on([], [7]))).toEqual([7])
    expect(pagesTouched(pages, on([]))).toEqual([0])
    const whole = [{ id: null, sections: null }, ...pages.slice(1)]
    expect(pagesTouched(whole, on([service(30, 3)]))).toEqual([0])
    expect(pagesTouched(whole, { services: [service(30, 3)], records: [] })).toEqual([0])
  })
})
