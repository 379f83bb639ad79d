import type { ComponentType } from "react";
import SecurityIcon from "@mui/icons-material/Security";
import SettingsIcon from "@mui/icons-material/Settings";
import PeopleIcon from "@mui/icons-material/People";
import BadgeIcon from "@mui/icons-material/Badge";
import ScheduleIcon from "@mui/icons-material/Schedule";
import HistoryIcon from "@mui/icons-material/History";
import WebIcon from "@mui/icons-material/Web";
import OutboxIcon from "@mui/icons-material/Outbox";
import InsightsIcon from "@mui/icons-material/Insights";
import BugReportIcon from "@mui/icons-material/TravelExplore";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import MicIcon from "@mui/icons-material/Mic";
import ArticleIcon from "@mui/icons-material/Article";
import EditNoteIcon from "@mui/icons-material/EditNote";
import AudiotrackIcon from "@mui/icons-material/Audiotrack";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import TuneIcon from "@mui/icons-material/Tune";
import LiveTvIcon from "@mui/icons-material/LiveTv";
import CampaignIcon from "@mui/icons-material/Campaign";
import VideoLibraryIcon from "@mui/icons-material/VideoLibrary";
import GroupsIcon from "@mui/icons-material/Groups";
import CellTowerIcon from "@mui/icons-material/CellTower";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import DescriptionIcon from "@mui/icons-material/Description";
import ForumIcon from "@mui/icons-material/Forum";
import QuestionAnswerIcon from "@mui/icons-material/QuestionAnswer";
import SettingsSuggestIcon from "@mui/icons-material/SettingsSuggest";
import SellIcon from "@mui/icons-material/Sell";
import HelpCenterIcon from "@mui/icons-material/HelpCenter";
import TopicIcon from "@mui/icons-material/Topic";
import StarIcon from "@mui/icons-material/Star";
import LabelIcon from "@mui/icons-material/Label";
import ReportIcon from "@mui/icons-material/Report";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import DevicesOtherIcon from "@mui/icons-material/DevicesOther";
import LoginIcon from "@mui/icons-material/Login";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";

export type MenuGroup = "system" | "content" | "live" | "qa";

export const MENU_GROUPS: readonly MenuGroup[] = [
  "system",
  "content",
  "live",
  "qa",
];

export interface AdminPage {
  /** The spec's child path under /admin; also the key of its name (app.page_names.<path>). */
  path: string;
  group: MenuGroup;
  icon: ComponentType;
  /** Set when the page is a react-admin resource rather than a page of its own. */
  resource?: string;
  /**
   * The code needed to open it (and to see its tile and menu entry): the same code the
   * server's menu seed gives the page (server/services/menu-seed.ts; a test compares).
   */
  permission: string;
}

