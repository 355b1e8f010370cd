/** Every entry point a user may import (not the `/testing` ones, which need vitest). */
export declare const apiEntryPoints: readonly string[];
/** The site path of an entry point's page (`@limbic/core/errors` → `/api/@limbic/core/errors`). */
export declare function apiPagePath(specifier: string): string;
