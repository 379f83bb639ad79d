/** Two-factor login's screens: enrolment, and the warnings and actions about it elsewhere. */
export const twoFactorMessages = {
  "zh-CN": {
    two_factor: {
      title: "启用两步验证",
      required_intro:
        "您的角色要求两步验证。启用之前，只能进行这一步。请用验证器应用（如 Google Authenticator、Microsoft Authenticator 或 1Password）扫描下面的二维码。",
      intro:
        "请用验证器应用（如 Google Authenticator、Microsoft Authenticator 或 1Password）扫描下面的二维码。",
      qr_alt: "两步验证二维码，内含下方的密钥",
      secret: "无法扫描？请在应用中手动输入此密钥：",
      code: "应用显示的 6 位验证码",
      code_required: "请输入验证码",
      confirm: "启用",
      confirming: "正在启用…",
      enabled: "两步验证已启用",
      codes_title: "恢复码",
      codes_intro:
        "手机丢失时，可用恢复码代替验证码登录，每个只能用一次。它们只显示这一次，请妥善保存。",
      codes_left: "还剩 %{smart_count} 个恢复码可用",
      copy: "复制恢复码",
      copied: "已复制",
      download: "下载为文本文件",
      download_header: "%{site}的恢复码（%{login}）。每个只能用一次。",
      continue: "我已保存，继续",
      already: "您已启用两步验证。",
      back: "返回管理后台",
      logout: "退出登录",
    },
  },
  "en-US": {
    two_factor: {
      title: "Set up two-factor login",
      required_intro:
        "Your role requires two-factor login. Until it is on, this is the only step you can take. Scan the QR code below with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).",
      intro:
        "Scan the QR code below with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).",
      qr_alt: "Two-factor QR code holding the secret below",
      secret: "Cannot scan it? Type this secret into the app:",
      code: "The 6-digit code the app shows",
      code_required: "Enter the code",
      confirm: "Turn on",
      confirming: "Turning on…",
      enabled: "Two-factor login is on",
      codes_title: "Recovery codes",
      codes_intro:
        "If you lose your phone, a recovery code logs you in instead of a code, once each. They are shown only this once: keep them somewhere safe.",
      codes_left:
        "One recovery code left |||| %{smart_count} recovery codes left",
      copy: "Copy the codes",
      copied: "Copied",
      download: "Download as a text file",
      download_header:
        "Recovery codes for %{login} on %{site}. Each works once.",
      continue: "I have saved them, continue",
      already: "Two-factor login is already on.",
      back: "Back to the admin",
      logout: "Log out",
    },
  },
};
