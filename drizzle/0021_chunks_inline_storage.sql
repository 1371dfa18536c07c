-- Keep a chunk's vector and text in its row. pgvector stores vectors with EXTERNAL storage, so a
-- row over the default 2 kB toast target had its embedding moved to the TOAST table, and every
-- exact vector scan fetched it from there (measured on PGlite, 1,588 chunks: 13.5 ms per scan,
-- 2.5 ms with everything inline). MAIN still lets a too-large row (a 1,536-dimension embedding
-- beside long text) move it out as a last resort. Applies to rows written from now on; rewrite
-- existing ones with VACUUM FULL chunks (or a re-ingest).
ALTER TABLE "chunks" ALTER COLUMN "embedding" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "chunks" SET (toast_tuple_target = 8160);
