// The entry of a remote's server build (build/server-build.js): its `./routes`, and the contract version it was built
// against, which the render worker checks as the browser's federation runtime checks a remote's required version.
/* global CONTRACT_VERSION */
export { pages, translations } from 'remote-routes';
export const contractVersion = CONTRACT_VERSION;
