import {
  BooleanField,
  DataTable,
  FunctionField,
  TextInput,
  useTranslate,
} from "react-admin";
import { SPIDER_TARGETS, type Spider } from "../../../common/schemas/spider";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../kit/columns";
import { SpiderRowActions } from "./SpiderRowActions";
import { codeFilter } from "../../kit/choices";

export const SPIDER_RESOURCE = "admin/spiderManage";

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  codeFilter("target", SPIDER_TARGETS, "spiders.target", { alwaysOn: true }),
];

/** /admin/spiderManage: the crawler's sources, with run now and their run logs. */
export function SpiderList() {
  const translate = useTranslate();
  return (
    <ResourceList filters={filters} sort={{ field: "id", order: "DESC" }}>
      <DataTable.Col source="name" />
      <DataTable.Col source="startUrls" disableSort sx={hiddenBelowMd}>
        <FunctionField<Spider> render={(spider) => spider.startUrls[0] ?? ""} />
      </DataTable.Col>
      <DataTable.Col source="target">
        <FunctionField<Spider>
          render={(spider) => translate(`spiders.target.${spider.target}`)}
        />
      </DataTable.Col>
      <DataTable.Col source="enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
      <DataTable.Col source="cron" disableSort sx={hiddenBelowMd} />
      <TimeCol source="updatedAt" sx={hiddenBelowMd} />
      <DataTable.Col label="" disableSort>
        <SpiderRowActions />
      </DataTable.Col>
    </ResourceList>
  );
}
