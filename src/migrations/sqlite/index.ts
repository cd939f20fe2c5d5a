import * as migration_20261122_210105_initial from './20261122_210105_initial';

export const migrations = [
  {
    up: migration_20261122_210105_initial.up,
    down: migration_20261122_210105_initial.down,
    name: '20261122_210105_initial'
  },
];
