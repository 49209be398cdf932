/**
 * A version number that moves whenever the customer catalogue may have changed, and a notification
 * on every change, so that each instance's in-memory catalogue cache knows when to let go.
 */
export default /* sql */ `
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (version) VALUES (1);

CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER stores_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER brands_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER models_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER store_models_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_models
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
`;
