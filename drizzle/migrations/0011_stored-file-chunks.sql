CREATE TABLE "stored_file_chunks" (
	"file_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "sha256" text;--> statement-breakpoint
-- The files stored so far: their hash (the downloads' ETag) and their size from the bytes themselves,
-- then the bytes in chunks of 128 KiB, numbered from 0 (an empty file has none). 0012 drops the column.
UPDATE "stored_files" SET "sha256" = encode(sha256("bytes"), 'hex'), "size" = octet_length("bytes");--> statement-breakpoint
INSERT INTO "stored_file_chunks" ("file_id", "seq", "bytes")
	SELECT f."id", s.seq, substring(f."bytes" from s.seq * 131072 + 1 for 131072)
	FROM "stored_files" f, generate_series(0, (octet_length(f."bytes") + 131071) / 131072 - 1) AS s(seq);--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "sha256" SET NOT NULL;
