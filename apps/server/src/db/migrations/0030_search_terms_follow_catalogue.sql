-- The search lexicon (typo correction's known words) follows every catalogue change in the
-- change's own transaction (issue 36: words of a new jersey were unsearchable until the next
-- seed). New words are added by triggers on the names and tags; a word no longer used stays
-- until the next full rebuild (it only offers a correction that finds nothing).
CREATE FUNCTION search_terms_from_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT w.lexeme
  FROM unnest(to_tsvector('simple',
         NEW.name || ' ' || replace(coalesce(to_jsonb(NEW) ->> 'tag', ''), ',', ' '))) AS w
  WHERE length(w.lexeme) BETWEEN 2 AND 40
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_terms AFTER INSERT OR UPDATE OF name, tag ON products
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_row();--> statement-breakpoint
CREATE TRIGGER teams_search_terms AFTER INSERT OR UPDATE OF name ON teams
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_row();--> statement-breakpoint
CREATE TRIGGER players_search_terms AFTER INSERT OR UPDATE OF name ON players
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_row();--> statement-breakpoint
CREATE TRIGGER categories_search_terms AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_row();
