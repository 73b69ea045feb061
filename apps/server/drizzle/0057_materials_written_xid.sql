ALTER TABLE "materials" ADD COLUMN "written_xid" "xid8";--> statement-breakpoint
CREATE INDEX "materials_written_xid_idx" ON "materials" USING btree ("written_xid");--> statement-breakpoint
-- Every insert and update of a material records the writing transaction, whatever the writer
-- (the application, a bulk edit, the media jobs, an operator's hand): the search index of each
-- server reads the rows written since its last read by this column (docs/decisions/0053).
CREATE FUNCTION "materials_written_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "materials_written_xid" BEFORE INSERT OR UPDATE ON "materials"
  FOR EACH ROW EXECUTE FUNCTION "materials_written_xid"();
