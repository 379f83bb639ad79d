import { useState } from "react";
import { Box, Stack } from "@mui/material";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import {
  Button,
  DataTable,
  ExportButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Exporter,
} from "react-admin";
import { MuteDialog } from "../askShared/MuteDialog";
import { bodyWithRowAttribute } from "../askShared/rowAttribute";
import { downloadCsv, useTime } from "../askShared/shared";
import { MemberPicker, type MemberOption } from "./MemberPicker";
import { TimeCol, hiddenBelowSm } from "../../kit/columns";

export const RESOURCE = "admin/askKeepSilenceManage";

interface Mute {
  id: number;
  userId: number;
  userName: string;
  reason: string;
  until: string | null;
  active: boolean;
  createdBy: string | null;
  createdAt: string;
  liftedAt: string | null;
}

const MuteBody = bodyWithRowAttribute("mute-id");
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" alwaysOn />,
];

/**
 * Mute a member: pick the member by name, then the shared dialog asks for the time and
 * the reason, naming the member it will mute.
 */
function MuteMember() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [member, setMember] = useState<MemberOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "create" });
  if (!canAccess) return null;
  return (
    <Stack
      direction="row"
      gap={1}
      flexWrap="wrap"
      alignItems="flex-start"
      component="form"
      noValidate
      sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!member) return setError(translate("validation.required"));
        setError(null);
        setConfirming(true);
      }}
    >
      <MemberPicker
        value={member}
        error={error}
        onChange={(picked) => {
          setMember(picked);
          if (picked) setError(null);
        }}
      />
      <Button
        type="submit"
        variant="contained"
        color="warning"
        label="moderation.action.mute"
      />
      {confirming && member ? (
        <MuteDialog
          userId={member.id}
          userName={`${member.userName} (${member.loginName})`}
          onClose={() => setConfirming(false)}
          onDone={async () => {
            setMember(null);
            refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** A mute that still holds can be lifted now; the row stays, marked lifted. */
function LiftButton() {
  const mute = useRecordContext<Mute>();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "delete" });
  const [lift, { isPending }] = useDelete();
  if (!mute?.active || !canAccess) return null;
  return (
    <Button
      label="moderation.action.lift"
      disabled={isPending}
      onClick={() =>
        lift(
          RESOURCE,
          { id: mute.id, previousData: mute },
          {
            mutationMode: "pessimistic",
            onSuccess: () => notify("moderation.done", { type: "success" }),
          },
        )
      }
    >
      <LockOpenIcon />
    </Button>
  );
}

/** The rows on the list (every page, up to react-admin's export limit) as CSV. */
function useMuteExporter(): Exporter<Mute> {
  const translate = useTranslate();
  const time = useTime();
  const field = (name: string) =>
    translate(`resources.${RESOURCE}.fields.${name}`);
  return (mutes) =>
    downloadCsv(
      "askKeepSilenceManage",
      ["userName", "reason", "until", "createdBy", "createdAt"]
        .map(field)
        .concat(translate("moderation.field.liftedAt")),
      mutes.map((m) => [
        m.userName,
        m.reason,
        m.until ? time(m.until) : translate("moderation.field.permanent"),
        m.createdBy,
        time(m.createdAt),
        time(m.liftedAt),
      ]),
    );
}

/** askKeepSilenceManage: the mutes (those in force first shown), mute a member, lift. */
export function AskMuteList() {
  const translate = useTranslate();
  const time = useTime();
  const exporter = useMuteExporter();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuteMember />
      <List
        resource={RESOURCE}
        filters={filters}
        filterDefaultValues={{ active: true }}
        sort={{ field: "createdAt", order: "DESC" }}
        perPage={25}
        exporter={exporter}
        actions={
          <TopToolbar>
            <ExportButton label="moderation.action.export" />
          </TopToolbar>
        }
      >
        <DataTable body={MuteBody} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="userName" disableSort />
          <DataTable.Col source="reason" disableSort sx={hiddenBelowSm} />
          <DataTable.Col source="until">
            <FunctionField<Mute>
              render={(m) =>
                m.until
                  ? time(m.until)
                  : translate("moderation.field.permanent")
              }
            />
          </DataTable.Col>
          <DataTable.Col source="createdBy" disableSort sx={hiddenBelowSm} />
          <TimeCol source="createdAt" sx={hiddenBelowSm} />
          <DataTable.Col source="active" disableSort>
            <FunctionField<Mute>
              render={(m) =>
                m.active
                  ? "✓"
                  : m.liftedAt
                    ? translate("moderation.mute.lifted", {
                        time: time(m.liftedAt),
                      })
                    : ""
              }
            />
          </DataTable.Col>
          <DataTable.Col
            source="id"
            label="moderation.field.actions"
            disableSort
          >
            <LiftButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
