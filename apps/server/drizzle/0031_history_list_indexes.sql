DROP INDEX "surveys_created_idx";--> statement-breakpoint
DROP INDEX "users_parent_idx";--> statement-breakpoint
DROP INDEX "material_likes_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "demands_user_idx";--> statement-breakpoint
CREATE INDEX "verification_codes_created_idx" ON "verification_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("order_type","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pay_way_created_idx" ON "orders" USING btree ("pay_way","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_lots_user_created_idx" ON "wallet_lots" USING btree ("user_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_sid","created_at","sid");--> statement-breakpoint
CREATE INDEX "material_likes_user_created_idx" ON "material_likes" USING btree ("user_sid","created_at" DESC NULLS LAST,"material_sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "demands_user_idx" ON "demands" USING btree ("user_sid","created_at" DESC NULLS LAST,"sid" DESC NULLS LAST);