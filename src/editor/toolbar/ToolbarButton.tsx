import { ToggleButton } from "@mui/material";
import type { ReactNode } from "react";

export interface ToolbarButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  /** A stable name for tests and styling. */
  name: string;
}

/** One toolbar button. It keeps the editor's selection: mousedown does not move focus. */
export function ToolbarButton({
  label,
  icon,
  onClick,
  active = false,
  disabled = false,
  name,
}: ToolbarButtonProps) {
  return (
    <ToggleButton
      value={name}
      size="small"
      selected={active}
      disabled={disabled}
      aria-label={label}
      aria-pressed={active}
      title={label}
      data-toolbar={name}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      sx={{ border: 0, borderRadius: 1, p: 0.5, fontSize: 20 }}
    >
      {icon}
    </ToggleButton>
  );
}
