import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_access_mode" AS ENUM('public', 'private');
  CREATE TABLE "pages_access_passwords" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"password" varchar
  );
  
  CREATE TABLE "pages_access_networks" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"network" varchar,
  	"label" varchar
  );
  
  ALTER TABLE "pages" ADD COLUMN "access_mode" "enum_pages_access_mode" DEFAULT 'public';
  ALTER TABLE "pages_access_passwords" ADD CONSTRAINT "pages_access_passwords_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_access_networks" ADD CONSTRAINT "pages_access_networks_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_access_passwords_order_idx" ON "pages_access_passwords" USING btree ("_order");
  CREATE INDEX "pages_access_passwords_parent_id_idx" ON "pages_access_passwords" USING btree ("_parent_id");
  CREATE INDEX "pages_access_networks_order_idx" ON "pages_access_networks" USING btree ("_order");
  CREATE INDEX "pages_access_networks_parent_id_idx" ON "pages_access_networks" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "pages_access_passwords" CASCADE;
  DROP TABLE "pages_access_networks" CASCADE;
  ALTER TABLE "pages" DROP COLUMN "access_mode";
  DROP TYPE "public"."enum_pages_access_mode";`)
}
