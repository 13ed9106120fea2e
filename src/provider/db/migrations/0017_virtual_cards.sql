CREATE TABLE "virtual_cards" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"label" varchar(40) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"limit_amount" numeric(15, 2) NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;