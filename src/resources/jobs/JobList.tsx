import {
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useCanAccess,
  useLocaleState,
  useTranslate,
} from "react-admin";
import Chip from "@mui/material/Chip";
import { JOB_STATUSES, type Job } from "../../../common/schemas/job";
import {
  ResourceBulkDelete,
  ResourceListActions,
} from "../ResourceListActions";
import { JobRowActions } from "./JobRowActions";

const RESOURCE = "admin/system/jobManage";
const hiddenOnPhones = { display: { xs: "none", md: "table-cell" } };

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={JOB_STATUSES.map((id) => ({ id, name: `jobs.status.${id}` }))}
    alwaysOn
  />,
  <TextInput key="group" source="group" />,
];

function NextRun({ job }: { job: Job }) {
  const [locale] = useLocaleState();
  const next = job.nextRuns[0];
  if (!next) return <>—</>;
  return (
    <>
      {new Intl.DateTimeFormat(locale, {
        dateStyle: "short",
        timeStyle: "medium",
      }).format(new Date(next))}
    </>
  );
}

/** /admin/system/jobManage: jobs with their next fire, run now, pause/resume, logs. */
export function JobList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "id", order: "ASC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<ResourceBulkDelete />}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="group" sx={hiddenOnPhones} />
        <DataTable.Col source="handler" sx={hiddenOnPhones} />
        <DataTable.Col source="cron" />
        <DataTable.Col source="status">
          <FunctionField<Job>
            render={(job) => (
              <Chip
                size="small"
                color={job.status === "normal" ? "success" : "default"}
                label={translate(`jobs.status.${job.status}`)}
              />
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="nextRuns" disableSort sx={hiddenOnPhones}>
          <FunctionField<Job> render={(job) => <NextRun job={job} />} />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" sx={hiddenOnPhones}>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <JobRowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
