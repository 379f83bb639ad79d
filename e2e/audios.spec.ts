import { contentScreenSpecs } from "./content-screens";

// /admin/audioManage: an mp3 uploaded with the form, played in place in the list.
contentScreenSpecs({
  page: "audioManage",
  api: "audios",
  fileField: "audioFileId",
  sample: "sample.mp3",
  player: (page) => page.locator("tr audio").first(),
});
