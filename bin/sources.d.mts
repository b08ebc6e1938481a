// Types of bin/sources.mjs (plain JavaScript: bin/mapcheck.mjs and scripts/build.mjs load it without tsx).
export interface BuildStamp {
  files: string[];
  fingerprint: string;
  /** [size, mtimeMs, ctimeMs] of each file when the build hashed it (absent in a stamp from before them). */
  stats?: [number, number, number][];
}
export declare function sourceFingerprint(root: string, files: string[]): string | null;
export declare function sourceStats(root: string, files: string[]): [number, number, number][] | null;
export declare function sourcesMatch(root: string, stamp: BuildStamp): boolean;
export declare function readBuildStamp(root: string): BuildStamp | null;
