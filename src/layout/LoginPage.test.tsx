import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AdminContext, type AuthProvider } from "react-admin";
import { LoginPage } from "./LoginPage";
import { i18nProvider } from "../providers/i18nProvider";

afterEach(cleanup);

function renderLogin(login: AuthProvider["login"]) {
  const authProvider: AuthProvider = {
    login,
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve([]),
  };
  return render(
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
      <LoginPage />
    </AdminContext>,
  );
}

describe("the login form's validation (issue 25 item 19)", () => {
  for (const [locale, name, password, submit] of [
    ["zh-CN", "请输入登录名", "请输入密码", "登录"],
    ["en-US", "Enter your login name", "Enter your password", "Log in"],
  ] as const) {
    it(`says in ${locale} which field is empty, instead of the browser's English bubble`, async () => {
      await i18nProvider.changeLocale(locale);
      const login = vi.fn(() => Promise.resolve());
      renderLogin(login);
      const button = await screen.findByRole("button", { name: submit });
      const form = button.closest("form")!;
      // The browser's own check would stop the submit with "Please fill out this field."
      expect(form.noValidate).toBe(true);
      fireEvent.click(button);
      expect(await screen.findByText(name)).toBeTruthy();
      expect(screen.getByText(password)).toBeTruthy();
      expect(login).not.toHaveBeenCalled();
      const nameField = form.querySelector<HTMLInputElement>(
        'input[name="loginName"]',
      )!;
      expect(document.activeElement).toBe(nameField);
      expect(nameField.getAttribute("aria-invalid")).toBe("true");

      fireEvent.change(nameField, { target: { value: "admin" } });
      expect(screen.queryByText(name)).toBeNull();
      fireEvent.click(button);
      expect(screen.getByText(password)).toBeTruthy();
      expect(login).not.toHaveBeenCalled();

      fireEvent.change(form.querySelector('input[name="password"]')!, {
        target: { value: "secret" },
      });
      fireEvent.click(button);
      expect(login).toHaveBeenCalledWith({
        loginName: "admin",
        password: "secret",
      });
    });
  }
});
