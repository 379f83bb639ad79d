export { AskManagePage } from "./AskManagePage";
export { TopicDetailManagePage } from "./TopicDetailManagePage";
export { AskConfigPage } from "./AskConfigPage";
export { AskTagManagePage } from "./AskTagManagePage";
export { AskComplaintPage } from "./AskComplaintPage";
export { AskMutePage } from "./AskMutePage";
