import * as migration_20261122_210105_initial from './20261122_210105_initial';
import * as migration_20261122_213750_jobs from './20261122_213750_jobs';
import * as migration_20261123_061100_notifications from './20261123_061100_notifications';
import * as migration_20261123_150902_completed_by from './20261123_150902_completed_by';
import * as migration_20261123_175048_service_status_history from './20261123_175048_service_status_history';
import * as migration_20261123_175915_service_statuses_from_incidents from './20261123_175915_service_statuses_from_incidents';
import * as migration_20261123_184236_integrations from './20261123_184236_integrations';
import * as migration_20261124_191710_templates_postmortems from './20261124_191710_templates_postmortems';
import * as migration_20261124_192423_reminders from './20261124_192423_reminders';
import * as migration_20261124_193108_backfilled_incidents from './20261124_193108_backfilled_incidents';
import * as migration_20261124_194314_incidents_status_created_at from './20261124_194314_incidents_status_created_at';
import * as migration_20261124_194356_drafts from './20261124_194356_drafts';
import * as migration_20261124_195443_recurring_maintenances from './20261124_195443_recurring_maintenances';
import * as migration_20261124_195500_incident_integration_set_null from './20261124_195500_incident_integration_set_null';
import * as migration_20261126_081926_automated_updates from './20261126_081926_automated_updates';
import * as migration_20261126_090100_subscriber_confirmation from './20261126_090100_subscriber_confirmation';
import * as migration_20261126_090200_integration_messages from './20261126_090200_integration_messages';
import * as migration_20261126_090300_default_update_messages from './20261126_090300_default_update_messages';
import * as migration_20261126_093000_webhook_subscribers from './20261126_093000_webhook_subscribers';
import * as migration_20261127_205500_foreign_keys_as_postgres from './20261127_205500_foreign_keys_as_postgres';
import * as migration_20261127_210000_publish_error from './20261127_210000_publish_error';
import * as migration_20261127_210603_integration_incident_title from './20261127_210603_integration_incident_title';
import * as migration_20261127_211008_confirmation_claim from './20261127_211008_confirmation_claim';
import * as migration_20261127_213000_endpoint_spellings from './20261127_213000_endpoint_spellings';
import * as migration_20261128_225840_pages from './20261128_225840_pages';
import * as migration_20261129_012009_page_branding from './20261129_012009_page_branding';
import * as migration_20261129_015037_page_access from './20261129_015037_page_access';
import * as migration_20261129_021032_page_oidc from './20261129_021032_page_oidc';
import * as migration_20261129_023102_access_links from './20261129_023102_access_links';
import * as migration_20261129_030855_page_noindex from './20261129_030855_page_noindex';
import * as migration_20261129_041924_default_page_access from './20261129_041924_default_page_access';
import * as migration_20261129_043309_page_language from './20261129_043309_page_language';
import * as migration_20261129_044243_subscriber_language from './20261129_044243_subscriber_language';
import * as migration_20261129_044925_content_locales from './20261129_044925_content_locales';
import * as migration_20261129_051206_languages_schema from './20261129_051206_languages_schema';
import * as migration_20261129_072807_embedding_origins from './20261129_072807_embedding_origins';
import * as migration_20261129_111453_follow_incident from './20261129_111453_follow_incident';
import * as migration_20261129_112932_metrics from './20261129_112932_metrics';
import * as migration_20261129_114001_uptime_display from './20261129_114001_uptime_display';
import * as migration_20261129_114734_imported_from from './20261129_114734_imported_from';
import * as migration_20261129_115022_second_factor from './20261129_115022_second_factor';
import * as migration_20261129_115942_audit_log from './20261129_115942_audit_log';
import * as migration_20261129_122106_merged_schemas from './20261129_122106_merged_schemas';

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
    name: '20261123_184236_integrations',
  },
  {
    up: migration_20261124_191710_templates_postmortems.up,
    down: migration_20261124_191710_templates_postmortems.down,
    name: '20261124_191710_templates_postmortems',
  },
  {
    up: migration_20261124_192423_reminders.up,
    down: migration_20261124_192423_reminders.down,
    name: '20261124_192423_reminders',
  },
  {
    up: migration_20261124_193108_backfilled_incidents.up,
    down: migration_20261124_193108_backfilled_incidents.down,
    name: '20261124_193108_backfilled_incidents',
  },
  {
    up: migration_20261124_194314_incidents_status_created_at.up,
    down: migration_20261124_194314_incidents_status_created_at.down,
    name: '20261124_194314_incidents_status_created_at',
  },
  {
    up: migration_20261124_194356_drafts.up,
    down: migration_20261124_194356_drafts.down,
    name: '20261124_194356_drafts',
  },
  {
    up: migration_20261124_195443_recurring_maintenances.up,
    down: migration_20261124_195443_recurring_maintenances.down,
    name: '20261124_195443_recurring_maintenances',
  },
  {
    up: migration_20261124_195500_incident_integration_set_null.up,
    down: migration_20261124_195500_incident_integration_set_null.down,
    name: '20261124_195500_incident_integration_set_null',
  },
  {
    up: migration_20261126_081926_automated_updates.up,
    down: migration_20261126_081926_automated_updates.down,
    name: '20261126_081926_automated_updates',
  },
  {
    up: migration_20261126_090100_subscriber_confirmation.up,
    down: migration_20261126_090100_subscriber_confirmation.down,
    name: '20261126_090100_subscriber_confirmation',
  },
  {
    up: migration_20261126_090200_integration_messages.up,
    down: migration_20261126_090200_integration_messages.down,
    name: '20261126_090200_integration_messages',
  },
  {
    up: migration_20261126_090300_default_update_messages.up,
    down: migration_20261126_090300_default_update_messages.down,
    name: '20261126_090300_default_update_messages',
  },
  {
    up: migration_20261126_093000_webhook_subscribers.up,
    down: migration_20261126_093000_webhook_subscribers.down,
    name: '20261126_093000_webhook_subscribers',
  },
  {
    up: migration_20261127_205500_foreign_keys_as_postgres.up,
    down: migration_20261127_205500_foreign_keys_as_postgres.down,
    name: '20261127_205500_foreign_keys_as_postgres',
  },
  {
    up: migration_20261127_210000_publish_error.up,
    down: migration_20261127_210000_publish_error.down,
    name: '20261127_210000_publish_error',
  },
  {
    up: migration_20261127_210603_integration_incident_title.up,
    down: migration_20261127_210603_integration_incident_title.down,
    name: '20261127_210603_integration_incident_title',
  },
  {
    up: migration_20261127_211008_confirmation_claim.up,
    down: migration_20261127_211008_confirmation_claim.down,
    name: '20261127_211008_confirmation_claim',
  },
  {
    up: migration_20261127_213000_endpoint_spellings.up,
    down: migration_20261127_213000_endpoint_spellings.down,
    name: '20261127_213000_endpoint_spellings',
  },
  {
    up: migration_20261128_225840_pages.up,
    down: migration_20261128_225840_pages.down,
    name: '20261128_225840_pages',
  },
  {
    up: migration_20261129_012009_page_branding.up,
    down: migration_20261129_012009_page_branding.down,
    name: '20261129_012009_page_branding',
  },
  {
    up: migration_20261129_015037_page_access.up,
    down: migration_20261129_015037_page_access.down,
    name: '20261129_015037_page_access',
  },
  {
    up: migration_20261129_021032_page_oidc.up,
    down: migration_20261129_021032_page_oidc.down,
    name: '20261129_021032_page_oidc',
  },
  {
    up: migration_20261129_023102_access_links.up,
    down: migration_20261129_023102_access_links.down,
    name: '20261129_023102_access_links',
  },
  {
    up: migration_20261129_030855_page_noindex.up,
    down: migration_20261129_030855_page_noindex.down,
    name: '20261129_030855_page_noindex',
  },
  {
    up: migration_20261129_041924_default_page_access.up,
    down: migration_20261129_041924_default_page_access.down,
    name: '20261129_041924_default_page_access',
  },
  {
    up: migration_20261129_043309_page_language.up,
    down: migration_20261129_043309_page_language.down,
    name: '20261129_043309_page_language',
  },
  {
    up: migration_20261129_044243_subscriber_language.up,
    down: migration_20261129_044243_subscriber_language.down,
    name: '20261129_044243_subscriber_language',
  },
  {
    up: migration_20261129_044925_content_locales.up,
    down: migration_20261129_044925_content_locales.down,
    name: '20261129_044925_content_locales',
  },
  {
    up: migration_20261129_051206_languages_schema.up,
    down: migration_20261129_051206_languages_schema.down,
    name: '20261129_051206_languages_schema',
  },
  {
    up: migration_20261129_072807_embedding_origins.up,
    down: migration_20261129_072807_embedding_origins.down,
    name: '20261129_072807_embedding_origins',
  },
  {
    up: migration_20261129_111453_follow_incident.up,
    down: migration_20261129_111453_follow_incident.down,
    name: '20261129_111453_follow_incident',
  },
  {
    up: migration_20261129_112932_metrics.up,
    down: migration_20261129_112932_metrics.down,
    name: '20261129_112932_metrics',
  },
  {
    up: migration_20261129_114001_uptime_display.up,
    down: migration_20261129_114001_uptime_display.down,
    name: '20261129_114001_uptime_display',
  },
  {
    up: migration_20261129_114734_imported_from.up,
    down: migration_20261129_114734_imported_from.down,
    name: '20261129_114734_imported_from',
  },
  {
    up: migration_20261129_115022_second_factor.up,
    down: migration_20261129_115022_second_factor.down,
    name: '20261129_115022_second_factor',
  },
  {
    up: migration_20261129_115942_audit_log.up,
    down: migration_20261129_115942_audit_log.down,
    name: '20261129_115942_audit_log',
  },
  {
    up: migration_20261129_122106_merged_schemas.up,
    down: migration_20261129_122106_merged_schemas.down,
    name: '20261129_122106_merged_schemas',
  },
];
