import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/config/env'
import { addressAllowed, outboundPolicy, urlProblem } from '@/net/outbound-url'

const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...vars })
const publicOnly = outboundPolicy(env({}))

describe('the outbound address guard', () => {
  it('allows public unicast addresses only', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])
      expect(addressAllowed(address, publicOnly), address).toBe(true)
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      'not-an-address',
    ]) {
      expect(addressAllowed(address, publicOnly), address).toBe(false)
    }
  })

  it('allows the networks an operator lists, and nothing next to them', () => {
    const policy = outboundPolicy(env({ OUTBOUND_ALLOWED_NETWORKS: '10.0.0.0/8, 127.0.0.1, fd00::/8' }))
    for (const address of ['10.200.0.1', '127.0.0.1', '::ffff:127.0.0.1', 'fd00::5'])
      expect(addressAllowed(address, policy), address).toBe(true)
    for (const address of ['127.0.0.2', '192.168.0.1', '::1', 'fc00::1'])
      expect(addressAllowed(address, policy), address).toBe(false)
    expect(() => outboundPolicy(env({ OUTBOUND_ALLOWED_NETWORKS: '10.0.0.0/8,intranet' }))).toThrow(
      /OUTBOUND_ALLOWED_NETWORKS .*"intranet"/,
    )
  })

  it('accepts https URLs, and http only when allowed', () => {
    expect(urlProblem('https://api.twilio.com', false)).toBeNull()
    expect(urlProblem('http://api.example.com', false)).toMatch(/must use https/)
    expect(urlProblem('http://api.example.com', true)).toBeNull()
    for (const url of ['file:///etc/passwd', 'gopher://x', 'ftp://x', 'javascript:alert(1)', 'data:,x'])
      expect(urlProblem(url, true), url).toMatch(/must use https/)
    expect(urlProblem('api.example.com', true)).toMatch(/full URL/)
  })
})
