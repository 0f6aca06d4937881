-- The home page is a page too (docs/product.md): one page row carries `home`, and typed blocks make it up.
-- Blocks belong to a page, so any content page can also be built of blocks after its body.
ALTER TABLE pages ADD COLUMN home boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX pages_one_home ON pages (home) WHERE home;

CREATE TABLE page_blocks (
  id serial PRIMARY KEY,
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('hero', 'features', 'steps', 'prices', 'faq', 'video', 'tabs', 'news', 'richtext')),
  -- The element id a menu link like '#features' scrolls to; unique on its page.
  anchor text CHECK (anchor ~ '^[a-z][a-z0-9-]{0,49}$'),
  -- Typed by `type` (the contract's block schemas validate both on save); rich-text fields are sanitized HTML.
  data_ru jsonb NOT NULL,
  -- NULL means "not translated yet": English visitors get the Russian data.
  data_en jsonb,
  published boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (page_id, anchor)
);
CREATE INDEX page_blocks_page_sort_idx ON page_blocks (page_id, sort_order, id);

-- The price table on the home page, and later the price list the order page quotes from.
CREATE TABLE plans (
  id serial PRIMARY KEY,
  title_ru text NOT NULL CHECK (length(title_ru) BETWEEN 1 AND 100),
  title_en text NOT NULL DEFAULT '' CHECK (length(title_en) <= 100),
  -- Money is integer minor units (kopecks, cents), never floats (docs/security.md).
  price_minor bigint NOT NULL CHECK (price_minor >= 0 AND price_minor <= 100000000000),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 365),
  caption_ru text NOT NULL DEFAULT '' CHECK (length(caption_ru) <= 200),
  caption_en text NOT NULL DEFAULT '' CHECK (length(caption_en) <= 200),
  -- Short lines of plain text, one per feature.
  features_ru jsonb NOT NULL DEFAULT '[]',
  features_en jsonb NOT NULL DEFAULT '[]',
  highlighted boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plans_active_sort_idx ON plans (active, sort_order, id);
