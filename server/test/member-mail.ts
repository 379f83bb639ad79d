import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestApp } from "./helper.js";
import type { ReceivedMail, TestSmtp } from "./smtp.js";

/** The password members signed up by `memberMailKit` have. */
export const MEMBER_PASSWORD = "first-password-1";

/**
 * Members signed up through the real route, and the confirmation links the local SMTP
 * server received for them. `app` and `smtp` are read when called (they are made in
 * beforeAll); each sign-up comes from its own client address under `ipPrefix`
 * ("10.88"), so the per-address limits never trip across tests.
 */
export function memberMailKit(
  app: () => TestApp,
  smtp: () => TestSmtp,
  ipPrefix: string,
) {
  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `${ipPrefix}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };

  async function signUp(email: string | null, language = "zh-CN") {
    const loginName = `v${randomBytes(4).toString("hex")}`;
    const response = await app().request({
      method: "POST",
      url: "/tjc/public/signup",
      payload: {
        loginName,
        userName: loginName,
        password: MEMBER_PASSWORD,
        email,
      },
      language,
      remoteAddress: nextIp(),
    });
    expect(response.json().code, response.body).toBe(0);
    return {
      loginName,
      token: response.json().data.token as string,
      userId: response.json().data.user.userId as number,
    };
  }

  /** The `n`-th confirmation message to `to` (0: the first), once delivered. */
  async function confirmationTo(to: string, n = 0): Promise<ReceivedMail> {
    const until = Date.now() + 10_000;
    for (;;) {
      const mails = smtp().received.filter(
        (m) =>
          m.text.includes("view=verify") &&
          m.to.some((a) => a.toLowerCase() === to.toLowerCase()),
      );
      if (mails[n]) return mails[n]!;
      if (Date.now() > until) throw new Error(`no confirmation ${n} to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return { nextIp, signUp, confirmationTo };
}
