import { Create } from "react-admin";
import { SpiderForm } from "./SpiderForm";

export const NEW_SPIDER = {
  startUrls: [],
  maxPages: 50,
  delayMs: 1000,
  enabled: true,
  target: "sermon",
  defaultTagIds: [],
  cron: "0 0 3 * * *",
  selectors: { title: "h1", content: "article" },
};

export function SpiderCreate() {
  return (
    <Create redirect="edit" record={NEW_SPIDER}>
      <SpiderForm />
    </Create>
  );
}
