import * as migration_20261122_210113_initial from './20261122_210113_initial';

export const migrations = [
  {
    up: migration_20261122_210113_initial.up,
    down: migration_20261122_210113_initial.down,
    name: '20261122_210113_initial'
  },
];
