/**
 * The Auth emulator's own account API (REST, authorised as "owner", which only the emulator
 * accepts): development creates its first admin with it, and the tests their users.
 */

export type EmulatorUser = {
  email: string;
  password: string;
  emailVerified?: boolean;
  disabled?: boolean;
  /** Custom claims, e.g. { admin: true }. */
  claims?: Record<string, unknown>;
};

async function call<T>(host: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${data.error?.message ?? res.status}`);
  return data;
}

const accounts = (projectId: string) => `projects/${projectId}/accounts`;

async function localIdOf(host: string, projectId: string, email: string): Promise<string | null> {
  const found = await call<{ users?: Array<{ localId: string }> }>(host, `${accounts(projectId)}:lookup`, {
    email: [email],
  });
  return found.users?.[0]?.localId ?? null;
}

/** Creates the user, or gives an existing one (by e-mail) this password, claims and state. */
export async function upsertEmulatorUser(host: string, projectId: string, user: EmulatorUser) {
  const localId =
    (await localIdOf(host, projectId, user.email)) ??
    (
      await call<{ localId: string }>(host, accounts(projectId), {
        email: user.email,
        password: user.password,
      })
    ).localId;
  await call(host, `${accounts(projectId)}:update`, {
    localId,
    password: user.password,
    emailVerified: user.emailVerified ?? true,
    disableUser: user.disabled ?? false,
    customAttributes: JSON.stringify(user.claims ?? {}),
  });
  return { uid: localId };
}

/**
 * Changes an existing user. `revokeTokens` makes every token issued before this second invalid
 * (what revoking refresh tokens does in Firebase).
 */
export async function updateEmulatorUser(
  host: string,
  projectId: string,
  email: string,
  change: {
    disabled?: boolean;
    emailVerified?: boolean;
    claims?: Record<string, unknown>;
    revokeTokens?: boolean;
  },
) {
  const localId = await localIdOf(host, projectId, email);
  if (!localId) throw new Error(`no emulator user ${email}`);
  await call(host, `${accounts(projectId)}:update`, {
    localId,
    ...(change.disabled === undefined ? {} : { disableUser: change.disabled }),
    ...(change.emailVerified === undefined ? {} : { emailVerified: change.emailVerified }),
    ...(change.claims ? { customAttributes: JSON.stringify(change.claims) } : {}),
    ...(change.revokeTokens ? { validSince: String(Math.floor(Date.now() / 1000)) } : {}),
  });
}
