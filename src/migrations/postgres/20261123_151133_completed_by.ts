import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_maintenances_completed_by" AS ENUM('schedule', 'operator');
  ALTER TABLE "maintenances" ADD COLUMN "completed_by" "enum_maintenances_completed_by";`)
  // Who completed the maintenances completed so far: the clock stamped its completions with the scheduled end.
  await db.execute(sql`
   UPDATE "maintenances" SET "completed_by" = CASE WHEN "completed_at" = "scheduled_end_at" THEN 'schedule'::"enum_maintenances_completed_by" ELSE 'operator'::"enum_maintenances_completed_by" END
   WHERE "status" = 'completed';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "maintenances" DROP COLUMN "completed_by";
  DROP TYPE "public"."enum_maintenances_completed_by";`)
}
