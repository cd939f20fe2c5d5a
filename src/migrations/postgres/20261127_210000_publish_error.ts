import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "incidents" ADD COLUMN "publish_error" varchar;
  ALTER TABLE "maintenances" ADD COLUMN "publish_error" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "incidents" DROP COLUMN "publish_error";
  ALTER TABLE "maintenances" DROP COLUMN "publish_error";`)
}
