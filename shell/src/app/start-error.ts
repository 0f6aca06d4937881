import { atom } from '@proxy/contract/state';

/** The status the server reported for loading the signed-in user, when it was not a plain 401 (spec §4). */
export const startErrorAtom = atom<number | null>(null);
