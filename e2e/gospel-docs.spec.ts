import { contentScreenSpecs } from "./content-screens";

// /admin/docManage: a PDF uploaded with the form; the list opens it in the browser.
contentScreenSpecs({
  page: "docManage",
  api: "gospel-docs",
  fileField: "fileId",
  sample: "sample.pdf",
  player: (page) =>
    page.locator('tr a[href^="/files/"][target="_blank"]').first(),
  apiExtra: { language: "zh-CN" },
});
