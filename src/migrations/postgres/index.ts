import * as migration_20261122_210113_initial from './20261122_210113_initial';
import * as migration_20261122_213807_jobs from './20261122_213807_jobs';
import * as migration_20261123_061106_notifications from './20261123_061106_notifications';
import * as migration_20261123_151133_completed_by from './20261123_151133_completed_by';
import * as migration_20261123_175059_service_status_history from './20261123_175059_service_status_history';
import * as migration_20261123_175932_service_statuses_from_incidents from './20261123_175932_service_statuses_from_incidents';
import * as migration_20261123_184303_integrations from './20261123_184303_integrations';

export const migrations = [
  {
    up: migration_20261122_210113_initial.up,
    down: migration_20261122_210113_initial.down,
    name: '20261122_210113_initial',
  },
  {
    up: migration_20261122_213807_jobs.up,
    down: migration_20261122_213807_jobs.down,
    name: '20261122_213807_jobs',
  },
  {
    up: migration_20261123_061106_notifications.up,
    down: migration_20261123_061106_notifications.down,
    name: '20261123_061106_notifications',
  },
  {
    up: migration_20261123_151133_completed_by.up,
    down: migration_20261123_151133_completed_by.down,
    name: '20261123_151133_completed_by',
  },
  {
    up: migration_20261123_175059_service_status_history.up,
    down: migration_20261123_175059_service_status_history.down,
    name: '20261123_175059_service_status_history',
  },
  {
    up: migration_20261123_175932_service_statuses_from_incidents.up,
    down: migration_20261123_175932_service_statuses_from_incidents.down,
    name: '20261123_175932_service_statuses_from_incidents',
  },
  {
    up: migration_20261123_184303_integrations.up,
    down: migration_20261123_184303_integrations.down,
    name: '20261123_184303_integrations'
  },
];
