import {
  DataTable,
  FunctionField,
  TextInput,
  useLocaleState,
  useTranslate,
} from "react-admin";
import Chip from "@mui/material/Chip";
import { JOB_STATUSES, type Job } from "../../../common/schemas/job";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../kit/columns";
import { JobRowActions } from "./JobRowActions";
import { codeFilter } from "../../kit/choices";

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  codeFilter("status", JOB_STATUSES, "jobs.status", { alwaysOn: true }),
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
  return (
    <ResourceList filters={filters} sort={{ field: "id", order: "ASC" }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="group" sx={hiddenBelowMd} />
      <DataTable.Col source="handler" sx={hiddenBelowMd} />
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
      <DataTable.Col source="nextRuns" disableSort sx={hiddenBelowMd}>
        <FunctionField<Job> render={(job) => <NextRun job={job} />} />
      </DataTable.Col>
      <TimeCol source="updatedAt" sx={hiddenBelowMd} />
      <DataTable.Col label="" disableSort>
        <JobRowActions />
      </DataTable.Col>
    </ResourceList>
  );
}
