import { useEffect, useRef, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useNavigate } from "react-router-dom";
import { useLogout, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { ApiError } from "../http/errors";
import {
  getStoredUser,
  hasSession,
  setCachedPermissions,
} from "../http/session";
import { BareFrame } from "../layout/BareFrame";
import { useSiteName } from "../layout/useSiteName";

interface Status {
  enrolled: boolean;
  required: boolean;
  enrolmentRequired: boolean;
  recoveryCodesLeft: number;
}
interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * `/admin/two-factor`: setting up two-factor login (docs/decisions.md "Two-factor login"). The QR
 * code and the secret, one code to confirm, then the ten recovery codes, shown once with
 * copy and download. A session whose role requires it and that has not enrolled reaches
 * nothing else (the server refuses every other route with 40301 and the client sends it
 * here).
 */
export function TwoFactorPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const [status, setStatus] = useState<Status | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!hasSession()) {
      navigate("/login", { replace: true });
      return;
    }
    let live = true;
    void (async () => {
      const { data } = await mainClient.get<Status>("/auth/two-factor");
      if (!live) return;
      setStatus(data);
      if (!data.enrolled) {
        const started = await mainClient.post<Setup>("/auth/two-factor/setup");
        if (live) setSetup(started.data);
      }
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [navigate]);

  return (
    <BareFrame>
      <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
        <Card sx={{ width: "100%", maxWidth: 520 }} elevation={3}>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate(codes ? "two_factor.enabled" : "two_factor.title")}
            </Typography>
            {codes ? (
              <RecoveryCodes codes={codes} />
            ) : status?.enrolled ? (
              <Stack spacing={2}>
                <Alert severity="success">
                  {translate("two_factor.already")}{" "}
                  {translate("two_factor.codes_left", {
                    smart_count: status.recoveryCodesLeft,
                  })}
                </Alert>
                <Button variant="contained" onClick={() => navigate("/admin")}>
                  {translate("two_factor.back")}
                </Button>
              </Stack>
            ) : setup ? (
              <Enrol
                setup={setup}
                required={status?.enrolmentRequired ?? false}
                onEnabled={(recoveryCodes, permissions) => {
                  setCachedPermissions(permissions);
                  setCodes(recoveryCodes);
                }}
              />
            ) : (
              <CircularProgress aria-label={translate("app.loading")} />
            )}
            {!codes && status?.enrolmentRequired ? (
              <Button sx={{ mt: 2 }} onClick={() => logout()}>
                {translate("two_factor.logout")}
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </Box>
    </BareFrame>
  );
}

function Enrol({
  setup,
  required,
  onEnabled,
}: {
  setup: Setup;
  required: boolean;
  onEnabled: (codes: string[], permissions: string[]) => void;
}) {
  const translate = useTranslate();
  const [otp, setOtp] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!otp.trim()) {
      setProblem(translate("two_factor.code_required"));
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    mainClient
      .post<{ recoveryCodes: string[]; permissions: string[] }>(
        "/auth/two-factor/confirm",
        { otp: otp.trim() },
        { quiet: true },
      )
      .then(({ data }) => onEnabled(data.recoveryCodes, data.permissions))
      .catch((error: unknown) => {
        const errors =
          error instanceof ApiError
            ? (error.data as { errors?: Record<string, string> } | null)?.errors
            : undefined;
        setProblem(
          errors?.otp ??
            (error instanceof Error ? error.message : String(error)),
        );
        setOtp("");
        input.current?.focus();
      })
      .finally(() => setSubmitting(false));
  };

  return (
    <Box component="form" method="post" noValidate onSubmit={submit}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(required ? "two_factor.required_intro" : "two_factor.intro")}
      </Typography>
      <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
        <Box
          component="img"
          src={setup.qrCode}
          alt={translate("two_factor.qr_alt")}
          sx={{ width: 220, height: 220, bgcolor: "#fff", p: 1 }}
        />
      </Box>
      <Typography variant="body2">{translate("two_factor.secret")}</Typography>
      <Typography
        component="code"
        data-testid="totp-secret"
        sx={{
          display: "block",
          fontFamily: "monospace",
          fontSize: "1rem",
          wordBreak: "break-all",
          my: 1,
        }}
      >
        {grouped(setup.secret)}
      </Typography>
      <TextField
        name="otp"
        label={translate("two_factor.code")}
        value={otp}
        onChange={(event) => {
          setOtp(event.target.value);
          setProblem(null);
        }}
        inputRef={input}
        error={problem !== null}
        helperText={problem}
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: { inputMode: "numeric", maxLength: 16, spellCheck: false },
        }}
        required
        fullWidth
        margin="normal"
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={submitting}
        sx={{ mt: 1 }}
      >
        {translate(submitting ? "two_factor.confirming" : "two_factor.confirm")}
      </Button>
    </Box>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const site = useSiteName().full;
  const [copied, setCopied] = useState(false);
  const login = getStoredUser()?.loginName ?? "";
  const text = `${translate("two_factor.download_header", { site, login })}\n\n${codes.join("\n")}\n`;

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([text], { type: "text/plain;charset=utf-8" }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = `recovery-codes-${login}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {translate("two_factor.codes_title")}
      </Typography>
      <Alert severity="warning">{translate("two_factor.codes_intro")}</Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          fontFamily: "monospace",
          fontSize: "1rem",
          columns: 2,
          m: 0,
          pl: 4,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => setCopied(true))
              .catch(() => {})
          }
        >
          {translate(copied ? "two_factor.copied" : "two_factor.copy")}
        </Button>
        <Button variant="outlined" onClick={download}>
          {translate("two_factor.download")}
        </Button>
      </Stack>
      <Button variant="contained" onClick={() => navigate("/admin")}>
        {translate("two_factor.continue")}
      </Button>
    </Stack>
  );
}
