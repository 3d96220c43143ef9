/** Types of buildInputs.mjs (plain JavaScript, so `start.mjs` runs without the TypeScript loader). */
export declare const INPUTS_FILE: string;
export declare const WEB_BUILD_INPUTS: readonly string[];
export declare const SERVER_BUILD_INPUTS: readonly string[];
export type BuildDecision =
  { build: true; reason: 'missing' | 'changed'; hash: string } | { build: false; reason: 'unchanged'; hash: string };
export declare function hashInputs(root: string, inputs?: readonly string[]): string;
export declare function decideBuild(
  root: string,
  dist: string,
  inputs: readonly string[],
  entry: string,
): BuildDecision;
export declare function recordBuild(dist: string, hash: string): void;
