import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTranslate } from "react-admin";
import type { BehaviorStats } from "../../common/schemas/behavior";

const COLOURS = ["#1976d2", "#9c27b0", "#2e7d32", "#ed6c02", "#0288d1"];

/** The charts (recharts, in this lazily loaded chunk only). */
export function PerDayChart({ stats }: { stats: BehaviorStats }) {
  const translate = useTranslate();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={stats.series}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line dataKey="pv" name={translate("stats.pv")} stroke={COLOURS[0]} />
        <Line dataKey="uv" name={translate("stats.uv")} stroke={COLOURS[1]} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function TopChart({ rows }: { rows: { key: string; pv: number }[] }) {
  const translate = useTranslate();
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={rows} layout="vertical" margin={{ left: 40 }}>
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="key" width={120} />
        <Tooltip />
        <Bar dataKey="pv" name={translate("stats.count")} fill={COLOURS[0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DeviceChart({ rows }: { rows: { key: string; pv: number }[] }) {
  const translate = useTranslate();
  const data = rows.map((row) => ({
    name: translate(`stats.device.${row.key}`, { _: row.key }),
    value: row.pv,
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius={80} label>
          {data.map((entry, index) => (
            <Cell key={entry.name} fill={COLOURS[index % COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
