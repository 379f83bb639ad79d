import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import type { ComponentType } from "react";
import { useCanAccess, usePermissions, useResourceContext } from "react-admin";
import { Loading } from "../kit/Loading";

/**
 * A custom admin page (one that is not a react-admin resource) opens only for a holder of
 * `code`; anyone else goes to the same access-denied page a resource sends them to, before
 * the page renders or asks the server for anything (issue 25 items 9, 15: configManage
 * spun forever, configLive and askConfig rendered blank with a toast).
 */
export function RequirePermission({
  code,
  children,
}: {
  code: string | undefined;
  children: ReactNode;
}) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (!code) return <>{children}</>;
  if (isPending) return <Loading />;
  if (!Array.isArray(permissions) || !permissions.includes(code))
    return <Navigate to="/access-denied" replace />;
  return <>{children}</>;
}

type ResourceAction = "list" | "create" | "edit" | "show";

/**
 * A resource's page renders only once the user is known to hold its code: react-admin's
 * own check runs beside the page, which showed the create form for a moment before the
 * redirect (issue 25 item 19).
 */
function RequireAccess({
  action,
  children,
}: {
  action: ResourceAction;
  children: ReactNode;
}) {
  const resource = useResourceContext();
  const { canAccess, isPending } = useCanAccess({
    resource: resource ?? "",
    action,
  });
  if (isPending) return <Loading />;
  if (!canAccess) return <Navigate to="/access-denied" replace />;
  return <>{children}</>;
}

interface ResourceScreens {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

const guardedOnce = new WeakMap<object, unknown>();

/**
 * The same resource definition with each screen behind RequireAccess; made once per
 * definition, so a new render never makes new component types (which would remount).
 */
export function guardScreens<T extends ResourceScreens>(definition: T): T {
  const known = guardedOnce.get(definition);
  if (known) return known as T;
  const guarded: Record<string, unknown> = { ...(definition as object) };
  for (const action of ["list", "create", "edit", "show"] as const) {
    const Screen = definition[action];
    if (!Screen) continue;
    const Guarded = () => (
      <RequireAccess action={action}>
        <Screen />
      </RequireAccess>
    );
    Guarded.displayName = `Guarded(${action})`;
    guarded[action] = Guarded;
  }
  guardedOnce.set(definition, guarded);
  return guarded as T;
}
