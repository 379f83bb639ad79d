import {
  Node,
  type CommandProps,
  type RawCommands,
  type NodeConfig,
} from "@tiptap/core";
import type { DOMOutputSpec, Node as ProseMirrorNode } from "@tiptap/pm/model";

/**
 * An atom block whose one attribute is a checked `src` (a video file, an embed): it is
 * read from stored or pasted HTML only when the check passes, and its insert command
 * refuses a source the check turns down.
 */
export function srcNode({
  name,
  tag,
  command,
  readSrc,
  toSrc,
  render,
}: {
  name: string;
  /** The parse rule's selector. */
  tag: string;
  /** The insert command's name, declared in `Commands` by the extension. */
  command: keyof RawCommands;
  /** The checked src found in an element of the HTML, or null to leave it out. */
  readSrc: (element: HTMLElement) => string | null;
  /** The src the command stores for what the user gave, or null to refuse it. */
  toSrc: (src: string) => string | null;
  render: (props: {
    node: ProseMirrorNode;
    HTMLAttributes: Record<string, unknown>;
  }) => DOMOutputSpec;
}) {
  const config: NodeConfig = {
    name,
    group: "block",
    atom: true,
    draggable: true,

    addAttributes() {
      return {
        src: {
          default: null,
          parseHTML: (element: HTMLElement) => readSrc(element),
        },
      };
    },

    parseHTML() {
      return [
        {
          tag,
          getAttrs: (element) =>
            readSrc(element as HTMLElement) ? null : false,
        },
      ];
    },

    renderHTML: render,

    addCommands() {
      return {
        [command]:
          ({ src }: { src: string }) =>
          ({ commands }: CommandProps) => {
            const stored = toSrc(src);
            if (!stored) return false;
            return commands.insertContent({
              type: this.name,
              attrs: { src: stored },
            });
          },
      } as Partial<RawCommands>;
    },
  };
  return Node.create(config);
}
