import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Title } from "react-admin";

/**
 * A page outside the back office's layout that says one thing: its h1, one line, one way
 * on (access denied, no back-office access).
 */
export function StatusPage({
  testId,
  title,
  message,
  action,
}: {
  testId: string;
  title: string;
  message: string;
  action: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: "center" }} data-testid={testId}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} role="status">
        {message}
      </Typography>
      {action}
    </Box>
  );
}
