import { Create } from "react-admin";
import { DEFAULT_JOB_TIMEZONE } from "../../../common/cron";
import { JobForm } from "./JobForm";
import { cleanParams } from "./paramsSchema";

export const NEW_JOB = {
  group: "default",
  params: {},
  timezone: DEFAULT_JOB_TIMEZONE,
  misfirePolicy: "doNothing",
  concurrent: false,
  status: "normal",
  timeoutSec: 0,
};

/** Emptied params inputs are left out, so the handler's defaults apply. */
export const transformJob = (data: Record<string, unknown>) => ({
  ...data,
  params: cleanParams(data.params),
});

export function JobCreate() {
  return (
    <Create redirect="list" record={NEW_JOB} transform={transformJob}>
      <JobForm />
    </Create>
  );
}
