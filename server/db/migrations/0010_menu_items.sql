-- The site's header menu (spec §2: items with a name, a link and optional children), content-managed in ru and en.
-- A link is a language-neutral route ('/about'), an anchor on the home page ('#features') or an absolute URL.
CREATE TABLE menu_items (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES menu_items (id) ON DELETE CASCADE,
  name_ru text NOT NULL CHECK (length(name_ru) BETWEEN 1 AND 100),
  name_en text NOT NULL DEFAULT '' CHECK (length(name_en) <= 100),
  link text NOT NULL CHECK (length(link) BETWEEN 1 AND 500),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_items_parent_sort ON menu_items (parent_id, sort_order, id);
