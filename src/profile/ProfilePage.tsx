import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { z } from "zod";
import type { Language } from "../../common/codes";
import { passwordChangeSchema } from "../../common/schemas/password";
import { profileInputSchema } from "../../common/schemas/user";
import { systemClient } from "../http";
import { ApiError } from "../http/errors";
import { getStoredUser, setStoredUser } from "../http/session";
import { isSupportedLanguage } from "../i18n/language";
import { LOCALES } from "../providers/i18nProvider";
import { schemaForm } from "../kit/schemaForm";

interface Profile {
  userId: number;
  loginName: string;
  userName: string;
  email: string | null;
  /** A new address waiting for its link; `email` stays in use until then. */
  pendingEmail: string | null;
  phone: string | null;
  language: Language | null;
}

const profileForm = schemaForm(profileInputSchema);

/** The change form adds the repeat, which only the browser checks. */
const passwordForm = schemaForm(
  passwordChangeSchema
    .extend({ confirmPassword: z.string() })
    .refine((value) => value.confirmPassword === value.newPassword, {
      path: ["confirmPassword"],
      message: "app.profile.password_mismatch",
    }),
);

/** The server's field messages (already in the caller's language) go under the fields. */
function fieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiError ? error.body?.errors : undefined;
}

function SaveOnly({ label }: { label: string }) {
  return (
    <Toolbar>
      <SaveButton label={label} alwaysEnable={false} />
    </Toolbar>
  );
}

/** Set when a save switched the language; shown by the remounted page. */
let savedNoticePending = false;

function ProfileCard() {
  const translate = useTranslate();
  const notify = useNotify();
  useEffect(() => {
    if (!savedNoticePending) return;
    savedNoticePending = false;
    notify("app.profile.saved", { type: "success" });
  }, [notify]);
  const queryClient = useQueryClient();
  const [locale, setLocale] = useLocaleState();
  const { data: profile, isPending } = useQuery({
    queryKey: ["tjc", "auth/profile"],
    queryFn: async () => (await systemClient.get<Profile>("auth/profile")).data,
  });
  if (isPending || !profile) return <LinearProgress />;
  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = (
        await systemClient.put<Profile>("auth/profile", {
          userName: values.userName,
          email: values.email || null,
          phone: values.phone || null,
          language: values.language || null,
        })
      ).data;
      queryClient.setQueryData(["tjc", "auth/profile"], saved);
      // The app bar's name comes from the stored user.
      const user = getStoredUser();
      if (user) setStoredUser({ ...user, userName: saved.userName });
      await queryClient.invalidateQueries({
        queryKey: ["auth", "getIdentity"],
      });
      if (isSupportedLanguage(saved.language) && saved.language !== locale) {
        // A new language remounts the whole app (react-admin's i18n context), which
        // would drop a notice shown now: the page shows it once it is back.
        savedNoticePending = true;
        setLocale(saved.language);
      } else if (
        saved.pendingEmail &&
        saved.pendingEmail !== profile.pendingEmail
      ) {
        notify("app.profile.email_link_sent", {
          type: "success",
          messageArgs: { email: saved.pendingEmail },
        });
      } else {
        notify("app.profile.saved", { type: "success" });
      }
      return undefined;
    } catch (error) {
      return fieldErrors(error);
    }
  };
  return (
    <SimpleForm
      record={{ ...profile, id: profile.userId }}
      onSubmit={save}
      validate={profileForm.validate}
      noValidate
      toolbar={<SaveOnly label="ra.action.save" />}
      sx={{ maxWidth: 560 }}
    >
      <TextInput
        source="loginName"
        label="resources.admin/system/userManage.fields.loginName"
        disabled
      />
      <TextInput
        source="userName"
        label="resources.admin/system/userManage.fields.userName"
        isRequired={profileForm.required("userName")}
      />
      <TextInput
        source="email"
        type="email"
        label="resources.admin/system/userManage.fields.email"
      />
      {profile.pendingEmail ? (
        // A standing state, not an interruption: a status, not an alert.
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {translate("app.profile.email_pending", {
            email: profile.pendingEmail,
          })}
        </Alert>
      ) : null}
      <TextInput
        source="phone"
        label="resources.admin/system/userManage.fields.phone"
      />
      <SelectInput
        source="language"
        label="app.profile.language"
        choices={LOCALES.map(({ locale: id, name }) => ({ id, name }))}
        emptyText="app.profile.language_default"
        helperText={translate("app.profile.language_hint")}
      />
    </SimpleForm>
  );
}

function PasswordCard() {
  const translate = useTranslate();
  // A new form after a change: the passwords typed do not stay on the screen.
  const [round, setRound] = useState(0);
  const change = async (values: Record<string, unknown>) => {
    try {
      await systemClient.put("auth/password", {
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      setRound((n) => n + 1);
      return undefined;
    } catch (error) {
      return fieldErrors(error);
    }
  };
  // Said on the card, not in a toast: a toast waits its turn behind the "form is not
  // valid" toasts of the tries before, seconds after the change was made.
  return (
    <>
      {round > 0 && (
        <Alert severity="success" sx={{ mx: 2, mt: 2, maxWidth: 528 }}>
          {translate("app.profile.password_changed")}
        </Alert>
      )}
      <SimpleForm
        key={round}
        onSubmit={change}
        validate={passwordForm.validate}
        noValidate
        toolbar={<SaveOnly label="app.profile.change_password" />}
        sx={{ maxWidth: 560 }}
      >
        <PasswordInput
          source="oldPassword"
          label="app.profile.old_password"
          isRequired={passwordForm.required("oldPassword")}
          autoComplete="current-password"
        />
        <PasswordInput
          source="newPassword"
          label="app.profile.new_password"
          isRequired={passwordForm.required("newPassword")}
          autoComplete="new-password"
        />
        <PasswordInput
          source="confirmPassword"
          label="app.profile.confirm_password"
          isRequired={passwordForm.required("confirmPassword")}
          autoComplete="new-password"
        />
      </SimpleForm>
    </>
  );
}

/** /admin/profile: the signed-in user's own name, e-mail, phone, language and password. */
export function ProfilePage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2, display: "grid", gap: 2, maxWidth: 720 }}>
      <Title title={translate("app.profile.title")} />
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Typography component="h2" variant="h6">
            {translate("app.profile.details")}
          </Typography>
        </CardContent>
        <ProfileCard />
      </Card>
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Typography component="h2" variant="h6">
            {translate("app.profile.password")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("app.profile.password_hint")}
          </Typography>
        </CardContent>
        <PasswordCard />
      </Card>
    </Box>
  );
}
