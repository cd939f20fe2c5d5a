/**
 * Another site, for the tests of what other sites embed (docs/widget.md): a small HTTP server on another loopback
 * address than the service's (127.0.0.2, so another origin and another site for a browser, as a customer's
 * application is), answering the pages a test gives it, each under the Content-Security-Policy the test gives.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HostSite {
  /** `http://127.0.0.2:<port>` */
  origin: string
  /** Answers `path` with this HTML document under this policy from now on. */
  serve: (path: string, html: string, policy: string) => void
  close: () => Promise<void>
}

export async function startHostSite(address = '127.0.0.2'): Promise<HostSite> {
  const pages = new Map<string, { html: string; policy: string }>()
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '/')
    if (!page) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': page.policy,
        'cache-control': 'no-store',
      })
      .end(page.html)
  })
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  return {
    origin: `http://${address}:${(server.address() as AddressInfo).port}`,
    serve: (path, html, policy) => void pages.set(path, { html, policy }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
