import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_access_links_kind" AS ENUM('share', 'feed');
  CREATE TABLE "access_links" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"page_id" integer NOT NULL,
  	"kind" "enum_access_links_kind" DEFAULT 'share' NOT NULL,
  	"expires_at" timestamp(3) with time zone,
  	"revoked" boolean DEFAULT false,
  	"token_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "access_links_id" integer;
  ALTER TABLE "access_links" ADD CONSTRAINT "access_links_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "access_links_page_idx" ON "access_links" USING btree ("page_id");
  CREATE UNIQUE INDEX "access_links_token_hash_idx" ON "access_links" USING btree ("token_hash");
  CREATE INDEX "access_links_updated_at_idx" ON "access_links" USING btree ("updated_at");
  CREATE INDEX "access_links_created_at_idx" ON "access_links" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_access_links_fk" FOREIGN KEY ("access_links_id") REFERENCES "public"."access_links"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_access_links_id_idx" ON "payload_locked_documents_rels" USING btree ("access_links_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "access_links" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "access_links" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_access_links_fk";
  
  DROP INDEX "payload_locked_documents_rels_access_links_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "access_links_id";
  DROP TYPE "public"."enum_access_links_kind";`)
}
