/**
 * The admin while Payload cannot start (the database unreachable, or the SQLite file unopenable, at start): its
 * pages would render Next's 500 error page. The start loop of server.ts knows the database does not answer yet; until
 * it does, the admin's pages answer this 503 with Retry-After instead, and open by themselves once it does.
 */
import type { ServerResponse } from 'node:http'

const ADMIN_PATH = /^\/admin(?:\/|$)/

export const isAdminPath = (path: string) => ADMIN_PATH.test(path)

const RETRY_AFTER_SECONDS = 5

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin unavailable</title></head>
<body>
<h1>The admin is waiting for the database</h1>
<p>The status page cannot reach its database yet, so the admin cannot open. Visitors still see the last status
that was published. This page works again by itself as soon as the database answers; try again in a few seconds.</p>
</body>
</html>
`

export function answerAdminWhileWaiting(res: ServerResponse): void {
  res.statusCode = 503
  res.setHeader('retry-after', String(RETRY_AFTER_SECONDS))
  res.setHeader('cache-control', 'no-store')
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.end(PAGE)
}
