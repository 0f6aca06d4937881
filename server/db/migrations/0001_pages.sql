-- Content pages (spec: generic page /{id} and content page /page/{id}), edited in the panel in both languages.
CREATE TABLE pages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  title_ru text NOT NULL,
  title_en text NOT NULL DEFAULT '',
  -- Sanitized HTML (the panel's editor output is cleaned on save).
  body_ru text NOT NULL DEFAULT '',
  body_en text NOT NULL DEFAULT '',
  seo_title_ru text NOT NULL DEFAULT '',
  seo_title_en text NOT NULL DEFAULT '',
  seo_description_ru text NOT NULL DEFAULT '',
  seo_description_en text NOT NULL DEFAULT '',
  published boolean NOT NULL DEFAULT false,
  -- Where the page is linked from: NULL = no menu; a later issue adds placements by extending this check.
  menu text CHECK (menu IN ('header', 'footer')),
  -- Order inside a menu and in the page list (ascending).
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pages_published_sort_idx ON pages (published, sort_order, id);
CREATE INDEX pages_menu_idx ON pages (menu, sort_order) WHERE menu IS NOT NULL;
