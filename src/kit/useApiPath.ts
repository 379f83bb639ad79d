import { useResourceDefinition } from "react-admin";

/**
 * The /tjc path of the current (or the named) resource, read when an action runs: App.tsx
 * hands each <Resource> its manifest's `apiPath` as an option, so the kit never imports
 * the resource list.
 */
export function useApiPath(resource?: string): () => string {
  const definition = useResourceDefinition(resource ? { resource } : {});
  const apiPath = (definition.options as { apiPath?: string } | undefined)
    ?.apiPath;
  return () => {
    if (!apiPath)
      throw new Error(
        `resource "${definition.name}" has no apiPath: is its manifest in src/resources/index.ts?`,
      );
    return apiPath;
  };
}
