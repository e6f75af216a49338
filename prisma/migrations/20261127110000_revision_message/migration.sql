-- A version-history entry may carry its author's message (loopwright-sim push -m, the API's save).
ALTER TABLE "diagram_revisions" ADD COLUMN "message" TEXT;
