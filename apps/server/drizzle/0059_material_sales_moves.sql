CREATE TABLE "material_sales_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_sales_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_sid" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
-- The pass that adds the moves to materials.sales_count (foldMaterialSales) changes nothing a
-- search index reads, so it keeps the rows' written_xid: no server reads a material again
-- because it sold (docs/decisions/0057). Every other write records its transaction as before.
CREATE OR REPLACE FUNCTION "materials_written_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('gemstock.sales_fold', true) = 'on' THEN
    NEW.written_xid := OLD.written_xid;
  ELSE
    NEW.written_xid := pg_current_xact_id();
  END IF;
  RETURN NEW;
END
$$;
