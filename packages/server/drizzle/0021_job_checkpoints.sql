CREATE TABLE "transcription_checkpoints" (
	"transcription_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"checkpoint" jsonb NOT NULL,
	CONSTRAINT "transcription_checkpoints_transcription_id_seq_pk" PRIMARY KEY("transcription_id","seq")
);
--> statement-breakpoint
ALTER TABLE "transcription_checkpoints" ADD CONSTRAINT "transcription_checkpoints_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;