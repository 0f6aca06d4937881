/** The messages between the API server and a render worker (renderer.ts ⇄ render-worker.ts). */

/** What a worker is started with: where the built site is, and the remotes of the version it renders. */
export interface WorkerSetup {
  readonly distDir: string;
  readonly remotes: readonly { readonly name: string; readonly entry: string }[];
}

/** A page rendered: the markup of `#root` and what the document carries beside it. */
export interface Rendered {
  readonly status: number;
  readonly html: string;
  readonly router: unknown;
  readonly block: Readonly<Record<string, unknown>>;
  /**
   * The stylesheets the markup paints with, in cascade order: the shell's own, then those of the remotes whose pages
   * are in it. The document carries them inline, so its first paint waits for no other request.
   */
  readonly styles: readonly Stylesheet[];
}

export interface Stylesheet {
  /** Where the stylesheet is served (`/main.css`, `/remotes/marketing/….css`). */
  readonly href: string;
  readonly css: string;
}

export type ToWorker =
  | { readonly type: 'render'; readonly id: number; readonly url: string; readonly state: unknown }
  | {
      readonly type: 'fetched';
      readonly callId: number;
      readonly status: number;
      readonly headers: Record<string, string>;
      readonly body: string;
    };

export type FromWorker =
  | { readonly type: 'ready'; readonly skipped: readonly string[] }
  | { readonly type: 'rendered'; readonly id: number; readonly result: Rendered | { readonly skipped: string } }
  | { readonly type: 'failed'; readonly id: number; readonly error: string }
  | {
      readonly type: 'fetch';
      readonly renderId: number;
      readonly callId: number;
      readonly url: string;
      readonly headers: Record<string, string>;
    };
