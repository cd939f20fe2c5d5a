/** Global set-up of every project that makes databases: the run's id, and the removal of its SQLite folder at the end. */
import { removeRunDirectory, runId } from './database-template'

export default function setup(): () => void {
  const run = runId()
  return () => removeRunDirectory(run)
}
