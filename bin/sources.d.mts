// Types of bin/sources.mjs (plain JavaScript: bin/mapcheck.mjs and scripts/build.mjs load it without tsx).
export declare const SOURCE_DIRS: string[];
export declare function sourceFingerprint(root: string): string;
