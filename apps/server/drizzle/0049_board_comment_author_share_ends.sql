CREATE INDEX "board_comments_author_idx" ON "board_comments" USING btree ("author_sid","sid");--> statement-breakpoint
CREATE INDEX "board_shares_revoked_idx" ON "board_shares" USING btree ("revoked_at") WHERE revoked_at is not null;--> statement-breakpoint
CREATE INDEX "board_shares_expires_idx" ON "board_shares" USING btree ("expires_at") WHERE expires_at is not null;