DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_owner_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_sid","status","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_owner_status_idx" ON "orders" USING btree ("owner_sid","status","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_owner_audit_idx" ON "orders" USING btree ("owner_sid","audit_status","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST) WHERE "orders"."audit_status" <> 'NONE';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);