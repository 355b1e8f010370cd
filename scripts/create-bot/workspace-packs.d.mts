/** A workspace package of the clone: its folder and its package.json. */
export interface WorkspacePackage {
  dir: string;
  manifest: {
    name: string;
    private?: boolean;
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
    [field: string]: unknown;
  };
}
/** The clone's workspace packages by name: their folder and package.json. */
export declare function workspacePackages(root: string): Map<string, WorkspacePackage>;
/** `names` and every workspace package they depend on, directly or not; throws on a private one. */
export declare function withWorkspaceDependencies(
  packages: Map<string, WorkspacePackage>,
  names: readonly string[],
): string[];
/** Builds the clone's packages and packs `names` into `destination`; each package's tarball file name. */
export declare function packWorkspaces(
  root: string,
  packages: Map<string, WorkspacePackage>,
  names: readonly string[],
  destination: string,
): Map<string, string>;
