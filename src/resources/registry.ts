/**
 * How each react-admin resource maps onto the /tjc API, read from the manifests
 * (./index.ts): its path, the fields a write may send, and the permission each action
 * needs (`module:action`, DESIGN.md section 5).
 */
import { writableFields, type ResourceManifest } from "../kit/manifest";
import { RESOURCES } from "./index";

const BY_NAME = new Map(RESOURCES.map((manifest) => [manifest.name, manifest]));

const ACTION_TO_PERMISSION: Record<string, string> = {
  list: "read",
  show: "read",
  read: "read",
  create: "create",
  clone: "create",
  edit: "update",
  update: "update",
  delete: "delete",
  export: "export",
  // Running a job now (job:run).
  run: "run",
};

export function apiResourceFor(
  resource: string,
): ResourceManifest & { apiPath: string } {
  const entry = BY_NAME.get(resource);
  if (!entry?.apiPath)
    throw new Error(
      `unknown resource "${resource}": add its manifest to src/resources/index.ts`,
    );
  return entry as ResourceManifest & { apiPath: string };
}

const writable = new Map<string, Promise<string[]>>();

/** The fields create and update send for a resource: its input schema's keys. */
export function writableFieldsFor(resource: string): Promise<string[]> {
  let known = writable.get(resource);
  if (!known) {
    known = writableFields(apiResourceFor(resource));
    writable.set(resource, known);
  }
  return known;
}

/** The permission code an action on a resource needs, or null when none is declared. */
export function permissionFor(
  resource: string | undefined,
  action: string,
): string | null {
  if (!resource) return null;
  const entry = BY_NAME.get(resource);
  if (!entry) return null;
  const verb = ACTION_TO_PERMISSION[action];
  return verb ? `${entry.permissionModule}:${verb}` : null;
}
