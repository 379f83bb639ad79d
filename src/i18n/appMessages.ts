import { ADMIN_PAGE_NAMES } from "../../common/admin-pages";
import { CODE_MESSAGES, Code } from "../../common/codes";
import { TAG_FIELD_LABELS } from "../../common/schemas/tag-labels";

/** The admin's own strings (everything that is not react-admin's or a feature folder's). */
export const appMessages = {
  "zh-CN": {
    app: {
      title: "灯台管理后台",
      short_title: "灯台",
      title_of: "%{name}管理后台",
      user_menu: "%{name}（个人资料）",
      loading: "加载中",
      back_to_top: "回到顶部",
      passage: {
        filter_by: "列出涉及%{passage}的全部内容",
        not_yet: "尚不是经文出处，例如“约翰福音 3:16”",
      },
      language: "语言",
      theme: "主题",
      form: {
        nothing_to_save: "尚未修改，无需保存",
      },
      session: {
        // One wording for one event: the route guard's notice is the server's 20107 message.
        expired: CODE_MESSAGES["zh-CN"][Code.SESSION_EXPIRED],
      },
      http: {
        network_error: "网络错误：%{error}",
        bad_response: "服务器返回了无法识别的响应（HTTP %{status}）",
      },
      chunk: {
        failed: "加载代码块 %{chunk} 失败",
        timeout_hint: "网络较慢或版本已更新。重新加载页面通常可以解决。",
        reload: "重新加载",
      },
      error: {
        title: "页面出错了",
        reload: "重新加载",
      },
      login: {
        welcome: "欢迎",
        welcome_back: "欢迎回来",
        subtitle: "请登录管理后台",
        login_name: "登录名",
        password: "密码",
        submit: "登录",
        submitting: "正在登录…",
        no_account: "还没有账号？",
        sign_up: "注册",
        forgot_password: "忘记密码？",
        public_links: "弟兄姊妹与访客请前往",
        locked: "登录尝试次数过多，请在 %{time} 后重试",
        community: "前往问答社区",
        name_required: "请输入登录名",
        password_required: "请输入密码",
        otp: "两步验证码",
        otp_help: "验证器应用中的 6 位数字，或一个恢复码",
        otp_required: "请输入验证码",
      },
      // A bulk update's confirmation: react-admin's own wording holds a
      // %{recordRepresentation} that a bulk update never passes (issue 25 item 19).
      bulk_update: {
        title: "更新 %{smart_count} 项%{name}",
        content: "确定要更新选中的 %{smart_count} 项%{name}吗？",
      },
      not_found: {
        title: "页面不存在",
        message: "您访问的地址 %{path} 不存在，或已被移动。",
        home: "返回首页",
        admin: "进入管理后台",
      },
      home: {
        title: "管理后台首页",
        welcome: "欢迎，%{name}",
        intro: "从左侧菜单选择要管理的内容。",
        shortcuts: "常用页面",
      },
      no_back_office: {
        title: "欢迎来到问答社区",
        message:
          "您的账号用于问答社区，没有管理后台的权限。正在为您打开问答社区…",
        go: "前往问答社区",
      },
      public_page: {
        about: {
          ask: "问答社区的首页：会友在这里提问、搜索和浏览问题。它是公开页面，访客看到的就是这里打开的样子。",
          topicDetail:
            "问题详情是每个问题的公开页面，显示问题、回答和相关讲道。在问答社区或问答管理中点开一个问题即可查看。",
          choicenessCommon:
            "精选回答的公开页面：同工推荐的回答按时间列出。推荐在问答管理中进行。",
          tagList:
            "问答标签的公开页面：每个标签和它的问题数。标签在问答标签管理中维护。",
        },
        open: "在新标签页打开 %{path}",
        manage: "前往%{name}",
      },
      menu: {
        label: "主菜单",
        home: "首页",
        system: "系统管理",
        content: "内容管理",
        live: "直播管理",
        qa: "问答社区",
        pending_reviews: "%{count} 条待审核",
      },
      profile: {
        title: "个人资料",
        details: "基本信息",
        language: "界面语言",
        language_default: "跟随浏览器",
        language_hint: "保存后界面切换到此语言",
        saved: "个人资料已保存",
        email_pending:
          "新邮箱 %{email} 等待确认：请打开发到这个地址的邮件中的链接。确认之前仍使用原来的邮箱。",
        email_link_sent: "确认链接已发送到 %{email}",
        password: "修改密码",
        password_hint: "修改后，你在其他设备上的登录会全部下线",
        old_password: "原密码",
        new_password: "新密码",
        confirm_password: "再次输入新密码",
        change_password: "修改密码",
        password_changed: "密码已修改，其他设备上的登录已下线",
        password_mismatch: "两次输入的新密码不一致",
      },
      page_names: ADMIN_PAGE_NAMES["zh-CN"],
      test: {
        title: "测试页面",
        ub_title: "用户行为测试 %{n}",
        ub_intro:
          "此页面用于用户行为统计的测试：打开它记一次浏览，点击按钮记一次事件，离开时记录停留时间。",
        counter: "点击次数：%{count}",
        click: "点一下",
        nav: "测试页面导航",
      },
      export: {
        csv: "导出 CSV",
        done: "导出完成",
      },
      validation: {
        bidiControl: "不能包含双向文本控制字符",
      },
    },
    resources: {
      "admin/tagManage": {
        fields: TAG_FIELD_LABELS["zh-CN"],
        helper: {
          sortOrder: "数字越小越靠前",
        },
      },
    },
  },
  "en-US": {
    app: {
      title: "Lampstand back office",
      short_title: "Lampstand",
      title_of: "%{name} back office",
      user_menu: "%{name} (profile)",
      loading: "Loading",
      back_to_top: "Back to top",
      passage: {
        filter_by: "List everything on %{passage}",
        not_yet: "Not a scripture reference yet, e.g. “John 3:16”",
      },
      language: "Language",
      theme: "Theme",
      form: {
        nothing_to_save: "No changes to save yet",
      },
      session: {
        expired: CODE_MESSAGES["en-US"][Code.SESSION_EXPIRED],
      },
      http: {
        network_error: "Network error: %{error}",
        bad_response: "The server sent an unexpected answer (HTTP %{status})",
      },
      chunk: {
        failed: "Loading chunk %{chunk} failed",
        timeout_hint:
          "The network is slow or a new version was released. Reloading the page usually helps.",
        reload: "Reload",
      },
      error: {
        title: "Something went wrong on this page",
        reload: "Reload",
      },
      login: {
        welcome: "Welcome",
        welcome_back: "Welcome back",
        subtitle: "Sign in to the back office",
        login_name: "Login name",
        password: "Password",
        submit: "Log in",
        submitting: "Logging in…",
        no_account: "No account yet?",
        sign_up: "Sign up",
        forgot_password: "Forgot your password?",
        public_links: "Members and visitors",
        locked: "Too many login attempts. Try again in %{time}",
        community: "Go to the Q&A community",
        name_required: "Enter your login name",
        password_required: "Enter your password",
        otp: "Two-factor code",
        otp_help: "The 6 digits in your authenticator app, or a recovery code",
        otp_required: "Enter the code",
      },
      bulk_update: {
        title: "Update one %{name} |||| Update %{smart_count} %{name}",
        content:
          "Update the selected %{name}? |||| Update the %{smart_count} selected %{name}?",
      },
      not_found: {
        title: "Page not found",
        message: "The address %{path} does not exist or has moved.",
        home: "Go to the home page",
        admin: "Go to the back office",
      },
      home: {
        title: "Back office home",
        welcome: "Welcome, %{name}",
        intro: "Choose what to manage from the menu.",
        shortcuts: "Frequently used",
      },
      no_back_office: {
        title: "Welcome to the Q&A community",
        message:
          "Your account is for the Q&A community and has no access to the back office. Taking you to the community…",
        go: "Go to the Q&A community",
      },
      public_page: {
        about: {
          ask: "The community's home page, where members ask, search and browse questions. It is a public page: what opens here is what visitors see.",
          topicDetail:
            "Each question has a public page with its answers and related sermons. Open a question from the community or from Q&A management to see it.",
          choicenessCommon:
            "The public page of recommended answers, newest first. Staff recommend answers in Q&A management.",
          tagList:
            "The public page of Q&A tags, each with its number of questions. Tags are kept in Q&A tag management.",
        },
        open: "Open %{path} in a new tab",
        manage: "Go to %{name}",
      },
      menu: {
        label: "Main menu",
        home: "Home",
        system: "System",
        content: "Content",
        live: "Live",
        qa: "Q&A",
        pending_reviews: "%{count} waiting for review",
      },
      profile: {
        title: "Profile",
        details: "Details",
        language: "Interface language",
        language_default: "As the browser",
        language_hint: "Saving switches the interface to this language",
        saved: "Profile saved",
        email_pending:
          "The new address %{email} waits to be confirmed: open the link in the message sent to it. Until then the address you had stays in use.",
        email_link_sent: "A confirmation link was sent to %{email}",
        password: "Change password",
        password_hint: "Your sessions on other devices end when it changes",
        old_password: "Current password",
        new_password: "New password",
        confirm_password: "New password again",
        change_password: "Change password",
        password_changed:
          "Password changed; your other sessions were signed out",
        password_mismatch: "The two new passwords differ",
      },
      page_names: ADMIN_PAGE_NAMES["en-US"],
      test: {
        title: "Test pages",
        ub_title: "User behaviour test %{n}",
        ub_intro:
          "This page exists to test user behaviour statistics: opening it records a page view, the button a named event, and leaving it the time spent.",
        counter: "Clicks: %{count}",
        click: "Click me",
        nav: "Test page navigation",
      },
      export: {
        csv: "Export CSV",
        done: "Export finished",
      },
      validation: {
        bidiControl: "Must not contain bidirectional control characters",
      },
    },
    resources: {
      "admin/tagManage": {
        fields: TAG_FIELD_LABELS["en-US"],
        helper: {
          sortOrder: "Smaller numbers come first",
        },
      },
    },
  },
};
