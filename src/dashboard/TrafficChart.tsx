import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTranslate } from "react-admin";
import type { Dashboard } from "../../common/schemas/dashboard";

/** PV and UV of the last 7 days (recharts, in this lazily loaded chunk only). */
export function TrafficChart({
  days,
}: {
  days: NonNullable<Dashboard["traffic"]>;
}) {
  const translate = useTranslate();
  return (
    <ResponsiveContainer width="100%" height={180}>
      <LineChart data={days.map((d) => ({ ...d, day: d.day.slice(5) }))}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Line dataKey="pv" name={translate("dashboard.pv")} stroke="#1976d2" />
        <Line dataKey="uv" name={translate("dashboard.uv")} stroke="#9c27b0" />
      </LineChart>
    </ResponsiveContainer>
  );
}
