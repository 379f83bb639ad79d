import { useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { useLookup } from "../askShared/useLookup";

export interface MemberOption {
  id: number;
  userName: string;
  loginName: string;
}

/** Picks a member by part of the display or login name (GET ask/admin/members). */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: MemberOption | null;
  onChange: (member: MemberOption | null) => void;
  error: string | null;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState("");
  const { options, loading } = useLookup<MemberOption>(
    "ask/admin/members",
    input,
    (text) => ({ filter: JSON.stringify({ q: text.slice(0, 64) }) }),
  );
  return (
    <Autocomplete
      sx={{ minWidth: 240, flex: "1 1 240px", maxWidth: 400 }}
      size="small"
      options={options}
      value={value}
      loading={loading}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(member) => `${member.userName} (${member.loginName})`}
      onChange={(_, member) => onChange(member)}
      onInputChange={(_, text) => setInput(text)}
      noOptionsText={translate("moderation.empty")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(
            "resources.admin/askKeepSilenceManage.fields.userId",
          )}
          required
          error={Boolean(error)}
          helperText={error ?? translate("moderation.mute.member_hint")}
        />
      )}
    />
  );
}
