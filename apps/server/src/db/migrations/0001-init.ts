/** Stores, catalogue, files, staff and orders. */
export default /* sql */ `
CREATE TABLE files (
  id text PRIMARY KEY,
  kind text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  width integer,
  height integer,
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stores (
  id serial PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{5}$'),
  town text NOT NULL,
  province text NOT NULL,
  image_id text REFERENCES files(id),
  down boolean NOT NULL DEFAULT false,
  shipping_cents integer NOT NULL DEFAULT 500 CHECK (shipping_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE brands (
  id serial PRIMARY KEY,
  name text NOT NULL,
  image_id text REFERENCES files(id),
  down boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX brands_name_key ON brands (lower(name));

CREATE TABLE models (
  id serial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands(id),
  name text NOT NULL,
  -- lower case without diacritics, for accent-insensitive search on every PostgreSQL build
  search_name text NOT NULL,
  image_id text REFERENCES files(id),
  template_id text REFERENCES files(id),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  is_public boolean NOT NULL DEFAULT true,
  is_down boolean NOT NULL DEFAULT false,
  outline jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX models_brand_name_key ON models (brand_id, lower(name));

CREATE TABLE store_models (
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  model_id integer NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  PRIMARY KEY (store_id, model_id)
);
CREATE INDEX store_models_model_idx ON store_models (model_id);

CREATE TABLE staff_users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'store')),
  store_id integer REFERENCES stores(id),
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (role = 'admin' OR store_id IS NOT NULL)
);

CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);

-- Fixed-window counters shared by every instance (sign-in attempts and other rate limits).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

CREATE SEQUENCE order_number_seq;

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  order_number bigint NOT NULL UNIQUE DEFAULT nextval('order_number_seq'),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'image_uploaded', 'design_confirmed',
    'details_confirmed', 'awaiting_payment', 'to_pay_at_store', 'paid', 'printed', 'ready', 'shipped',
    'delivered', 'cancelled')),
  origin text NOT NULL DEFAULT 'false' CHECK (origin IN ('false', 'screen')),
  store_id integer NOT NULL REFERENCES stores(id),
  brand_id integer NOT NULL REFERENCES brands(id),
  model_id integer NOT NULL REFERENCES models(id),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  is_home_delivery boolean NOT NULL DEFAULT false,
  payment_method text CHECK (payment_method IN ('paystore', 'paynow')),
  image_id text REFERENCES files(id),
  design_id text REFERENCES files(id),
  design_transform jsonb,
  customer_name text,
  customer_email text,
  customer_phone text,
  customer_address text,
  customer_city text,
  customer_postal_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_store_created_idx ON orders (store_id, created_at DESC);
CREATE INDEX orders_created_idx ON orders (created_at DESC);

CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL,
  note text
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);
`;
