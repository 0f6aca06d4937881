// What webpack gives the shell's server build (webpack.shell.js): the contract's version, and module contexts.
declare const CONTRACT_VERSION: string;

interface WebpackModuleContext {
  keys(): string[];
  (id: string): unknown;
}

declare const require: NodeJS.Require & {
  context(directory: string, useSubdirectories: boolean, filter: RegExp): WebpackModuleContext;
};
