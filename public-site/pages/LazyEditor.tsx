import { lazy, Suspense } from "react";

// The editor is its own chunk, fetched only when a member opens it.
const Editor = lazy(() => import("../Editor"));

export function LazyEditor(props: {
  label: string;
  onChange: (html: string) => void;
  initialHtml?: string;
}) {
  return (
    <Suspense fallback={<div className="editor" aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}
