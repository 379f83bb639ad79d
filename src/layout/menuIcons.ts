import type { ComponentType } from "react";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import FolderIcon from "@mui/icons-material/Folder";
import SettingsIcon from "@mui/icons-material/Settings";
import PeopleIcon from "@mui/icons-material/People";
import BadgeIcon from "@mui/icons-material/Badge";
import SecurityIcon from "@mui/icons-material/Security";
import ScheduleIcon from "@mui/icons-material/Schedule";
import HistoryIcon from "@mui/icons-material/History";
import WebIcon from "@mui/icons-material/Web";
import InsightsIcon from "@mui/icons-material/Insights";
import TravelExploreIcon from "@mui/icons-material/TravelExplore";
import DevicesOtherIcon from "@mui/icons-material/DevicesOther";
import LoginIcon from "@mui/icons-material/Login";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import OutboxIcon from "@mui/icons-material/Outbox";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import MicIcon from "@mui/icons-material/Mic";
import ArticleIcon from "@mui/icons-material/Article";
import EditNoteIcon from "@mui/icons-material/EditNote";
import AudiotrackIcon from "@mui/icons-material/Audiotrack";
import VideoLibraryIcon from "@mui/icons-material/VideoLibrary";
import DescriptionIcon from "@mui/icons-material/Description";
import GroupsIcon from "@mui/icons-material/Groups";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import TuneIcon from "@mui/icons-material/Tune";
import LiveTvIcon from "@mui/icons-material/LiveTv";
import CampaignIcon from "@mui/icons-material/Campaign";
import CellTowerIcon from "@mui/icons-material/CellTower";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import ForumIcon from "@mui/icons-material/Forum";
import TopicIcon from "@mui/icons-material/Topic";
import SettingsSuggestIcon from "@mui/icons-material/SettingsSuggest";
import SellIcon from "@mui/icons-material/Sell";
import ReportIcon from "@mui/icons-material/Report";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import QuestionAnswerIcon from "@mui/icons-material/QuestionAnswer";
import HelpCenterIcon from "@mui/icons-material/HelpCenter";
import StarIcon from "@mui/icons-material/Star";
import LabelIcon from "@mui/icons-material/Label";
import PersonIcon from "@mui/icons-material/Person";
import type { MenuIcon } from "../../common/schemas/resource-page";

/** Each icon name a menu entry may carry (MENU_ICONS), as its component. */
export const MENU_ICON_COMPONENTS: Record<
  MenuIcon,
  ComponentType<SvgIconProps>
> = {
  Folder: FolderIcon,
  Settings: SettingsIcon,
  People: PeopleIcon,
  Badge: BadgeIcon,
  Security: SecurityIcon,
  Schedule: ScheduleIcon,
  History: HistoryIcon,
  Web: WebIcon,
  Insights: InsightsIcon,
  TravelExplore: TravelExploreIcon,
  DevicesOther: DevicesOtherIcon,
  Login: LoginIcon,
  ManageSearch: ManageSearchIcon,
  Outbox: OutboxIcon,
  RecordVoiceOver: RecordVoiceOverIcon,
  Mic: MicIcon,
  Article: ArticleIcon,
  EditNote: EditNoteIcon,
  Audiotrack: AudiotrackIcon,
  VideoLibrary: VideoLibraryIcon,
  Description: DescriptionIcon,
  Groups: GroupsIcon,
  LocalOffer: LocalOfferIcon,
  Tune: TuneIcon,
  LiveTv: LiveTvIcon,
  Campaign: CampaignIcon,
  CellTower: CellTowerIcon,
  OndemandVideo: OndemandVideoIcon,
  Forum: ForumIcon,
  Topic: TopicIcon,
  SettingsSuggest: SettingsSuggestIcon,
  Sell: SellIcon,
  Report: ReportIcon,
  VolumeOff: VolumeOffIcon,
  QuestionAnswer: QuestionAnswerIcon,
  HelpCenter: HelpCenterIcon,
  Star: StarIcon,
  Label: LabelIcon,
  Person: PersonIcon,
};

export function menuIcon(name: string): ComponentType<SvgIconProps> {
  return MENU_ICON_COMPONENTS[name as MenuIcon] ?? FolderIcon;
}
