import type { TranslationMessages } from "ra-core";
import chineseBase from "ra-language-chinese";
import englishMessages from "ra-language-english";
import { deepMerge } from "./deepMerge";

type Tree = Record<string, unknown>;

/** Keeps only the keys react-admin 5 still has (the pack carries a few from v2/v3). */
function onlyKeysOf(shape: Tree, tree: Tree): Tree {
  const kept: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (!(key in shape)) continue;
    const model = shape[key];
    kept[key] =
      value && typeof value === "object" && model && typeof model === "object"
        ? onlyKeysOf(model as Tree, value as Tree)
        : value;
  }
  return kept;
}

/**
 * react-admin's messages in zh-CN: ra-language-chinese 2.0.10 (written for react-admin
 * 2/3) as the base, completed with the 65 keys it lacks against ra-language-english 5.15
 * and corrected where its placeholders no longer match. Chinese has a single plural form
 * in Polyglot, so plural messages here are one phrase that carries %{smart_count}.
 */
const completion = {
  ra: {
    action: {
      bulk_actions: "已选择 %{smart_count} 项",
      back: "返回",
      clear_array_input: "清空列表",
      clear_input_value: "清空",
      clone: "复制",
      create_item: "新建 %{item}",
      remove_filter: "移除此筛选条件",
      remove_all_filters: "移除全部筛选条件",
      reset: "重置",
      search: "搜索",
      search_columns: "搜索列",
      select_all: "全选",
      select_all_button: "全选",
      select_row: "选择此行",
      update: "更新",
      move_up: "上移",
      move_down: "下移",
      open: "打开",
      toggle_theme: "切换浅色/深色模式",
      select_columns: "列",
      update_application: "重新加载应用",
      add_filter: "添加筛选",
      unselect: "取消选择",
    },
    page: {
      create: "新建%{name}",
      dashboard: "首页",
      edit: "%{name} %{recordRepresentation}",
      show: "%{name} %{recordRepresentation}",
      empty: "暂无%{name}",
      invite: "要新建一个吗？",
      list: "%{name}",
      loading: "加载中",
      not_found: "页面不存在",
      error: "出错了",
      access_denied: "拒绝访问",
      authentication_error: "认证错误",
    },
    message: {
      access_denied: "您没有访问此页面的权限",
      are_you_sure: "您确定吗？",
      authentication_error: "认证服务器返回错误，无法验证您的凭据。",
      auth_error: "验证认证令牌时出错。",
      bulk_delete_content: "确定要删除这 %{smart_count} 项%{name}吗？",
      bulk_delete_title: "删除 %{smart_count} 项%{name}",
      bulk_update_content:
        "确定要更新%{name} %{recordRepresentation}（共 %{smart_count} 项）吗？",
      bulk_update_title:
        "更新%{name} %{recordRepresentation}（共 %{smart_count} 项）",
      clear_array_input: "确定要清空整个列表吗？",
      delete_content: "确定要删除此%{name}吗？",
      delete_title: "删除%{name} %{recordRepresentation}",
      details: "详情",
      error: "客户端出错，请求未能完成。",
      invalid_form: "表单无效，请检查错误提示",
      loading: "请稍候",
      not_found: "您输入的网址有误，或者链接已失效。",
      select_all_limit_reached:
        "元素过多，无法全部选中。仅选中了前 %{max} 个。",
      unsaved_changes: "部分修改尚未保存。确定要放弃这些修改吗？",
      placeholder_data_warning: "网络问题：数据刷新失败。",
    },
    navigation: {
      clear_filters: "清除筛选条件",
      no_filtered_results: "当前筛选条件下没有找到%{name}。",
      no_results: "没有找到%{name}",
      no_more_results: "页码 %{page} 超出范围，请尝试上一页。",
      page_out_of_boundaries: "页码 %{page} 超出范围",
      page_out_from_end: "已是最后一页",
      page_out_from_begin: "已是第一页",
      page_range_info: "%{offsetBegin}-%{offsetEnd}，共 %{total} 条",
      partial_page_range_info:
        "%{offsetBegin}-%{offsetEnd}，共超过 %{offsetEnd} 条",
      current_page: "第 %{page} 页",
      page: "转到第 %{page} 页",
      first: "转到第一页",
      last: "转到最后一页",
      next: "转到下一页",
      previous: "转到上一页",
      page_rows_per_page: "每页行数：",
      skip_nav: "跳到内容",
    },
    sort: {
      sort_by: "按%{field_lower_first}%{order}排序",
      ASC: "升序",
      DESC: "降序",
    },
    auth: {
      auth_check_error: "请登录后继续",
      user_menu: "个人资料",
      username: "用户名",
      password: "密码",
      email: "电子邮箱",
      sign_in: "登录",
      sign_in_error: "认证失败，请重试",
      logout: "退出登录",
    },
    notification: {
      updated: "已更新 %{smart_count} 项",
      created: "已新建",
      deleted: "已删除 %{smart_count} 项",
      bad_item: "条目有误",
      item_doesnt_exist: "条目不存在",
      http_error: "与服务器通信出错",
      data_provider_error: "数据提供者出错，详情请查看控制台。",
      i18n_error: "无法加载所选语言的翻译",
      canceled: "操作已取消",
      logged_out: "您的会话已结束，请重新连接。",
      not_authorized: "您无权访问此资源。",
      application_update_available: "有新版本可用。",
      offline: "网络已断开，无法获取数据。",
    },
    validation: {
      required: "必填",
      minLength: "至少 %{min} 个字符",
      maxLength: "最多 %{max} 个字符",
      minValue: "不能小于 %{min}",
      maxValue: "不能大于 %{max}",
      number: "必须是数字",
      email: "必须是有效的电子邮箱",
      oneOf: "必须是以下之一：%{options}",
      regex: "必须符合指定格式（正则表达式）：%{pattern}",
      unique: "不能重复",
    },
    saved_queries: {
      label: "已保存的查询",
      query_name: "查询名称",
      new_label: "保存当前查询…",
      new_dialog_title: "将当前查询保存为",
      remove_label: "删除已保存的查询",
      remove_label_with_name: "删除查询“%{name}”",
      remove_dialog_title: "删除已保存的查询？",
      remove_message: "确定要从已保存的查询中删除这一项吗？",
      help: "筛选列表并保存此查询以便日后使用",
    },
    guesser: {
      empty: {
        title: "没有可显示的数据",
        message: "请检查数据提供者",
      },
    },
    configurable: {
      customize: "自定义",
      configureMode: "配置此页面",
      inspector: {
        title: "检查器",
        content: "将鼠标悬停在界面元素上即可配置",
        reset: "重置设置",
        hideAll: "全部隐藏",
        showAll: "全部显示",
      },
      Datagrid: {
        title: "数据表格",
        unlabeled: "未命名列 #%{column}",
      },
      SimpleForm: {
        title: "表单",
        unlabeled: "未命名输入项 #%{input}",
      },
      SimpleList: {
        title: "列表",
        primaryText: "主要文本",
        secondaryText: "次要文本",
        tertiaryText: "第三行文本",
      },
    },
  },
};

export const raChineseMessages = deepMerge(
  onlyKeysOf(englishMessages as Tree, chineseBase as Tree),
  completion,
) as TranslationMessages;
