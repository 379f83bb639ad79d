import { useQuery } from "@tanstack/react-query";
import { useLocaleState } from "react-admin";
import type { PermissionTree } from "../../../../common/schemas/permission";
import type { Label } from "../../../../common/permission-labels";
import { systemClient } from "../../../http";

/** The server's permission tree (GET /tjc/system/permissions) and a label picker. */
export function usePermissionTree() {
  const [locale] = useLocaleState();
  const query = useQuery({
    queryKey: ["tjc", "system/permissions"],
    queryFn: async () =>
      (await systemClient.get<PermissionTree>("system/permissions")).data,
  });
  const label = (value: Label) =>
    locale === "en-US" ? value["en-US"] : value["zh-CN"];
  return { tree: query.data, label, isPending: query.isPending };
}
