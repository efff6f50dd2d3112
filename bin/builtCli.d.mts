// Types of builtCli.mjs (plain JS: bin/ctrlg.mjs reads it before any TypeScript loader exists).
export declare const STAMP_FILE: string;
export declare const STAMP_VERSION: number;
export interface CliStamp {
  version: number;
  entry: string;
  files: Record<string, { size: number; mtimeMs: number }>;
}
export declare function makeStamp(root: string, inputs: Iterable<string>): CliStamp;
export declare function staleReason(root: string, outDir: string): string | undefined;
export declare function freshBuiltCli(root: string, outDir: string): string | undefined;
