import type { ResourceManifest } from "../kit/manifest";
import users from "./system/users";
import roles from "./system/roles";
import permissionTree from "./system/permissionTree";
import configs from "./system/configs";
import jobs from "./jobs";
import jobLogs from "./jobLogs";
import resourcePages from "./system/resourcePages";
import behaviorStats from "./behaviorStats";
import onlineSessions from "./system/onlineSessions";
import loginLog from "./system/loginLog";
import mailOutbox from "./system/mailOutbox";
import auditLog from "./system/auditLog";
import { mySermons, sermons } from "./sermons";
import { articles } from "./articles";
import audios from "./audios";
import videos from "./videos";
import gospelDocs from "./gospelDocs";
import disciples from "./disciples";
import tags from "./tags";
import spiders, { spiderRuns } from "./spiders";
import ministry from "./ministry";
import liveConfig from "./live/config";
import liveNotices from "./live/notices";
import channels from "./live/channels";
import liveVideos from "./live/videos";
import askQuestions, { askReview } from "./askQuestions";
import askAnswers from "./askAnswers";
import askConfig from "./askConfig";
import askTags from "./askTags";
import askComplaints from "./askComplaints";
import askMutes from "./askMutes";

/**
 * Every admin resource, one manifest each (`./<name>/index.tsx`). App.tsx's routes, the
 * data provider's registry (./registry.ts), the permission checks and the home tiles read
 * this list; a new resource is one line here (docs/adding-a-resource.md).
 */
export const RESOURCES: readonly ResourceManifest[] = [
  users,
  roles,
  permissionTree,
  configs,
  jobs,
  jobLogs,
  resourcePages,
  behaviorStats,
  onlineSessions,
  loginLog,
  mailOutbox,
  auditLog,
  sermons,
  mySermons,
  articles,
  audios,
  videos,
  gospelDocs,
  disciples,
  tags,
  spiders,
  spiderRuns,
  ministry,
  liveConfig,
  liveNotices,
  channels,
  liveVideos,
  askQuestions,
  askReview,
  askAnswers,
  askConfig,
  askTags,
  askComplaints,
  askMutes,
];
