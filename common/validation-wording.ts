/**
 * How a field problem is worded for a person, in both languages. The server words the
 * envelope's `data.errors` with it and the admin forms show the same sentences, so a
 * mistake reads the same whether the browser or the server caught it.
 *
 * Wording is a translation key plus arguments (react-admin's shape, polyglot's `%{name}`
 * placeholders). This module imports no zod, so it can sit in the admin's catalogue.
 */
import type { Language } from "./codes.js";

export interface FieldWording {
  key: string;
  args: Record<string, string | number>;
}

/** The keys, as constants, so no caller spells one by hand. */
export const VALIDATION_KEYS = {
  required: "validation.required",
  tooShort: "validation.too_short",
  tooLong: "validation.too_long",
  minValue: "validation.min_value",
  moreThan: "validation.more_than",
  maxValue: "validation.max_value",
  lessThan: "validation.less_than",
  tooFewItems: "validation.too_few_items",
  tooManyItems: "validation.too_many_items",
  integer: "validation.integer",
  number: "validation.number",
  text: "validation.text",
  boolean: "validation.boolean",
  list: "validation.list",
  date: "validation.date",
  datetime: "validation.datetime",
  email: "validation.email",
  url: "validation.url",
  format: "validation.format",
  oneOf: "validation.one_of",
  multipleOf: "validation.multiple_of",
  unknownField: "validation.unknown_field",
  invalid: "validation.invalid",
} as const;

const K = VALIDATION_KEYS;

export const VALIDATION_MESSAGES: Record<Language, Record<string, string>> = {
  "zh-CN": {
    [K.required]: "此项为必填项",
    [K.tooShort]: "至少需要 %{min} 个字符",
    [K.tooLong]: "最多 %{max} 个字符",
    [K.minValue]: "不能小于 %{min}",
    [K.moreThan]: "必须大于 %{min}",
    [K.maxValue]: "不能大于 %{max}",
    [K.lessThan]: "必须小于 %{max}",
    [K.tooFewItems]: "至少选择 %{min} 项",
    [K.tooManyItems]: "最多选择 %{max} 项",
    [K.integer]: "请输入整数",
    [K.number]: "请输入数字",
    [K.text]: "请输入文字",
    [K.boolean]: "请选择“是”或“否”",
    [K.list]: "应为一组值",
    [K.date]: "请输入有效的日期",
    [K.datetime]: "请输入有效的日期和时间",
    [K.email]: "请输入有效的电子邮箱地址",
    [K.url]: "请输入有效的网址",
    [K.format]: "格式不正确",
    [K.oneOf]: "请从这些选项中选择：%{options}",
    [K.multipleOf]: "应为 %{divisor} 的倍数",
    [K.unknownField]: "不支持此字段",
    [K.invalid]: "输入的值无效",
  },
  "en-US": {
    [K.required]: "This field is required",
    [K.tooShort]: "Enter at least %{min} characters",
    [K.tooLong]: "Enter at most %{max} characters",
    [K.minValue]: "Must be %{min} or more",
    [K.moreThan]: "Must be more than %{min}",
    [K.maxValue]: "Must be %{max} or less",
    [K.lessThan]: "Must be less than %{max}",
    [K.tooFewItems]: "Choose at least %{min}",
    [K.tooManyItems]: "Choose at most %{max}",
    [K.integer]: "Enter a whole number",
    [K.number]: "Enter a number",
    [K.text]: "Enter text",
    [K.boolean]: "Choose yes or no",
    [K.list]: "Must be a list of values",
    [K.date]: "Enter a valid date",
    [K.datetime]: "Enter a valid date and time",
    [K.email]: "Enter a valid e-mail address",
    [K.url]: "Enter a valid web address",
    [K.format]: "Not in the expected format",
    [K.oneOf]: "Choose one of: %{options}",
    [K.multipleOf]: "Must be a multiple of %{divisor}",
    [K.unknownField]: "This field is not supported",
    [K.invalid]: "This value is not valid",
  },
};

/** Fills `%{name}` placeholders the way polyglot does, for the server's side. */
export function interpolate(
  template: string,
  args: Record<string, string | number>,
): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in args ? String(args[name]) : whole,
  );
}

/** A wording in one language; a key this catalogue does not know is returned as is. */
export function wordValidation(
  wording: FieldWording,
  language: Language,
): string {
  const template = VALIDATION_MESSAGES[language][wording.key];
  return template === undefined
    ? wording.key
    : interpolate(template, wording.args);
}
