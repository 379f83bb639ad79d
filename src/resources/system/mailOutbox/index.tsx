import OutboxIcon from "@mui/icons-material/Outbox";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const OutboxList = lazyChunk(
  "outbox-list",
  () => import("./OutboxList").then((m) => ({ default: m.OutboxList })),
  ["system"],
);

/** The mail outbox, at /admin/system/mailOutbox (read-only, plus resend). */
export default {
  list: () => <LazyPage component={OutboxList} />,
  icon: OutboxIcon,
  recordRepresentation: "recipient",
};
