import { describe, expect, it } from 'vitest'

import { isE164, isEmailAddress, normaliseEmail } from '@/domain/contact'

describe('isE164', () => {
  it('accepts a plus, a country code not starting with 0, and up to 15 digits in all', () => {
    for (const phone of ['+14155550123', '+442071838750', '+4915123456789', '+2901234', '+88212345678']) {
      expect(isE164(phone), phone).toBe(true)
    }
  })

  it('accepts the fictional numbers of examples and tests: possible lengths, not checked against number ranges', () => {
    for (const phone of ['+15550001111', '+15555550123', '+447700900123']) expect(isE164(phone), phone).toBe(true)
  })

  it('refuses country codes that do not exist and lengths the country never has (libphonenumber-js)', () => {
    for (const phone of [
      '+123456789012345', // 15 digits, but NANP (+1) numbers have 10 after the country code
      '+1415555012', // one digit short for NANP
      '+141555501234', // one digit long for NANP
      '+999123456789', // +999 is no country code
      '+29012345678', // Saint Helena (+290) numbers are 4 or 5 digits
      '+1234567', // short enough to pass a bare pattern
    ]) {
      expect(isE164(phone), phone).toBe(false)
    }
  })

  it('refuses numbers without the plus, with a leading 0, or of the wrong length', () => {
    for (const phone of [
      '14155550123', // no plus
      '004915123456789', // international prefix instead of plus
      '+04915123456789', // country codes never start with 0
      '+1234567890123456', // 16 digits
      '+123456', // too short to be a number
      '+',
      '',
    ]) {
      expect(isE164(phone), phone).toBe(false)
    }
  })

  it('refuses formatting characters: E.164 is digits only', () => {
    for (const phone of [
      '+1 415 555 0123',
      '+1-415-555-0123',
      '+1 (415) 5550123',
      '+1.415.555.0123',
      ' +14155550123',
      '+14155550123 ',
      '+1415555O123',
      '++14155550123',
    ]) {
      expect(isE164(phone), phone).toBe(false)
    }
  })
})

describe('isEmailAddress', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'ops@example.com',
      'first.last@example.co.uk',
      'user+tag@sub.example.org',
      'x@example.io',
      "o'brien@example.ie",
      'UPPER@EXAMPLE.COM',
      'user@xn--bcher-kva.example',
      'a_b-c@mail-server.example.net',
    ]) {
      expect(isEmailAddress(email), email).toBe(true)
    }
  })

  it('refuses things that are not addresses', () => {
    for (const email of [
      '',
      'plainaddress',
      '@example.com', // no local part
      'user@', // no domain
      'user@example', // no dot in the domain
      'user@example.c', // one-letter top-level domain
      'user@@example.com',
      'user@exa@mple.com',
      'user name@example.com',
      'user@exam ple.com',
      ' user@example.com',
      'user@example.com ',
      'user@example.com.', // trailing dot
      'user@.example.com', // empty first label
      'user@example..com', // empty label
      'user@.com',
      '<user@example.com>',
      'User <user@example.com>',
      'a@b.com, c@d.com',
      'user@example.com;',
      '"quoted"@example.com',
    ]) {
      expect(isEmailAddress(email), email).toBe(false)
    }
  })

  it('refuses addresses longer than 254 characters (RFC 5321), accepts 254', () => {
    const domain = '@example.com'
    expect(isEmailAddress('a'.repeat(254 - domain.length) + domain)).toBe(true)
    expect(isEmailAddress('a'.repeat(255 - domain.length) + domain)).toBe(false)
  })

  it('stays fast on hostile input', () => {
    const started = performance.now()
    isEmailAddress(`a@${'b.'.repeat(120)}`)
    isEmailAddress(`${'a'.repeat(200)}@${'b'.repeat(40)}`)
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('normaliseEmail', () => {
  it('trims and lower-cases, so one inbox has one subscription', () => {
    expect(normaliseEmail('  Ops@Example.COM\n')).toBe('ops@example.com')
    expect(normaliseEmail('ops@example.com')).toBe('ops@example.com')
  })

  it('is idempotent, and its result of a valid address stays valid', () => {
    for (const email of ['  Ops@Example.COM ', 'First.Last+Tag@Sub.Example.org']) {
      const once = normaliseEmail(email)
      expect(normaliseEmail(once)).toBe(once)
      expect(isEmailAddress(once)).toBe(true)
    }
  })

  it('turns a padded valid address into one that validates', () => {
    expect(isEmailAddress(' ops@example.com ')).toBe(false)
    expect(isEmailAddress(normaliseEmail(' ops@example.com '))).toBe(true)
  })
})
