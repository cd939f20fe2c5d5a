/**
 * Global setup of the API projects: the migrated template of the project's dialect, made before the first file
 * copies it (tests/helpers/database-template.ts), instead of by every worker at once on a machine that has none.
 */
import type { TestProject } from 'vitest/node'

import { postgresTemplate, sqliteTemplate } from './database-template'

export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env.TEST_DIALECT === 'postgres') await postgresTemplate()
  else sqliteTemplate()
}
