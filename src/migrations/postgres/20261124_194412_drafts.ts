import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "incidents" ADD COLUMN "draft" boolean DEFAULT false;
  ALTER TABLE "incidents" ADD COLUMN "publish_at" timestamp(3) with time zone;
  ALTER TABLE "maintenances" ADD COLUMN "draft" boolean DEFAULT false;
  ALTER TABLE "maintenances" ADD COLUMN "publish_at" timestamp(3) with time zone;
  CREATE INDEX "incidents_draft_idx" ON "incidents" USING btree ("draft");
  CREATE INDEX "incidents_publish_at_idx" ON "incidents" USING btree ("publish_at");
  CREATE INDEX "maintenances_draft_idx" ON "maintenances" USING btree ("draft");
  CREATE INDEX "maintenances_publish_at_idx" ON "maintenances" USING btree ("publish_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "incidents_draft_idx";
  DROP INDEX "incidents_publish_at_idx";
  DROP INDEX "maintenances_draft_idx";
  DROP INDEX "maintenances_publish_at_idx";
  ALTER TABLE "incidents" DROP COLUMN "draft";
  ALTER TABLE "incidents" DROP COLUMN "publish_at";
  ALTER TABLE "maintenances" DROP COLUMN "draft";
  ALTER TABLE "maintenances" DROP COLUMN "publish_at";`)
}
