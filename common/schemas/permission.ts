import { z } from "zod";

const labelSchema = z.object({ "zh-CN": z.string(), "en-US": z.string() });

/** One code of the tree, with the routes that need it and the roles that hold it. */
export const permissionActionSchema = z.object({
  code: z.string(),
  action: z.string(),
  label: labelSchema,
  routes: z.array(z.object({ method: z.string(), url: z.string() })),
  roles: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string(),
    }),
  ),
});

export const permissionTreeSchema = z.array(
  z.object({
    key: z.string(),
    label: labelSchema,
    modules: z.array(
      z.object({
        key: z.string(),
        label: labelSchema,
        actions: z.array(permissionActionSchema),
      }),
    ),
  }),
);
export type PermissionTree = z.infer<typeof permissionTreeSchema>;
