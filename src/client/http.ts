import redaxios from "redaxios";
import { takeEarly } from "./earlyRequests";

/**
 * The one shape a failed call rejects with (machines/remoteFailure.ts reads it): the HTTP status
 * (null without an HTTP answer) and the answer's body, whose `message` is the words to show. A
 * lost connection has no body: its cause is kept as the error's `cause`, never in `data`, so the
 * browser's own words ('Failed to fetch') are not taken for the server's.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly data?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
  }
}

/**
 * How one family of paths is authenticated (customer session, admin identity). The client asks the
 * first policy whose `matches` accepts a path for its bearer token, and on a 401 or 403 lets it decide
 * whether to retry once (with a fresh token) or give up (after clearing what it must).
 */
export type AuthPolicy = {
  matches(path: string): boolean;
  /** The bearer token for `path`, or null to send none. */
  token(path: string): Promise<string | null> | string | null;
  /** `retried`: this answer came to the one retry, whose result is final whatever is returned. */
  onRejected(status: 401 | 403, path: string, retried: boolean): Promise<"retry" | "fail"> | "retry" | "fail";
};

export type HttpClientOptions = {
  baseURL?: string;
  fetch?: typeof fetch;
  /** Waits between a network failure and its retry (spec §8: 1 s); tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
};

export const NETWORK_RETRY_DELAY_MS = 1000;

type RequestOptions = {
  params?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent with the request and with its network retry alike. */
  headers?: Record<string, string>;
};

/**
 * Options of a POST that must not be done twice: the caller makes one key per attempt of the user,
 * and the retry after a lost answer (spec §8) sends the same key, so the server answers the repeat
 * with its first answer instead of doing it again.
 */
export type PostOptions = { idempotencyKey?: string };

/** Leaves out undefined values (URLSearchParams would send the text "undefined"). */
const queryString = (params: RequestOptions["params"]): string =>
  new URLSearchParams(
    Object.entries(params ?? {}).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  ).toString();

const messageOf = (data: unknown): string | undefined =>
  data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string"
    ? (data as { message: string }).message
    : undefined;

/** A body as redaxios hands it on: parsed JSON, or the text when it is not JSON. */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  // Every HTTP status resolves; only a request that got no response at all rejects.
  const axios = redaxios.create({
    baseURL: options.baseURL ?? "",
    fetch: options.fetch,
    validateStatus: () => true,
  });
  const policies: AuthPolicy[] = [];
  const inflight = new Map<string, Promise<unknown>>();

  async function exchange(method: string, path: string, opts: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { ...opts.headers, Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const query = queryString(opts.params);
    const url = query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
    // A public GET the page's entry asked for already (earlyRequests.ts) is this request's first
    // attempt: its answer, read as redaxios reads one, or its lost connection, which spec §8's one
    // retry then follows as for any request.
    const early =
      method === "GET" && !token && !options.baseURL && !opts.headers ? takeEarly(url) : undefined;
    if (early) {
      const answer = await early;
      return { status: answer.status, data: parsedOrText(await answer.text()) };
    }
    const res = await axios.request(url, {
      method: method as "get",
      data: opts.body,
      headers,
    });
    return { status: res.status, data: res.data as unknown };
  }

  /** Spec §8: a network error with no response waits one second and retries once. */
  async function exchangeWithRetry(method: string, path: string, opts: RequestOptions, token: string | null) {
    try {
      return await exchange(method, path, opts, token);
    } catch {
      await sleep(NETWORK_RETRY_DELAY_MS);
      try {
        return await exchange(method, path, opts, token);
      } catch (error) {
        throw new ApiError(null, "Verkkovirhe: palvelimeen ei saatu yhteyttä.", undefined, { cause: error });
      }
    }
  }

  async function send<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
    const policy = policies.find((p) => p.matches(path));
    let token = policy ? await policy.token(path) : null;
    let res = await exchangeWithRetry(method, path, opts, token);
    if (policy && (res.status === 401 || res.status === 403)) {
      if ((await policy.onRejected(res.status, path, false)) === "retry") {
        token = await policy.token(path);
        res = await exchangeWithRetry(method, path, opts, token);
        if (res.status === 401 || res.status === 403) await policy.onRejected(res.status, path, true);
      }
    }
    if (res.status >= 200 && res.status < 300) return res.data as T;
    throw new ApiError(res.status, messageOf(res.data) ?? `Pyyntö epäonnistui (${res.status}).`, res.data);
  }

  function get<T>(path: string, opts: Omit<RequestOptions, "body"> = {}): Promise<T> {
    // Identical simultaneous GETs share one request.
    const key = `${path}?${queryString(opts.params)}`;
    const pending = inflight.get(key);
    if (pending) return pending as Promise<T>;
    const promise = send<T>("GET", path, opts).finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    get,
    post: <T>(path: string, body?: unknown, options: PostOptions = {}) =>
      send<T>("POST", path, {
        body: body ?? {},
        ...(options.idempotencyKey ? { headers: { "Idempotency-Key": options.idempotencyKey } } : {}),
      }),
    put: <T>(path: string, body?: unknown) => send<T>("PUT", path, { body: body ?? {} }),
    patch: <T>(path: string, body?: unknown) => send<T>("PATCH", path, { body: body ?? {} }),
    delete: <T>(path: string) => send<T>("DELETE", path, {}),
    /** Adds an auth policy; returns a function that removes it. */
    useAuth(policy: AuthPolicy) {
      policies.push(policy);
      return () => {
        // indexOf is -1 once removed, and splice(-1, 1) would remove another policy.
        const index = policies.indexOf(policy);
        if (index >= 0) policies.splice(index, 1);
      };
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The app's one client; views reach the API only through it. */
export const http = createHttpClient();
