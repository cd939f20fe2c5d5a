import * as migration_20261122_210105_initial from './20261122_210105_initial';
import * as migration_20261122_213750_jobs from './20261122_213750_jobs';

export const migrations = [
  {
    up: migration_20261122_210105_initial.up,
    down: migration_20261122_210105_initial.down,
    name: '20261122_210105_initial',
  },
  {
    up: migration_20261122_213750_jobs.up,
    down: migration_20261122_213750_jobs.down,
    name: '20261122_213750_jobs'
  },
];
