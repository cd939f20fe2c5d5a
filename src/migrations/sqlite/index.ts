import * as migration_20261122_210105_initial from './20261122_210105_initial';
import * as migration_20261122_213750_jobs from './20261122_213750_jobs';
import * as migration_20261123_061100_notifications from './20261123_061100_notifications';
import * as migration_20261123_150902_completed_by from './20261123_150902_completed_by';
import * as migration_20261123_175048_service_status_history from './20261123_175048_service_status_history';
import * as migration_20261123_175915_service_statuses_from_incidents from './20261123_175915_service_statuses_from_incidents';
import * as migration_20261123_184236_integrations from './20261123_184236_integrations';

export const migrations = [
  {
    up: migration_20261122_210105_initial.up,
    down: migration_20261122_210105_initial.down,
    name: '20261122_210105_initial',
  },
  {
    up: migration_20261122_213750_jobs.up,
    down: migration_20261122_213750_jobs.down,
    name: '20261122_213750_jobs',
  },
  {
    up: migration_20261123_061100_notifications.up,
    down: migration_20261123_061100_notifications.down,
    name: '20261123_061100_notifications',
  },
  {
    up: migration_20261123_150902_completed_by.up,
    down: migration_20261123_150902_completed_by.down,
    name: '20261123_150902_completed_by',
  },
  {
    up: migration_20261123_175048_service_status_history.up,
    down: migration_20261123_175048_service_status_history.down,
    name: '20261123_175048_service_status_history',
  },
  {
    up: migration_20261123_175915_service_statuses_from_incidents.up,
    down: migration_20261123_175915_service_statuses_from_incidents.down,
    name: '20261123_175915_service_statuses_from_incidents',
  },
  {
    up: migration_20261123_184236_integrations.up,
    down: migration_20261123_184236_integrations.down,
    name: '20261123_184236_integrations'
  },
];
