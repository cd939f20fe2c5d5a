import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_maintenances_recurrence_weekdays" AS ENUM('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun');
  CREATE TYPE "public"."enum_maintenances_recurrence_frequency" AS ENUM('none', 'daily', 'weekly', 'monthly');
  CREATE TABLE "maintenances_recurrence_weekdays" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_maintenances_recurrence_weekdays",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  ALTER TABLE "maintenances" ADD COLUMN "recurrence_frequency" "enum_maintenances_recurrence_frequency" DEFAULT 'none';
  ALTER TABLE "maintenances" ADD COLUMN "recurrence_day_of_month" numeric;
  ALTER TABLE "maintenances" ADD COLUMN "recurrence_until" timestamp(3) with time zone;
  ALTER TABLE "maintenances" ADD COLUMN "series_id" integer;
  ALTER TABLE "maintenances" ADD COLUMN "series_slot" timestamp(3) with time zone;
  ALTER TABLE "maintenances_recurrence_weekdays" ADD CONSTRAINT "maintenances_recurrence_weekdays_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."maintenances"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "maintenances_recurrence_weekdays_order_idx" ON "maintenances_recurrence_weekdays" USING btree ("order");
  CREATE INDEX "maintenances_recurrence_weekdays_parent_idx" ON "maintenances_recurrence_weekdays" USING btree ("parent_id");
  ALTER TABLE "maintenances" ADD CONSTRAINT "maintenances_series_id_maintenances_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."maintenances"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "maintenances_series_idx" ON "maintenances" USING btree ("series_id");
  CREATE UNIQUE INDEX "series_seriesSlot_idx" ON "maintenances" USING btree ("series_id","series_slot");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "maintenances_recurrence_weekdays" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "maintenances_recurrence_weekdays" CASCADE;
  ALTER TABLE "maintenances" DROP CONSTRAINT "maintenances_series_id_maintenances_id_fk";
  
  DROP INDEX "maintenances_series_idx";
  DROP INDEX "series_seriesSlot_idx";
  ALTER TABLE "maintenances" DROP COLUMN "recurrence_frequency";
  ALTER TABLE "maintenances" DROP COLUMN "recurrence_day_of_month";
  ALTER TABLE "maintenances" DROP COLUMN "recurrence_until";
  ALTER TABLE "maintenances" DROP COLUMN "series_id";
  ALTER TABLE "maintenances" DROP COLUMN "series_slot";
  DROP TYPE "public"."enum_maintenances_recurrence_weekdays";
  DROP TYPE "public"."enum_maintenances_recurrence_frequency";`)
}
