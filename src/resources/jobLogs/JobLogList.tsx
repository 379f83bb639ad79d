import {
  DataTable,
  DateTimeInput,
  FunctionField,
  NumberInput,
  TextInput,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from "react-admin";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import {
  JOB_LOG_STATUSES,
  JOB_TRIGGERS,
  type JobLog,
} from "../../../common/schemas/job";
import { ResourceListActions } from "../../kit/ResourceListActions";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../kit/columns";
import { ClearLogsButton } from "./ClearLogsButton";
import { codeFilter } from "../../kit/choices";

const RESOURCE = "admin/system/joblogManage";
const toIso = (value: string | Date | null) =>
  value ? new Date(value).toISOString() : null;

const filters = [
  <TextInput key="jobName" source="jobName" alwaysOn />,
  codeFilter("status", JOB_LOG_STATUSES, "jobs.log_status", { alwaysOn: true }),
  codeFilter("trigger", JOB_TRIGGERS, "jobs.trigger"),
  <NumberInput key="jobId" source="jobId" />,
  <DateTimeInput
    key="startedFrom"
    source="startedFrom"
    label="jobs.started_from"
    parse={toIso}
  />,
  <DateTimeInput
    key="startedTo"
    source="startedTo"
    label="jobs.started_to"
    parse={toIso}
  />,
];

const STATUS_COLOURS = {
  running: "info",
  success: "success",
  failed: "error",
  skipped: "warning",
} as const;

function JobLogActions() {
  const { canAccess: canDelete } = useCanAccess({
    resource: RESOURCE,
    action: "delete",
  });
  return (
    <ResourceListActions create={false}>
      {canDelete ? <ClearLogsButton /> : null}
    </ResourceListActions>
  );
}

/** A run's message and error, shown when its row is expanded. */
function LogDetail() {
  const log = useRecordContext<JobLog>();
  const translate = useTranslate();
  if (!log) return null;
  return (
    <Box sx={{ p: 1 }}>
      <div>
        {translate("resources.admin/system/joblogManage.fields.instance")}:{" "}
        {log.instance}
      </div>
      {log.message ? (
        <div>
          {translate("resources.admin/system/joblogManage.fields.message")}:{" "}
          {log.message}
        </div>
      ) : null}
      {log.error ? (
        <Box
          component="pre"
          sx={{ whiteSpace: "pre-wrap", fontSize: 12, m: 0, mt: 1 }}
        >
          {log.error}
        </Box>
      ) : null}
    </Box>
  );
}

/** /admin/system/joblogManage: every run, filtered, exported, old ones cleared. */
export function JobLogList() {
  const translate = useTranslate();
  return (
    <ResourceList
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      actions={<JobLogActions />}
      bulkActionButtons={false}
      table={{ rowClick: "expand", expand: <LogDetail /> }}
    >
      <DataTable.Col source="id" sx={hiddenBelowMd} />
      <DataTable.Col source="jobName" />
      <DataTable.Col source="trigger" disableSort sx={hiddenBelowMd}>
        <FunctionField<JobLog>
          render={(log) => translate(`jobs.trigger.${log.trigger}`)}
        />
      </DataTable.Col>
      <DataTable.Col source="status">
        <FunctionField<JobLog>
          render={(log) => (
            <Chip
              size="small"
              color={STATUS_COLOURS[log.status]}
              label={translate(`jobs.log_status.${log.status}`)}
            />
          )}
        />
      </DataTable.Col>
      <TimeCol source="scheduledAt" sx={hiddenBelowMd} />
      <TimeCol source="startedAt" />
      <DataTable.NumberCol source="durationMs" />
      <DataTable.Col source="message" disableSort sx={hiddenBelowMd} />
    </ResourceList>
  );
}
