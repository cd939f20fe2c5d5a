import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "pages_embedding_origins" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"origin" varchar NOT NULL
  );
  
  CREATE TABLE "settings_embedding_origins" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"origin" varchar NOT NULL
  );
  
  ALTER TABLE "pages_embedding_origins" ADD CONSTRAINT "pages_embedding_origins_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "settings_embedding_origins" ADD CONSTRAINT "settings_embedding_origins_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_embedding_origins_order_idx" ON "pages_embedding_origins" USING btree ("_order");
  CREATE INDEX "pages_embedding_origins_parent_id_idx" ON "pages_embedding_origins" USING btree ("_parent_id");
  CREATE INDEX "settings_embedding_origins_order_idx" ON "settings_embedding_origins" USING btree ("_order");
  CREATE INDEX "settings_embedding_origins_parent_id_idx" ON "settings_embedding_origins" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "pages_embedding_origins" CASCADE;
  DROP TABLE "settings_embedding_origins" CASCADE;`)
}
