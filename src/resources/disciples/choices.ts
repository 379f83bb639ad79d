import { useTranslate } from "react-admin";
import {
  DISCIPLE_GENDERS,
  DISCIPLE_STATUSES,
} from "../../../common/schemas/disciple";

/** Gender and status choices in the interface's language. */
export function useDiscipleChoices() {
  const translate = useTranslate();
  return {
    genders: DISCIPLE_GENDERS.map((id) => ({
      id,
      name: translate(`disciples.gender.${id}`),
    })),
    statuses: DISCIPLE_STATUSES.map((id) => ({
      id,
      name: translate(`disciples.status.${id}`),
    })),
  };
}
