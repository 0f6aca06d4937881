/**
 * Where this remote's copy of TinyMCE lives: the `tinymce/` folder the build puts next to its chunks
 * (build/tinymce-assets.js), found through webpack's public path, which for a remote is the folder its
 * remoteEntry.js was loaded from. So the editor comes from the same deployment as the code using it, and nothing
 * loads from TinyMCE's cloud.
 */
declare const __webpack_public_path__: string | undefined;

export function tinymceBase(): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/';
  return `${base}tinymce/`;
}
