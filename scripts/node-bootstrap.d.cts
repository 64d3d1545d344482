/** Whether this Node version (as in process.version) runs the scripts without flags. */
export function isNewEnough(version: string): boolean;
/** Path of a Node binary that isNewEnough, fetching Node 24 into .cache/node if need be. */
export function ensureModernNode(): string;
