import { useState } from "react";
import { Button, Chip } from "@mui/material";
import { useTranslate } from "react-admin";
import { mainClient } from "../../http";
import { ReasonDialog } from "./shared";

interface Revealed {
  userId: number;
  userName: string;
  loginName: string;
}

/**
 * A post's author in the moderation screens. An anonymous post (issue 24) shows the
 * anonymous name and a "Reveal author" button: the server answers the author only with a
 * reason, which it writes to the audit log (askTopic:reveal / askAnswer:reveal).
 */
export function RevealAuthor({
  kind,
  id,
  author,
  onRevealed,
}: {
  kind: "questions" | "answers";
  id: number;
  author: { userName: string; anonymous?: boolean };
  onRevealed?: (revealed: Revealed) => void;
}) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  if (!author.anonymous) return <strong>{author.userName}</strong>;
  if (revealed)
    return (
      <strong data-revealed-author>
        {translate("moderation.reveal.revealed", {
          name: revealed.userName,
          login: revealed.loginName,
        })}
      </strong>
    );
  return (
    <>
      <Chip
        size="small"
        label={translate("moderation.reveal.anonymous")}
        variant="outlined"
      />
      <Button size="small" onClick={() => setAsking(true)}>
        {translate("moderation.reveal.button")}
      </Button>
      <ReasonDialog
        title={translate("moderation.reveal.title")}
        required
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => {
          const answer = await mainClient.post<Revealed>(
            `ask/admin/${kind}/${id}/reveal`,
            { reason },
          );
          setRevealed(answer.data);
          onRevealed?.(answer.data);
        }}
      />
    </>
  );
}
