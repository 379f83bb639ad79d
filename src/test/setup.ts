import { configure } from "@testing-library/react";

// findBy… and waitFor give up after 1 s by default. On a loaded 2-core CI machine a lazy
// dialog or a notice can take longer to appear than that, which failed runs that were
// right; a test that is wrong still fails, only later.
configure({ asyncUtilTimeout: 5000 });
