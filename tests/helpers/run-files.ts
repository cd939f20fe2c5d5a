/**
 * Global set-up of every project that makes databases: the run's id (SP_TEST_RUN, which names its PostgreSQL
 * databases and the folder of its SQLite ones, so that two runs side by side never touch each other's), and, when the
 * run ends, the removal of that folder.
 */
import { randomBytes } from 'node:crypto'

import { removeRunDirectory } from './database-template'

export default function setup(): () => void {
  const run = (process.env.SP_TEST_RUN ??= randomBytes(4).toString('hex'))
  return () => removeRunDirectory(run)
}
