-- Uploaded images (spec §3): served as /api/users/images/{id}[-{w}x{h}][-c].{format}. The bytes live in
-- DATA_DIR/images/{id}.{format}; the row says what they are, so a render is refused or answered 304 before any
-- file is read. Rows are never updated: an id always means the same bytes (immutable caching depends on it).
CREATE TABLE images (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('jpeg', 'png', 'webp')),
  -- After EXIF rotation; the upload caps them (40 megapixels, 10000 per side).
  width integer NOT NULL CHECK (width BETWEEN 1 AND 10000),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 10000),
  -- Size and SHA-256 (lower-case hex) of the stored file.
  bytes integer NOT NULL CHECK (bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- Who uploaded it; the image outlives the account.
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX images_uploaded_by_idx ON images (uploaded_by);
