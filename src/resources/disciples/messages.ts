/** The believers screens' strings (merged into the admin's i18n catalogue). */
import { DISCIPLE_VALIDATION_MESSAGES } from "../../../common/disciple-messages";
import {
  DISCIPLE_CHOICE_LABELS,
  DISCIPLE_FIELD_LABELS,
} from "../../../common/schemas/disciple-labels";
import { nestMessages } from "../../i18n/deepMerge";

export const discipleMessages = {
  "zh-CN": {
    ...nestMessages(DISCIPLE_VALIDATION_MESSAGES["zh-CN"]),
    disciples: {
      ...DISCIPLE_CHOICE_LABELS["zh-CN"],
      summary: "共 %{total} 人",
      summary_label: "按状态统计",
      masked_hint: "联系方式已隐藏：您没有查看联系方式的权限，无法修改这些字段",
      filter: {
        birthDateFrom: "出生日期起",
        birthDateTo: "出生日期止",
        baptismDateFrom: "受洗日期起",
        baptismDateTo: "受洗日期止",
        joinedOnFrom: "入会日期起",
        joinedOnTo: "入会日期止",
        tagId: "标签",
      },
      import: {
        button: "导入 CSV",
        title: "导入信徒",
        step_upload: "上传并对应列",
        step_preview: "检查并导入",
        file: "CSV 文件",
        choose_file: "选择文件",
        file_hint:
          "支持 UTF-8（可带 BOM）或中文版 Excel 保存的 GB18030 编码；第一行为表头",
        no_file: "请先选择一个 CSV 文件",
        encoding: "文件编码",
        encoding_auto: "自动识别",
        column: "文件中的列“%{header}”",
        ignore: "（不导入）",
        preview: "检查文件",
        counts:
          "共 %{total} 行：%{valid} 行有效，%{invalid} 行有错误，%{duplicates} 行与已有信徒重复（姓名和电话相同）",
        line: "行号",
        problems: "问题",
        duplicate_of: "与已有信徒 #%{id} %{name} 重复",
        ok: "无问题",
        duplicates: "重复的行",
        skip: "跳过",
        update: "用文件中的内容更新已有信徒",
        commit: "导入 %{count} 行",
        done: "导入完成：新增 %{created} 人，更新 %{updated} 人，跳过 %{skipped} 行，%{invalid} 行有错误未导入",
        shown: "以下列出有问题的行（最多 200 行）和部分有效的行",
        back: "返回信徒列表",
      },
    },
    resources: {
      "admin/discipleManage": {
        fields: DISCIPLE_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    ...nestMessages(DISCIPLE_VALIDATION_MESSAGES["en-US"]),
    disciples: {
      ...DISCIPLE_CHOICE_LABELS["en-US"],
      summary: "%{total} in all",
      summary_label: "Counts by status",
      masked_hint:
        "Contact details are hidden: you may not see them, so these fields cannot be changed",
      filter: {
        birthDateFrom: "Born from",
        birthDateTo: "Born until",
        baptismDateFrom: "Baptised from",
        baptismDateTo: "Baptised until",
        joinedOnFrom: "Joined from",
        joinedOnTo: "Joined until",
        tagId: "Tag",
      },
      import: {
        button: "Import CSV",
        title: "Import believers",
        step_upload: "Upload and map columns",
        step_preview: "Check and import",
        file: "CSV file",
        choose_file: "Choose a file",
        file_hint:
          "UTF-8 (with or without BOM) or GB18030 as Chinese Excel saves it; the first row is the header",
        no_file: "Choose a CSV file first",
        encoding: "File encoding",
        encoding_auto: "Detect",
        column: "File column “%{header}”",
        ignore: "(not imported)",
        preview: "Check the file",
        counts:
          "%{total} rows: %{valid} valid, %{invalid} with errors, %{duplicates} repeat existing believers (same name and phone)",
        line: "Line",
        problems: "Problems",
        duplicate_of: "Repeats believer #%{id} %{name}",
        ok: "No problem",
        duplicates: "Duplicate rows",
        skip: "Skip them",
        update: "Update the existing believers from the file",
        commit: "Import %{count} rows",
        done: "Import done: %{created} created, %{updated} updated, %{skipped} skipped, %{invalid} rows with errors not imported",
        shown:
          "Listed: the rows with problems (at most 200) and some valid rows",
        back: "Back to the believers",
      },
    },
    resources: {
      "admin/discipleManage": {
        fields: DISCIPLE_FIELD_LABELS["en-US"],
      },
    },
  },
};
