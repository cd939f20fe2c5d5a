import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_settings_second_factor_roles" AS ENUM('admin', 'editor');
  CREATE TABLE "settings_second_factor_roles" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_settings_second_factor_roles",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "second_factor" varchar;
  ALTER TABLE "users" ADD COLUMN "second_factor_on" boolean DEFAULT false;
  ALTER TABLE "settings_second_factor_roles" ADD CONSTRAINT "settings_second_factor_roles_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "settings_second_factor_roles_order_idx" ON "settings_second_factor_roles" USING btree ("order");
  CREATE INDEX "settings_second_factor_roles_parent_idx" ON "settings_second_factor_roles" USING btree ("parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "settings_second_factor_roles" CASCADE;
  ALTER TABLE "users" DROP COLUMN "second_factor";
  ALTER TABLE "users" DROP COLUMN "second_factor_on";
  DROP TYPE "public"."enum_settings_second_factor_roles";`)
}
