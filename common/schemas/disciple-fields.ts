/**
 * The believer fields a CSV column can fill (and a form writes, with the tags). No zod
 * here: the admin's registry, in the first chunk, imports it.
 */
export const DISCIPLE_IMPORT_FIELDS = [
  "name",
  "gender",
  "birthDate",
  "baptismDate",
  "joinedOn",
  "phone",
  "email",
  "address",
  "regionCode",
  "countryCode",
  "congregation",
  "status",
  "notes",
] as const;
export type DiscipleImportField = (typeof DISCIPLE_IMPORT_FIELDS)[number];
