import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" ADD COLUMN "confirmation_requested_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "confirmation_error" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "confirmation_failed_at" timestamp(3) with time zone;
  CREATE INDEX "subscribers_confirmation_failed_at_idx" ON "subscribers" USING btree ("confirmation_failed_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "subscribers_confirmation_failed_at_idx";
  ALTER TABLE "subscribers" DROP COLUMN "confirmation_requested_at";
  ALTER TABLE "subscribers" DROP COLUMN "confirmation_error";
  ALTER TABLE "subscribers" DROP COLUMN "confirmation_failed_at";`)
}
