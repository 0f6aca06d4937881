import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';

/**
 * Runtime plugin of the shell's federation container: hands the shell's federation runtime to the remotes, which are
 * built with `experiments.externalRuntime` (webpack.remotes.js) and read it from this global instead of each shipping
 * its own copy (~19 KB gzip per remoteEntry.js on every first visit).
 *
 * It does what MF's `provideExternalRuntime` option does, but imports the same ES module build of the runtime the
 * shell already runs; the option's plugin is resolved as CommonJS and would bundle a second copy of it (~22 KB gzip).
 * The remotes therefore need a shell built with the same @module-federation version (docs/architecture.md pins it).
 */
export const RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'provide-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global as unknown as Record<string, unknown>;
      global[RUNTIME_GLOBAL] ??= runtimeCore;
      return args;
    },
  };
}
