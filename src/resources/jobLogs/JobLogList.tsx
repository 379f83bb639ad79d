import {
  DataTable,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
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
import { ResourceListActions } from "../ResourceListActions";
import { ClearLogsButton } from "./ClearLogsButton";

const RESOURCE = "admin/system/joblogManage";
const hiddenOnPhones = { display: { xs: "none", md: "table-cell" } };
const toIso = (value: string | Date | null) =>
  value ? new Date(value).toISOString() : null;

const filters = [
  <TextInput key="jobName" source="jobName" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={JOB_LOG_STATUSES.map((id) => ({
      id,
      name: `jobs.log_status.${id}`,
    }))}
    alwaysOn
  />,
  <SelectInput
    key="trigger"
    source="trigger"
    choices={JOB_TRIGGERS.map((id) => ({ id, name: `jobs.trigger.${id}` }))}
  />,
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
    <List
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<JobLogActions />}
    >
      <DataTable
        rowClick="expand"
        expand={<LogDetail />}
        bulkActionButtons={false}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="jobName" />
        <DataTable.Col source="trigger" disableSort sx={hiddenOnPhones}>
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
        <DataTable.Col source="scheduledAt" sx={hiddenOnPhones}>
          <DateField source="scheduledAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="startedAt">
          <DateField source="startedAt" showTime />
        </DataTable.Col>
        <DataTable.NumberCol source="durationMs" />
        <DataTable.Col source="message" disableSort sx={hiddenOnPhones} />
      </DataTable>
    </List>
  );
}
