// Types of bin/sources.mjs (plain JavaScript: bin/mapcheck.mjs and scripts/build.mjs load it without tsx).
export interface BuildStamp {
  files: string[];
  fingerprint: string;
}
export declare function sourceFingerprint(root: string, files: string[]): string | null;
export declare function readBuildStamp(root: string): BuildStamp | null;
