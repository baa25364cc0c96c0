import { ConfigError, loadConfig } from "../../src/server/config.js";

const firebaseProject = {
  FIREBASE_PROJECT_ID: "koirapuisto-prod",
  FIREBASE_API_KEY: "AIza-test-key",
  GOOGLE_APPLICATION_CREDENTIALS: "/etc/koirapuisto/firebase-service-account.json",
};

describe("configuration from the environment", () => {
  it("runs on embedded defaults with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", PAYMENT_PROVIDER: "demo" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it.each([
    [{ PORT: "abc" }, "PORT must be a number"],
    [{ PORT: "70000" }, "PORT must be between 1 and 65535"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL must look like postgres://"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL must be an absolute URL"],
    [{ DOOR_PROVIDER: "mqtt" }, "MQTT_URL: required when DOOR_PROVIDER=mqtt"],
    [{ LIGHTS_PROVIDER: "shelly" }, "LIGHTS_SHELLY_URL: required when LIGHTS_PROVIDER=shelly"],
    [{ LIGHTS_PROVIDER: "mqtt" }, "MQTT_URL: required when LIGHTS_PROVIDER=mqtt"],
    [{ LIGHTS_PROVIDER: "hue" }, "LIGHTS_PROVIDER"],
    [{ NODE_ENV: "production", PUBLIC_URL: "https://x.fi" }, "SESSION_SECRET: required"],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("refuses the demo payment page in production unless allowed", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://x.fi",
      SESSION_SECRET: "s".repeat(32),
      SMTP_URL: "smtp://mail.x.fi:587",
      ...firebaseProject,
    };
    expect(() => loadConfig(production)).toThrow("demo payment page is refused in production");
    expect(loadConfig({ ...production, ALLOW_DEMO_PAYMENTS: "true" }).ALLOW_DEMO_PAYMENTS).toBe(true);
  });

  it("treats empty variables as unset and trims the public URL", () => {
    const config = loadConfig({ DATABASE_URL: "", PUBLIC_URL: "https://koirapuisto.fi/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("https://koirapuisto.fi");
  });

  describe("admin identity (Firebase)", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://x.fi",
      SESSION_SECRET: "s".repeat(32),
      ALLOW_DEMO_PAYMENTS: "true",
      SMTP_URL: "smtp://mail.x.fi:587",
    };

    it("uses the Auth emulator in development, started by the server unless one is named", () => {
      expect(loadConfig({}).adminAuth).toMatchObject({
        mode: "emulator",
        projectId: "demo-koirapuisto",
        emulatorHost: null,
        emulatorPort: 9099,
        authorizedDomains: ["localhost", "127.0.0.1"],
        devAdmin: { email: "admin@koirapuisto.local" },
      });
      expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199" }).adminAuth).toMatchObject({
        mode: "emulator",
        emulatorHost: "127.0.0.1:9199",
      });
    });

    it("uses a real project in production, with admins from ADMIN_EMAILS", () => {
      const config = loadConfig({
        ...production,
        ...firebaseProject,
        ADMIN_EMAILS: " Omistaja@X.fi, b@x.fi",
      });
      expect(config.adminAuth).toEqual({
        mode: "firebase",
        projectId: "koirapuisto-prod",
        apiKey: "AIza-test-key",
        authDomain: "koirapuisto-prod.firebaseapp.com",
        adminEmails: ["omistaja@x.fi", "b@x.fi"],
      });
    });

    it.each([
      [
        { ...firebaseProject, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
        "FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator is refused in production",
      ],
      [
        { ...firebaseProject, FIREBASE_PROJECT_ID: "demo-koirapuisto" },
        "FIREBASE_PROJECT_ID: a real Firebase project id is required",
      ],
      [{ ...firebaseProject, FIREBASE_API_KEY: "" }, "FIREBASE_API_KEY: required when NODE_ENV=production"],
      [
        { ...firebaseProject, GOOGLE_APPLICATION_CREDENTIALS: "" },
        "GOOGLE_APPLICATION_CREDENTIALS: required",
      ],
      [{ ...firebaseProject, ADMIN_EMAILS: "owner" }, '"owner" is not an e-mail address'],
    ])("refuses production with %o", (env, message) => {
      expect(() => loadConfig({ ...production, ...env })).toThrow(message);
    });
  });
});
