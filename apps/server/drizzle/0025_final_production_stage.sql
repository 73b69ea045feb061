-- Demands left in DRAFT_REVIEW with both revision rounds used were nobody's turn: the buyer could
-- not answer and the board showed no deadline. They are waiting for their final files
-- (FINAL_PRODUCTION, decision 0024); the deadline is now, so the board shows them overdue at once.
UPDATE "demands"
SET "status" = 'FINAL_PRODUCTION', "stage_deadline" = now(), "updated_at" = now()
WHERE "status" = 'DRAFT_REVIEW' AND "revisions_used" >= 2;
