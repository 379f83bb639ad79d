declare module "ra-language-chinese" {
  import type { TranslationMessages } from "ra-core";
  const messages: TranslationMessages;
  export default messages;
}
