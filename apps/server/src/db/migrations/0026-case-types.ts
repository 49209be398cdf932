/**
 * Case types: each model is sold in one or more kinds of case (a slim hard one, silicone, clear,
 * shock-absorbing...), each with its own price difference over the model's price and, for some,
 * colours. Stores can hide a type. An order keeps the type and colour it was made in.
 *
 * Every shop needs a default type for the orders that name none, so the migration creates it
 * ('Rígida', +0,00 €) and sells every existing model in it; existing orders were all made in it.
 */
export default /* sql */ `
CREATE TABLE case_types (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  material text NOT NULL DEFAULT '',
  -- over the model's price, VAT included; may be 0 or negative (the case never costs under 0)
  price_delta_cents integer NOT NULL DEFAULT 0 CHECK (price_delta_cents BETWEEN -100000 AND 100000),
  clear boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX case_types_name_key ON case_types (lower(name));
-- exactly one default at most; the service keeps it public
CREATE UNIQUE INDEX case_types_one_default ON case_types (is_default) WHERE is_default;

CREATE TABLE case_type_colours (
  id serial PRIMARY KEY,
  case_type_id integer NOT NULL REFERENCES case_types(id) ON DELETE CASCADE,
  name text NOT NULL,
  hex text NOT NULL CHECK (hex ~ '^#[0-9a-f]{6}$'),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX case_type_colours_type_idx ON case_type_colours (case_type_id, position);
CREATE UNIQUE INDEX case_type_colours_name_key ON case_type_colours (case_type_id, lower(name));

-- the types a model is sold in
CREATE TABLE model_case_types (
  model_id integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  case_type_id integer NOT NULL REFERENCES case_types(id) ON DELETE CASCADE,
  PRIMARY KEY (model_id, case_type_id)
);
CREATE INDEX model_case_types_type_idx ON model_case_types (case_type_id);

-- the types a store does not sell
CREATE TABLE store_hidden_case_types (
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  case_type_id integer NOT NULL REFERENCES case_types(id) ON DELETE CASCADE,
  PRIMARY KEY (store_id, case_type_id)
);

INSERT INTO case_types (name, description, material, price_delta_cents, is_default, position)
VALUES ('Rígida', 'Funda fina y rígida, con la foto en toda la trasera.', 'Policarbonato', 0, true, 0);
INSERT INTO model_case_types (model_id, case_type_id) SELECT m.id, t.id FROM models m, case_types t;

-- the type and colour an order is made in; the price in orders.price_cents already includes the type
ALTER TABLE orders ADD COLUMN case_type_id integer REFERENCES case_types(id);
ALTER TABLE orders ADD COLUMN colour_id integer REFERENCES case_type_colours(id);
UPDATE orders SET case_type_id = (SELECT id FROM case_types WHERE is_default);
ALTER TABLE orders ALTER COLUMN case_type_id SET NOT NULL;
CREATE INDEX orders_case_type_idx ON orders (case_type_id);

-- the white ink's name in a store's UV printer (its RIP's spot colour), for clear cases
ALTER TABLE stores ADD COLUMN white_ink_name text NOT NULL DEFAULT 'White'
  CHECK (white_ink_name ~ '^[A-Za-z0-9 _.-]{1,40}$');

CREATE TRIGGER case_types_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON case_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER case_type_colours_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON case_type_colours
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER model_case_types_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON model_case_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER store_hidden_case_types_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_hidden_case_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
`;
