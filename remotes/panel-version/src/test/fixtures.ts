import type { PanelVersion, VersionFile } from '@proxy/contract/schemas/versions';

export const ALL = [
  'versions.view_version',
  'versions.add_version',
  'versions.change_version',
  'versions.delete_version',
];

export const FILE: VersionFile = {
  id: 41,
  name: 'proxy-2.4.0.apk',
  size: 50_633_113,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  created_at: '2026-03-01T09:00:00Z',
};

export const release = (id: number, extra: Partial<PanelVersion> = {}): PanelVersion => ({
  id,
  platform: 'android',
  channel: 'stable',
  version_name: '2.4.0',
  version_code: 240,
  file: FILE,
  external_url: null,
  url: `/api/versions/files/${FILE.id}/${FILE.name}`,
  size: FILE.size,
  sha256: FILE.sha256,
  changelog_ru: '<p>Быстрее смена IP.</p>',
  changelog_en: '<p>Faster IP rotation.</p>',
  released_at: '2026-03-02',
  published: true,
  forced: false,
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  ...extra,
});

/** A stand-in XMLHttpRequest (the client uploads with progress through it): the test drives progress and answer. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
