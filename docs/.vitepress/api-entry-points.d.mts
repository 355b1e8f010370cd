/** Every entry point a user may import (not the `/testing` ones, which need vitest). */
export declare const apiEntryPoints: readonly string[];
/** The folders of the public packages. */
export declare const apiPackageDirs: readonly string[];
/** The exports of the public packages that the reference leaves out, with the reason. */
export declare const apiLeftOut: Readonly<Record<string, string>>;
/** The site path of an entry point's page (`@limbic/core/errors` → `/api/@limbic/core/errors`). */
export declare function apiPagePath(specifier: string): string;
