// The one place federation is configured: webpack.shell.js and webpack.remotes.js both import it, so the shell and
// every remote agree on what is shared. A library missing here is loaded twice across the boundary, and then a remote
// silently reads an empty jotai store or throws "useNavigate() may be used only in the context of a <Router>".
import { readFileSync } from 'node:fs';
import { TRIMMED_SHARED } from './shared-exports.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const contract = JSON.parse(readFileSync(new URL('../shared/package.json', import.meta.url), 'utf8'));
const panelKit = JSON.parse(readFileSync(new URL('../panel-kit/package.json', import.meta.url), 'utf8'));
const siteKit = JSON.parse(readFileSync(new URL('../site-kit/package.json', import.meta.url), 'utf8'));

const singleton = (name) => ({ singleton: true, requiredVersion: pkg.dependencies[name] });

/**
 * One of our own packages (the contract, a kit): semver-versioned, bumped whenever its exports change
 * (`build/package-versions.test.ts`), and required at least at the version the build was made with. Strictly: a
 * remote built against a newer contract than the running shell provides fails to load — its section shows "temporarily
 * unavailable" — instead of rendering a page that breaks on a missing export.
 */
export const ourPackage = (version) => ({
  singleton: true,
  strictVersion: true,
  version,
  requiredVersion: `^${version}`,
});

/** A singleton cut down to the exports the site uses (build/shared-exports.js): one copy, only what pages import. */
const trimmed = (name) => ({
  ...singleton(name),
  treeShaking: { mode: 'runtime-infer', usedExports: TRIMMED_SHARED[name] },
});

/** Shared singletons; trailing-slash keys share subpath imports too (react/jsx-runtime, react-dom/client). */
export const shared = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  // Trimmed like antd: shared whole, react-router is the largest library of the first paint after react-dom.
  'react-router': trimmed('react-router'),
  'react-router/': singleton('react-router'),
  'react-router-dom': singleton('react-router-dom'),
  jotai: singleton('jotai'),
  'jotai/': singleton('jotai'),
  // antd is shared whole-but-trimmed: one copy (one theme, one locale, one style cache) cut down to the exports the
  // site uses. Only pages that need it load it; the public first paint never does.
  antd: trimmed('antd'),
  '@ant-design/cssinjs': { singleton: true, requiredVersion: pkg.dependencies['@ant-design/cssinjs'] },
  i18next: singleton('i18next'),
  'react-i18next': trimmed('react-i18next'),
  // The contract: additive changes bump the minor, a breaking change the major (then everything is released together).
  '@proxy/contract/': ourPackage(contract.version),
};

/**
 * What the panel's sections share on top: the panel kit, one singleton module (its index), so every section gets
 * every part of it — and the react-final-form inside it — from one copy. Only panel remotes list it: the shell and the
 * public remotes never load it, and their entries stay as small as before.
 */
export const panelShared = {
  ...shared,
  '@proxy/panel-kit': ourPackage(panelKit.version),
};

/** Panel sections are the remotes named `panel-*`: they share the kit and ship its editor's files. */
export const isPanelRemote = (folder) => folder.startsWith('panel-');

/**
 * What the customer remotes share on top: the site kit, one singleton module (its index), so every customer page
 * gets every part of it — its strings, its stylesheet — from one copy. Only the remotes built on it list it. Not the
 * shell: a share-map entry lives in main.js, which every visitor downloads, and the kit's (with the contract module
 * it brings) measured ~245 B gzip there, more than the home page's first paint has left of its budget (README,
 * Speed). The shell's lazy top-up dialog bundles the few kit parts it uses instead (the kit declares its side effects,
 * so the rest is left out; it holds no state, so the two copies agree). Not marketing either, for the same first paint.
 */
export const siteShared = {
  ...shared,
  '@proxy/site-kit': ourPackage(siteKit.version),
};

/** The customer remotes built on the site kit. */
export const SITE_KIT_REMOTES = ['ip', 'order', 'user'];

/**
 * The libraries the shell cannot start without, so it always provides them: a remote consumes the shell's copy and
 * ships none of its own (`import: false`), which keeps their fallbacks out of every remoteEntry.js. Its required
 * version is still checked against the shell's.
 */
const SHELL_PROVIDED = ['react', 'react/', 'react-dom', 'react-dom/', 'jotai', 'jotai/', 'i18next'];

const fromShell = (map) =>
  Object.fromEntries(
    Object.entries(map).map(([key, config]) => [
      key,
      SHELL_PROVIDED.includes(key) ? { ...config, import: false } : config,
    ]),
  );

/** The share map a remote is built with: the panel kit's, the site kit's, or the plain one. */
export const sharedOf = (folder) =>
  fromShell(isPanelRemote(folder) ? panelShared : SITE_KIT_REMOTES.includes(folder) ? siteShared : shared);

/** Options every federated build uses. */
export const federationDefaults = {
  shared,
  dts: false,
  // 'loaded-first' keeps a remote that is down from breaking start-up: entries are fetched only when used.
  shareStrategy: 'loaded-first',
  experiments: {
    asyncStartup: true,
    // Browser-only builds: drops the runtime's Node script loading. No snapshots: the shell loads each remote's
    // remoteEntry.js directly (shell/src/federation/remotes.ts), so the runtime's manifest code stays out of main.js.
    optimization: { target: 'web', disableSnapshot: true },
  },
};

/** Container names must be JS identifiers; remote folders use kebab-case. */
export const containerName = (folder) => folder.replace(/-/g, '_');
