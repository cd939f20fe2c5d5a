import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * Following one incident (docs/notifications.md): the incident a subscriber follows, and `incident_key` (its id, 0
 * for a subscriber of the whole page, kept after the incident is deleted), which the unique indexes of an address now
 * pair with its page's key. The generator wrote the reference without an action; it is given PostgreSQL's (and the
 * snapshot's) ON DELETE SET NULL, or an incident with a follower could not be deleted.
 */

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`email_pageKey_idx\`;`)
  await db.run(sql`DROP INDEX \`phone_pageKey_idx\`;`)
  await db.run(sql`DROP INDEX \`url_pageKey_idx\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`incident_id\` integer REFERENCES incidents(id) ON DELETE set null;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`incident_key\` numeric DEFAULT 0;`)
  await db.run(sql`CREATE INDEX \`subscribers_incident_idx\` ON \`subscribers\` (\`incident_id\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_incident_key_idx\` ON \`subscribers\` (\`incident_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`email_pageKey_incidentKey_idx\` ON \`subscribers\` (\`email\`,\`page_key\`,\`incident_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`phone_pageKey_incidentKey_idx\` ON \`subscribers\` (\`phone\`,\`page_key\`,\`incident_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`url_pageKey_incidentKey_idx\` ON \`subscribers\` (\`url\`,\`page_key\`,\`incident_key\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_subscribers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`type\` text DEFAULT 'email' NOT NULL,
  	\`email\` text,
  	\`phone\` text,
  	\`url\` text,
  	\`contact_email\` text,
  	\`signing_secret\` text,
  	\`failing_since\` text,
  	\`quarantined_at\` text,
  	\`verified\` integer DEFAULT false,
  	\`active\` integer DEFAULT true,
  	\`verified_at\` text,
  	\`unsubscribed_at\` text,
  	\`confirmation_sent_at\` text,
  	\`confirmation_requested_at\` text,
  	\`confirmation_claimed_for\` text,
  	\`confirmation_error\` text,
  	\`confirmation_failed_at\` text,
  	\`page_id\` integer,
  	\`page_key\` numeric DEFAULT 0,
  	\`language\` text DEFAULT 'en',
  	\`unsubscribe_token\` text,
  	\`verification_token\` text,
  	\`created_from_address\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`page_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_subscribers\`("id", "type", "email", "phone", "url", "contact_email", "signing_secret", "failing_since", "quarantined_at", "verified", "active", "verified_at", "unsubscribed_at", "confirmation_sent_at", "confirmation_requested_at", "confirmation_claimed_for", "confirmation_error", "confirmation_failed_at", "page_id", "page_key", "language", "unsubscribe_token", "verification_token", "created_from_address", "updated_at", "created_at") SELECT "id", "type", "email", "phone", "url", "contact_email", "signing_secret", "failing_since", "quarantined_at", "verified", "active", "verified_at", "unsubscribed_at", "confirmation_sent_at", "confirmation_requested_at", "confirmation_claimed_for", "confirmation_error", "confirmation_failed_at", "page_id", "page_key", "language", "unsubscribe_token", "verification_token", "created_from_address", "updated_at", "created_at" FROM \`subscribers\`;`)
  await db.run(sql`DROP TABLE \`subscribers\`;`)
  await db.run(sql`ALTER TABLE \`__new_subscribers\` RENAME TO \`subscribers\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`subscribers_email_idx\` ON \`subscribers\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_phone_idx\` ON \`subscribers\` (\`phone\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_url_idx\` ON \`subscribers\` (\`url\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_quarantined_at_idx\` ON \`subscribers\` (\`quarantined_at\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_verified_idx\` ON \`subscribers\` (\`verified\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_active_idx\` ON \`subscribers\` (\`active\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_confirmation_failed_at_idx\` ON \`subscribers\` (\`confirmation_failed_at\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_page_idx\` ON \`subscribers\` (\`page_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`subscribers_unsubscribe_token_idx\` ON \`subscribers\` (\`unsubscribe_token\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_verification_token_idx\` ON \`subscribers\` (\`verification_token\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_updated_at_idx\` ON \`subscribers\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`subscribers_created_at_idx\` ON \`subscribers\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`email_pageKey_idx\` ON \`subscribers\` (\`email\`,\`page_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`phone_pageKey_idx\` ON \`subscribers\` (\`phone\`,\`page_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`url_pageKey_idx\` ON \`subscribers\` (\`url\`,\`page_key\`);`)
}
