CREATE TABLE "personal_access_token_settings" (
	"token_id" bigint PRIMARY KEY NOT NULL,
	"idle_expires_in" integer,
	"rate_limit" integer,
	"quota" integer,
	"quota_refill" integer,
	"quota_interval" integer,
	"quota_remaining" integer,
	"quota_refilled_at" timestamp (0),
	"allowed_ips" jsonb,
	"rolled_from" bigint,
	"replaced_by" bigint,
	"last_used_ip" varchar(45),
	"last_used_user_agent" text,
	"expiry_notified_at" timestamp (0)
);
--> statement-breakpoint
CREATE TABLE "personal_access_token_usage" (
	"token_id" bigint NOT NULL,
	"hour" timestamp (0) NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "personal_access_token_usage_token_id_hour_pk" PRIMARY KEY("token_id","hour")
);
--> statement-breakpoint
ALTER TABLE "personal_access_token_settings" ADD CONSTRAINT "personal_access_token_settings_token_id_personal_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "personal_access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_token_usage" ADD CONSTRAINT "personal_access_token_usage_token_id_personal_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "personal_access_tokens"("id") ON DELETE cascade ON UPDATE no action;