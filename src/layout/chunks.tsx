import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Box from "@mui/material/Box";
import { useTranslate } from "react-admin";
import { Loading } from "../kit/Loading";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../common/constants";
import { loadFeatureMessages, type Feature } from "../i18n/featureMessages";

/** A lazily loaded script chunk that failed or did not arrive in time. */
export class ChunkLoadError extends Error {
  readonly chunk: string;
  constructor(chunk: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed`, options);
    this.name = "ChunkLoadError";
    this.chunk = chunk;
  }
}

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk|Failed to fetch/i;

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Loads a chunk; a failure, or no answer within 120000 ms, becomes "Loading chunk N failed".
 * import() cannot be cancelled, so the timeout only stops waiting for it.
 */
export function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(chunk, {
            cause: new Error(`timed out after ${timeoutMs} ms`),
          }),
        ),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        // A failed preload that something swallowed resolves to nothing: still a failed chunk.
        if (module == null) reject(new ChunkLoadError(chunk));
        else resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        const message = cause instanceof Error ? cause.message : String(cause);
        reject(
          CHUNK_FAILURE.test(message) || cause instanceof TypeError
            ? new ChunkLoadError(chunk, { cause })
            : cause,
        );
      },
    );
  });
}

export interface ChunkComponent {
  (): ReactNode;
  /** Starts loading the chunk now (once); the page then renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy with the chunk rules above. Once the chunk is in (preloaded, say), the page
 * renders directly: React.lazy would still suspend once, and React holds a revealed
 * Suspense boundary back for a moment. `messages` are the features whose messages the
 * page uses: they load alongside its code and are registered before it first renders
 * (src/i18n/screenMessages.test.ts checks each page declares what its code uses).
 */
export function lazyChunk(
  chunk: string,
  load: () => Promise<{ default: ComponentType }>,
  messages: readonly Feature[] = [],
): ChunkComponent {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadWithMessages = () =>
    Promise.all([load(), loadFeatureMessages(messages)]).then(
      ([module]) => module,
    );
  const loadOnce = () => {
    loading ??= loadChunk(chunk, loadWithMessages).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // a later visit may try again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  const Chunk = () => {
    const Page = loaded;
    return Page ? <Page /> : <Lazy />;
  };
  Chunk.preload = loadOnce;
  return Chunk;
}

/** A failure notice with a reload button: what a person can do about a broken page. */
function ReloadAlert({
  title,
  reloadLabel,
  testId,
  children,
}: {
  title: string;
  reloadLabel: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert
        severity="error"
        role="alert"
        data-testid={testId}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => window.location.reload()}
          >
            {reloadLabel}
          </Button>
        }
      >
        <AlertTitle>{title}</AlertTitle>
        {children}
      </Alert>
    </Box>
  );
}

function ChunkFailure({ error }: { error: ChunkLoadError }) {
  const translate = useTranslate();
  return (
    <ReloadAlert
      testId="chunk-error"
      title={translate("app.chunk.failed", {
        chunk: error.chunk,
        _: error.message,
      })}
      reloadLabel={translate("app.chunk.reload")}
    >
      {translate("app.chunk.timeout_hint")}
    </ReloadAlert>
  );
}

function PageFailure({ error }: { error: Error }) {
  const translate = useTranslate();
  return (
    <ReloadAlert
      title={translate("app.error.title")}
      reloadLabel={translate("app.error.reload")}
    >
      {error.message}
    </ReloadAlert>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** Shows a failed chunk (or any other render error of a lazy page) with a reload button. */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isChunkLoadError(error) ? (
      <ChunkFailure error={error} />
    ) : (
      <PageFailure error={error} />
    );
  }
}

/** A lazily loaded page inside the boundary, with react-admin's loading indicator meanwhile. */
export function LazyPage({ component: Page }: { component: ComponentType }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
