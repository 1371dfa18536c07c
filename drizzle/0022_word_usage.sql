CREATE TABLE "word_usage" (
	"lang" text NOT NULL,
	"word" text NOT NULL,
	"nchunks" integer NOT NULL,
	CONSTRAINT "word_usage_lang_word_pk" PRIMARY KEY("lang","word")
);
--> statement-breakpoint
-- Databases ingested before this table existed: count once now, as every ingest does from here on.
INSERT INTO "word_usage" ("lang", "word", "nchunks")
SELECT c.lang, w.word, count(*)::int FROM chunks c CROSS JOIN LATERAL unnest(tsvector_to_array(c.tsv_simple)) AS w(word) GROUP BY c.lang, w.word;
