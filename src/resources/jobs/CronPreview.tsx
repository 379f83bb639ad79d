import { useMemo } from "react";
import { useLocaleState, useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  checkCron,
  DEFAULT_JOB_TIMEZONE,
  isTimeZone,
} from "../../../common/cron";

/** The next five fire times of the cron being typed, in the job's time zone. */
export function CronPreview() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [cron, timezone] = useWatch({ name: ["cron", "timezone"] }) as [
    string | undefined,
    string | undefined,
  ];
  const zone =
    timezone && isTimeZone(timezone) ? timezone : DEFAULT_JOB_TIMEZONE;
  const result = useMemo(() => {
    if (!cron?.trim()) return null;
    const checked = checkCron(cron, zone);
    if (!checked.ok) return { error: checked.error as string, times: [] };
    const format = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      dateStyle: "medium",
      timeStyle: "medium",
    });
    return {
      error: undefined,
      times: checked.cron.nextRuns(5).map((date) => format.format(date)),
    };
  }, [cron, zone, locale]);

  return (
    <Box
      data-testid="cron-preview"
      aria-live="polite"
      sx={{ mb: 2, color: "text.secondary" }}
    >
      {result && !result.error ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {translate("jobs.next_runs", { zone })}
          </Typography>
          <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
            {result.times.map((time) => (
              <Typography component="li" variant="body2" key={time}>
                {time}
              </Typography>
            ))}
          </Box>
        </>
      ) : (
        <Typography variant="body2" color={result ? "error" : "text.secondary"}>
          {translate(result?.error ?? "jobs.next_runs_none")}
        </Typography>
      )}
    </Box>
  );
}
