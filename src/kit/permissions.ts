/** Whether the permissions react-admin holds for the user include `code`. */
export function hasPermission(permissions: unknown, code: string): boolean {
  return Array.isArray(permissions) && permissions.includes(code);
}
