CREATE TABLE "lexeme_stats" (
	"field" text NOT NULL,
	"word" text NOT NULL,
	"ndoc" integer NOT NULL,
	CONSTRAINT "lexeme_stats_field_word_pk" PRIMARY KEY("field","word")
);
