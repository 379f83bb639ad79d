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

/** The server asks for the second factor (40101 with `data.otpRequired`). */
function isOtpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.OTP_REQUIRED;
}

const NO_BLANKS = { loginName: false, password: false, otp: false };

/**
 * A failed login: the /tjc client has shown the server's message (wrong name or password,
 * locked, a refused code). 40101 asks for the code; a throttled attempt also says here how
 * long to wait.
 */
function afterFailure(
  error: unknown,
  form: {
    askForCode: () => void;
    startOver: () => void;
    waitFor: (seconds: number) => void;
  },
): void {
  if (isOtpRequired(error)) return form.askForCode();
  form.startOver();
  const retryAfter = retryAfterOf(error);
  if (retryAfter) form.waitFor(retryAfter);
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
  // Asked for once the server answers 40101: the account logs in with a second factor.
  const [otp, setOtp] = useState<string | null>(null);
  const otpInput = useRef<HTMLInputElement>(null);
  const [submitting, setSubmitting] = useState(false);
  // Our own translated "required" messages, never the browser's English bubble.
  const [missing, setMissing] = useState(NO_BLANKS);
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
    const blank = {
      loginName: !loginName.trim(),
      password: !password,
      otp: otp !== null && !otp.trim(),
    };
    setMissing(blank);
    const first = [nameInput, passwordInput, otpInput][
      [blank.loginName, blank.password, blank.otp].indexOf(true)
    ];
    if (first) return first.current?.focus();
    setSubmitting(true);
    login({ loginName, password, otp: otp?.trim() || undefined }, toPath)
      .catch((error: unknown) =>
        afterFailure(error, {
          askForCode: () => {
            setOtp("");
            window.setTimeout(() => otpInput.current?.focus(), 0);
          },
          startOver: () => {
            setPassword("");
            setOtp(null);
          },
          waitFor,
        }),
      )
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
            <LoginHeading returning={returning} />
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
            {otp !== null ? (
              <OtpField
                value={otp}
                missing={missing.otp}
                inputRef={otpInput}
                onChange={(value) => {
                  setOtp(value);
                  setMissing((was) => ({ ...was, otp: false }));
                }}
              />
            ) : null}
            <LockedNotice secondsLeft={secondsLeft} />
            <LoginButton
              submitting={submitting}
              disabled={submitting || secondsLeft > 0}
            />
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

function LoginHeading({ returning }: { returning: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(returning ? "app.login.welcome_back" : "app.login.welcome")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate("app.login.subtitle")}
      </Typography>
    </>
  );
}

function LoginButton({
  submitting,
  disabled,
}: {
  submitting: boolean;
  disabled: boolean;
}) {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled}
      sx={{ mt: 2 }}
      startIcon={
        submitting ? <CircularProgress size={18} color="inherit" /> : null
      }
    >
      {translate(submitting ? "app.login.submitting" : "app.login.submit")}
    </Button>
  );
}

/** The second factor, asked for once the server answers 40101. */
function OtpField({
  value,
  missing,
  inputRef,
  onChange,
}: {
  value: string;
  missing: boolean;
  inputRef: React.Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      name="otp"
      label={translate("app.login.otp")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputRef={inputRef}
      error={missing}
      helperText={translate(
        missing ? "app.login.otp_required" : "app.login.otp_help",
      )}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
      required
      fullWidth
      margin="normal"
      variant="outlined"
      size="medium"
    />
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
