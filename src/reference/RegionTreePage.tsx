import {
  Box,
  Container,
  Divider,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { Form, useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { CountryInput } from "./CountryInput";
import { RegionCascaderInput } from "./RegionCascaderInput";
import { RegionTree } from "./RegionTree";
import { useRegionFullName } from "./useReferenceData";

/**
 * `/test/tree` (a spec test route, no login): the region hierarchy as a lazily loaded
 * tree, and below it a demo of the two reference inputs showing the code each would save.
 */
export default function RegionTreePage() {
  const translate = useTranslate();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography
        id="region-tree-title"
        variant="h5"
        component="h1"
        gutterBottom
      >
        {translate("reference.tree.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate("reference.tree.description")}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1, mb: 4 }}>
        <RegionTree />
      </Paper>

      <Divider sx={{ mb: 3 }} />
      <Box component="section" aria-labelledby="reference-demo-title">
        <Typography
          id="reference-demo-title"
          variant="h6"
          component="h2"
          gutterBottom
        >
          {translate("reference.tree.demo.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate("reference.tree.demo.description")}
        </Typography>
        <Form
          onSubmit={() => undefined}
          record={{ regionCode: null, countryCode: null }}
        >
          <Stack spacing={2}>
            <RegionCascaderInput
              source="regionCode"
              label="reference.region.label"
            />
            <CountryInput
              source="countryCode"
              label="reference.country.label"
            />
            <ChosenValues />
          </Stack>
        </Form>
      </Box>
    </Container>
  );
}

function ChosenValues() {
  const translate = useTranslate();
  const regionCode = useWatch({ name: "regionCode" }) as
    string | null | undefined;
  const countryCode = useWatch({ name: "countryCode" }) as
    string | null | undefined;
  const fullName = useRegionFullName(regionCode);
  const nothing = translate("reference.tree.demo.nothing");
  const rows: [string, string, string][] = [
    [
      "reference.tree.demo.chosenRegion",
      "chosen-region-code",
      regionCode || nothing,
    ],
    [
      "reference.tree.demo.chosenRegionName",
      "chosen-region-name",
      fullName ?? nothing,
    ],
    [
      "reference.tree.demo.chosenCountry",
      "chosen-country-code",
      countryCode || nothing,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 1, m: 0 }}
    >
      {rows.map(([label, testId, value]) => (
        <Box key={testId} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            <output data-testid={testId}>{value}</output>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
