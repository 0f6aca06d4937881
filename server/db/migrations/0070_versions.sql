-- Releases of the client apps (docs/product.md "Panel: Updates (versions)"). A build is uploaded first, on its own,
-- as a `version_files` row and a file DATA_DIR/versions/{stored_name}; a release then names it (or an external URL).
-- A file no release names is deleted a day after its upload by the `versions.files.prune` job.
CREATE TABLE version_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The uploader's file name, checked: no path, no control characters, at most 255 bytes.
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
  -- A random name chosen by the server: the only part of a path on disk that comes from a row.
  stored_name text NOT NULL UNIQUE CHECK (stored_name ~ '^[0-9a-f-]{36}$'),
  size bigint NOT NULL CHECK (size >= 0),
  -- Lower-case hex, computed while the upload was written.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX version_files_created_idx ON version_files (created_at);

CREATE TABLE versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform text NOT NULL CHECK (platform IN ('android', 'windows', 'macos', 'linux')),
  channel text NOT NULL CHECK (channel IN ('stable', 'beta')),
  version_name text NOT NULL CHECK (length(version_name) BETWEEN 1 AND 50),
  version_code integer NOT NULL CHECK (version_code BETWEEN 1 AND 2100000000),
  -- One release per file; a file in use cannot be deleted under it (the prune job relies on this).
  file_id integer UNIQUE REFERENCES version_files (id) ON DELETE RESTRICT,
  external_url text CHECK (length(external_url) <= 2000),
  changelog_ru text NOT NULL DEFAULT '',
  changelog_en text NOT NULL DEFAULT '',
  released_at date NOT NULL,
  published boolean NOT NULL DEFAULT false,
  forced boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((file_id IS NULL) <> (external_url IS NULL)),
  -- Backs the "only grows" rule the service checks under a lock: two releases can never share a code.
  UNIQUE (platform, channel, version_code)
);
-- The updaters' and the downloads page's question: the newest published release of a platform and channel.
CREATE INDEX versions_published_latest_idx ON versions (platform, channel, version_code DESC) WHERE published;
