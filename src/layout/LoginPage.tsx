import { useEffect, useRef, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useLocaleState, useLogin, useTranslate } from "react-admin";
import {
  COMMUNITY_SIGN_UP_PATH,
  PASSWORD_RESET_PATH,
  PUBLIC_SITE_LINKS,
} from "../../common/app-routes";
import { Code } from "../../common/codes";
import { formatDuration } from "../../common/format";
import { ApiError } from "../http/errors";
import { getStoredUser, hasSession } from "../http/session";
import { safeToPath } from "../http/sessionExpiry";
import { BareFrame } from "./BareFrame";
import { preloadWhenIdle } from "./preload";

/** To the community's password-reset page, which serves staff and members alike. */
function ForgotPasswordLink() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }}>
      <Link href={PASSWORD_RESET_PATH}>
        {translate("app.login.forgot_password")}
      </Link>
    </Typography>
  );
}

/** The seconds a throttled login must wait (42900's `data.retryAfter`), if it was one. */
function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== Code.TOO_MANY_REQUESTS)
    return null;
  const seconds = Number((error.data as { retryAfter?: unknown })?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** A countdown to a moment, ticking each second while it runs. */
function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return {
    secondsLeft:
      until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)),
    waitFor: (seconds: number) => {
      const current = Date.now();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
  };
}

/**
 * `/` and `/login`. After login the user lands on `toPath` (the page the guard or an
 * expired session sent them away from), or on the admin home.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const toPath = safeToPath(searchParams.get("toPath"));
  const [loginName, setLoginName] = useState(
    () => getStoredUser()?.loginName ?? "",
  );
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // Our own translated "required" messages, never the browser's English bubble.
  const [missing, setMissing] = useState({ loginName: false, password: false });
  const nameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const returning = Boolean(getStoredUser()?.loginName);

  useEffect(() => {
    if (hasSession()) navigate(toPath, { replace: true });
  }, [navigate, toPath]);

  useEffect(() => preloadWhenIdle(), []);
  const { secondsLeft, waitFor } = useCountdown();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting || secondsLeft > 0) return;
    const blank = { loginName: !loginName.trim(), password: !password };
    setMissing(blank);
    if (blank.loginName || blank.password) {
      (blank.loginName ? nameInput : passwordInput).current?.focus();
      return;
    }
    setSubmitting(true);
    login({ loginName, password }, toPath)
      .catch((error: unknown) => {
        // The /tjc client has shown the server's message (wrong name or password, locked);
        // a throttled attempt also says here how long to wait (the answer's Retry-After).
        setPassword("");
        const retryAfter = retryAfterOf(error);
        if (retryAfter) waitFor(retryAfter);
      })
      .finally(() => setSubmitting(false));
  };

  return (
    <BareFrame>
      <Box
        sx={{
          display: "flex",
          justifyContent: "center",
          alignItems: { xs: "flex-start", sm: "center" },
          minHeight: { sm: "calc(100vh - 48px)" },
          p: 2,
        }}
      >
        <Card sx={{ width: "100%", maxWidth: 400 }} elevation={3}>
          <CardContent
            component="form"
            // Never a GET: were the handler ever missing, the password goes in a body,
            // not the URL. The form only exists once the script runs.
            method="post"
            onSubmit={submit}
            noValidate
            sx={{ p: 3 }}
          >
            <Typography variant="h5" component="h1" gutterBottom>
              {translate(
                returning ? "app.login.welcome_back" : "app.login.welcome",
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate("app.login.subtitle")}
            </Typography>
            <TextField
              name="loginName"
              label={translate("app.login.login_name")}
              value={loginName}
              onChange={(event) => {
                setLoginName(event.target.value);
                setMissing((was) => ({ ...was, loginName: false }));
              }}
              inputRef={nameInput}
              error={missing.loginName}
              helperText={
                missing.loginName ? translate("app.login.name_required") : null
              }
              autoComplete="username"
              autoFocus={!returning}
              required
              fullWidth
              margin="normal"
              variant="outlined"
              size="medium"
            />
            <TextField
              name="password"
              type="password"
              label={translate("app.login.password")}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setMissing((was) => ({ ...was, password: false }));
              }}
              inputRef={passwordInput}
              error={missing.password}
              helperText={
                missing.password
                  ? translate("app.login.password_required")
                  : null
              }
              autoComplete="current-password"
              autoFocus={returning}
              required
              fullWidth
              margin="normal"
              variant="outlined"
              size="medium"
            />
            <LockedNotice secondsLeft={secondsLeft} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitting || secondsLeft > 0}
              sx={{ mt: 2 }}
              startIcon={
                submitting ? (
                  <CircularProgress size={18} color="inherit" />
                ) : null
              }
            >
              {translate(
                submitting ? "app.login.submitting" : "app.login.submit",
              )}
            </Button>
            <ForgotPasswordLink />
            <LoginLinks />
          </CardContent>
        </Card>
      </Box>
    </BareFrame>
  );
}

/** Sign-up, and the public pages a click away: `/` stays the staff login (spec section 2). */
function LoginLinks() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      {COMMUNITY_SIGN_UP_PATH ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 2, textAlign: "center" }}
        >
          {translate("app.login.no_account")}{" "}
          <Link href={COMMUNITY_SIGN_UP_PATH}>
            {translate("app.login.sign_up")}
          </Link>
        </Typography>
      ) : null}
      {/* `/` stays the staff login (spec section 2); the public pages are a click away. */}
      <Typography
        component="nav"
        aria-label={translate("app.login.public_links")}
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1, textAlign: "center" }}
      >
        {translate("app.login.public_links")}:{" "}
        {PUBLIC_SITE_LINKS.map(({ path, label }) => (
          <Link key={path} href={path} sx={{ mx: 0.5 }}>
            {label[locale === "en-US" ? "en-US" : "zh-CN"]}
          </Link>
        ))}
      </Typography>
    </>
  );
}

/** How long a throttled login waits (42900's Retry-After), while it waits. */
function LockedNotice({ secondsLeft }: { secondsLeft: number }) {
  const translate = useTranslate();
  if (secondsLeft <= 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} role="alert">
      {translate("app.login.locked", { time: formatDuration(secondsLeft) })}
    </Alert>
  );
}