/** Every admin page of spec section 2, in menu order. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: "system/userManage",
    group: "system",
    icon: PeopleIcon,
    resource: "admin/system/userManage",
    permission: "user:read",
  },
  {
    path: "system/roleManage",
    group: "system",
    icon: BadgeIcon,
    resource: "admin/system/roleManage",
    permission: "role:read",
  },
  {
    path: "system/permission/resource",
    group: "system",
    icon: SecurityIcon,
    resource: "admin/system/permission/resource",
    permission: "permission:read",
  },
  {
    path: "system/configManage",
    group: "system",
    icon: SettingsIcon,
    resource: "admin/system/configManage",
    permission: "config:read",
  },
  {
    path: "system/jobManage",
    group: "system",
    icon: ScheduleIcon,
    resource: "admin/system/jobManage",
    permission: "job:read",
  },
  {
    path: "system/joblogManage",
    group: "system",
    icon: HistoryIcon,
    resource: "admin/system/joblogManage",
    permission: "jobLog:read",
  },
  {
    path: "system/resourcePageManage",
    group: "system",
    icon: WebIcon,
    resource: "admin/system/resourcePageManage",
    permission: "resourcePage:read",
  },
  {
    path: "system/userBehaviorStat",
    group: "system",
    icon: InsightsIcon,
    permission: "behaviorStat:read",
  },
  {
    path: "system/onlineSessions",
    group: "system",
    icon: DevicesOtherIcon,
    resource: "admin/system/onlineSessions",
    permission: "session:read",
  },
  {
    path: "system/loginLog",
    group: "system",
    icon: LoginIcon,
    resource: "admin/system/loginLog",
    permission: "loginLog:read",
  },
  {
    path: "system/mailOutbox",
    group: "system",
    icon: OutboxIcon,
    resource: "admin/system/mailOutbox",
    permission: "outbox:read",
  },
  {
    path: "system/auditLog",
    group: "system",
    icon: ManageSearchIcon,
    resource: "admin/system/auditLog",
    permission: "auditLog:read",
  },

  {
    path: "sermonManage",
    group: "content",
    icon: RecordVoiceOverIcon,
    resource: "admin/sermonManage",
    permission: "sermon:read",
  },
  {
    path: "mySermonManage",
    group: "content",
    icon: MicIcon,
    resource: "admin/mySermonManage",
    permission: "sermon:read",
  },
  {
    path: "articleManage",
    group: "content",
    icon: ArticleIcon,
    resource: "admin/articleManage",
    permission: "article:read",
  },
  {
    path: "articleEdit",
    group: "content",
    icon: EditNoteIcon,
    permission: "article:update",
  },
  {
    path: "audioManage",
    group: "content",
    icon: AudiotrackIcon,
    resource: "admin/audioManage",
    permission: "audio:read",
  },
  {
    path: "videoManage",
    group: "content",
    icon: VideoLibraryIcon,
    resource: "admin/videoManage",
    permission: "video:read",
  },
  {
    path: "docManage",
    group: "content",
    icon: DescriptionIcon,
    resource: "admin/docManage",
    permission: "doc:read",
  },
  {
    path: "discipleManage",
    group: "content",
    icon: GroupsIcon,
    resource: "admin/discipleManage",
    permission: "disciple:read",
  },
  {
    path: "tagManage",
    group: "content",
    icon: LocalOfferIcon,
    resource: "admin/tagManage",
    permission: "tag:read",
  },
  {
    path: "spiderManage",
    group: "content",
    icon: BugReportIcon,
    resource: "admin/spiderManage",
    permission: "spider:read",
  },
  {
    path: "configManage",
    group: "content",
    icon: TuneIcon,
    permission: "ministryConfig:read",
  },

  {
    path: "configLive",
    group: "live",
    icon: LiveTvIcon,
    // A page of its own (one settings record), not a react-admin resource list.
    resource: "admin/configLive",
    permission: "liveConfig:read",
  },
  {
    path: "configLiveNotice",
    group: "live",
    icon: CampaignIcon,
    resource: "admin/configLiveNotice",
    permission: "liveNotice:read",
  },
  {
    path: "channelManage",
    group: "live",
    icon: CellTowerIcon,
    resource: "admin/channelManage",
    permission: "channel:read",
  },
  {
    path: "liveVideoManage",
    group: "live",
    icon: OndemandVideoIcon,
    resource: "admin/liveVideoManage",
    permission: "liveVideo:read",
  },

  {
    path: "askManage",
    group: "qa",
    icon: ForumIcon,
    permission: "askTopic:read",
  },
  {
    path: "topicDetailManage",
    group: "qa",
    icon: TopicIcon,
    permission: "askAnswer:read",
  },
  {
    path: "askConfig",
    group: "qa",
    icon: SettingsSuggestIcon,
    permission: "askConfig:read",
  },
  {
    path: "askTagManage",
    group: "qa",
    icon: SellIcon,
    permission: "askTag:read",
  },
  {
    path: "askComplaintManage",
    group: "qa",
    icon: ReportIcon,
    permission: "askComplaint:read",
  },
  {
    path: "askKeepSilenceManage",
    group: "qa",
    icon: VolumeOffIcon,
    permission: "askMute:read",
  },
  {
    path: "ask",
    group: "qa",
    icon: QuestionAnswerIcon,
    permission: "askTopic:read",
  },
  {
    path: "topicDetail",
    group: "qa",
    icon: HelpCenterIcon,
    permission: "askTopic:read",
  },
  {
    path: "choicenessCommon",
    group: "qa",
    icon: StarIcon,
    permission: "askAnswer:read",
  },
  {
    path: "tagList",
    group: "qa",
    icon: LabelIcon,
    permission: "askTag:read",
  },
];

export function pageNameKey(path: string): string {
  return `app.page_names.${path}`;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The code that opens an admin page (its path under /admin), if the page is known. */
export function pagePermission(path: string): string | undefined {
  return ADMIN_PAGES.find((page) => page.path === path)?.permission;
}

/**
 * Whether a user's codes open any part of the back office: the community's codes
 * (`community:*`) are for the public site only.
 */
export function holdsBackOfficeCode(permissions: readonly string[]): boolean {
  return permissions.some((code) => !code.startsWith("community:"));
}
