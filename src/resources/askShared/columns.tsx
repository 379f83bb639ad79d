import type { ReactNode } from "react";
import { DataTable, FunctionField } from "react-admin";
import { hiddenBelowSm } from "../../kit/columns";
import { RevealAuthor } from "./RevealAuthor";
import { StatusChip, useTime } from "./shared";

/** The moderation tables' columns, labelled from `moderation.field.*`. */

interface Post {
  id: number;
  status: string;
  author: { userName: string; anonymous?: boolean };
}

/** A post's state as a chip. */
export function StatusCol({ disableSort }: { disableSort?: boolean }) {
  return (
    <DataTable.Col
      source="status"
      label="moderation.field.status"
      disableSort={disableSort}
    >
      <FunctionField<Post> render={(p) => <StatusChip status={p.status} />} />
    </DataTable.Col>
  );
}

/** A post's author; an anonymous one has the reveal button. Phones leave it out. */
export function AuthorCol({ kind }: { kind: "questions" | "answers" }) {
  return (
    <DataTable.Col
      source="author"
      label="moderation.field.author"
      disableSort
      sx={hiddenBelowSm}
    >
      <FunctionField<Post>
        render={(p) => <RevealAuthor kind={kind} id={p.id} author={p.author} />}
      />
    </DataTable.Col>
  );
}

/** When a row was written, in the interface's locale. Phones leave it out. */
export function CreatedAtCol({ disableSort }: { disableSort?: boolean }) {
  const time = useTime();
  return (
    <DataTable.Col
      source="createdAt"
      label="moderation.field.createdAt"
      disableSort={disableSort}
      sx={hiddenBelowSm}
    >
      <FunctionField<{ createdAt: string }>
        render={(row) => time(row.createdAt)}
      />
    </DataTable.Col>
  );
}

/** A row's moderation buttons. */
export function ActionsCol({ children }: { children: ReactNode }) {
  return (
    <DataTable.Col source="id" label="moderation.field.actions" disableSort>
      {children}
    </DataTable.Col>
  );
}
