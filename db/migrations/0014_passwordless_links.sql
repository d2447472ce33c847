-- Sign-in links and codes in flight (decision record 088).
CREATE TABLE "passwordless_links" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"remember" boolean NOT NULL,
	"created_at" timestamp (0) NOT NULL,
	"expires_at" timestamp (0) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "passwordless_links_user_id_index" ON "passwordless_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passwordless_links_expires_at_index" ON "passwordless_links" USING btree ("expires_at");