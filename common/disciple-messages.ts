/**
 * The believers' own validation keys (mostly the CSV import's) and their messages in every
 * supported language. The server words `data.errors` and the preview's row errors with
 * them; the admin merges the same texts.
 */
import type { Language } from "./codes.js";

export const DISCIPLE_ERRORS = {
  notUtf8: "disciple.validation.not_utf8",
  unreadable: "disciple.validation.unreadable",
  empty: "disciple.validation.empty",
  tooManyRows: "disciple.validation.too_many_rows",
  columnsLength: "disciple.validation.columns_length",
  columnTwice: "disciple.validation.column_twice",
  nameUnmapped: "disciple.validation.name_unmapped",
  repeatedInFile: "disciple.validation.repeated_in_file",
  choice: "disciple.validation.choice",
  updateForbidden: "disciple.validation.update_forbidden",
  contactQuery: "disciple.validation.contact_query",
  contactImport: "disciple.validation.contact_import",
  futureBirth: "disciple.validation.future_birth",
} as const;

export const DISCIPLE_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [DISCIPLE_ERRORS.notUtf8]:
      "文件不是有效的 UTF-8 编码；如由中文版 Excel 保存，请选择 GB18030",
    [DISCIPLE_ERRORS.unreadable]:
      "无法读取该 CSV 文件（例如有未闭合的引号），请检查后重新上传",
    [DISCIPLE_ERRORS.empty]: "文件中没有数据行（第一行应为表头）",
    [DISCIPLE_ERRORS.tooManyRows]: "一次最多导入 100000 行",
    [DISCIPLE_ERRORS.columnsLength]: "列的对应关系与文件的列数不一致",
    [DISCIPLE_ERRORS.columnTwice]: "同一字段只能对应一列",
    [DISCIPLE_ERRORS.nameUnmapped]: "必须有一列对应“姓名”",
    [DISCIPLE_ERRORS.repeatedInFile]:
      "与文件中前面的一行重复（姓名和电话相同）",
    [DISCIPLE_ERRORS.choice]: "不是可选的值",
    [DISCIPLE_ERRORS.updateForbidden]: "没有修改信徒的权限，只能跳过重复的行",
    [DISCIPLE_ERRORS.contactQuery]:
      "没有查看联系方式的权限，不能按电话、邮箱、地址或出生日期筛选或排序",
    [DISCIPLE_ERRORS.contactImport]:
      "导入需要查看联系方式的权限：查重会比对已存信徒的电话",
    [DISCIPLE_ERRORS.futureBirth]: "出生日期不能晚于今天",
  },
  "en-US": {
    [DISCIPLE_ERRORS.notUtf8]:
      "The file is not valid UTF-8; if Chinese Excel saved it, choose GB18030",
    [DISCIPLE_ERRORS.unreadable]:
      "The CSV file cannot be read (an unclosed quote, for example); check it and upload it again",
    [DISCIPLE_ERRORS.empty]:
      "The file has no data rows (the first row must be the header)",
    [DISCIPLE_ERRORS.tooManyRows]:
      "At most 100000 rows can be imported at once",
    [DISCIPLE_ERRORS.columnsLength]:
      "The column mapping does not match the file's columns",
    [DISCIPLE_ERRORS.columnTwice]: "A field can be mapped from one column only",
    [DISCIPLE_ERRORS.nameUnmapped]: "One column must be mapped to Name",
    [DISCIPLE_ERRORS.repeatedInFile]:
      "Repeats an earlier row of the file (same name and phone)",
    [DISCIPLE_ERRORS.choice]: "Not one of the allowed values",
    [DISCIPLE_ERRORS.updateForbidden]:
      "You may not edit believers, so duplicates can only be skipped",
    [DISCIPLE_ERRORS.contactQuery]:
      "You may not see contact details, so you cannot filter or sort by phone, e-mail, address or birth date",
    [DISCIPLE_ERRORS.contactImport]:
      "Importing needs the permission to see contact details: the duplicate check compares stored believers' phone numbers",
    [DISCIPLE_ERRORS.futureBirth]: "A birth date cannot be later than today",
  },
};
