import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "service_groups" ADD COLUMN "imported_from" varchar;
  ALTER TABLE "services" ADD COLUMN "imported_from" varchar;
  ALTER TABLE "incidents" ADD COLUMN "imported_from" varchar;
  ALTER TABLE "maintenances" ADD COLUMN "imported_from" varchar;
  CREATE INDEX "service_groups_imported_from_idx" ON "service_groups" USING btree ("imported_from");
  CREATE INDEX "services_imported_from_idx" ON "services" USING btree ("imported_from");
  CREATE INDEX "incidents_imported_from_idx" ON "incidents" USING btree ("imported_from");
  CREATE INDEX "maintenances_imported_from_idx" ON "maintenances" USING btree ("imported_from");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "service_groups_imported_from_idx";
  DROP INDEX "services_imported_from_idx";
  DROP INDEX "incidents_imported_from_idx";
  DROP INDEX "maintenances_imported_from_idx";
  ALTER TABLE "service_groups" DROP COLUMN "imported_from";
  ALTER TABLE "services" DROP COLUMN "imported_from";
  ALTER TABLE "incidents" DROP COLUMN "imported_from";
  ALTER TABLE "maintenances" DROP COLUMN "imported_from";`)
}
