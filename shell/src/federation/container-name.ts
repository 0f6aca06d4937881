/** Container names must be JS identifiers; remote folders and remotes.json names are kebab-case. */
export const containerName = (remote: string): string => remote.replace(/-/g, '_');
