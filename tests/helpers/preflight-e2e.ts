/** Global setup of the end-to-end project: its prerequisites, checked before the first service starts. */
import { spawnSync } from 'node:child_process'

import { postgresTemplate, sqliteTemplate } from './database-template'
import { checkEndToEnd } from './preflight'

export default async function setup(): Promise<void> {
  await checkEndToEnd()
  // One build before the first file (a cold `next build` takes minutes on two cores): each service then starts in
  // seconds, and no file's start-up deadline has to cover a build.
  const build = spawnSync('node', ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' })
  if (build.status !== 0)
    throw new Error(`The build before the end-to-end tests failed (exit ${build.status}); run npm start to see why.`)
  // The databases the services start on are copies of these (tests/helpers/service.ts).
  sqliteTemplate()
  await postgresTemplate()
}
