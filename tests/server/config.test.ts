import { ConfigError, loadConfig } from "../../src/server/config.js";

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
    [{ NODE_ENV: "production", PUBLIC_URL: "https://x.fi" }, "SESSION_SECRET: required"],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("refuses the demo payment page in production unless allowed", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://x.fi", SESSION_SECRET: "s".repeat(32) };
    expect(() => loadConfig(production)).toThrow("demo payment page is refused in production");
    expect(loadConfig({ ...production, ALLOW_DEMO_PAYMENTS: "true" }).ALLOW_DEMO_PAYMENTS).toBe(true);
  });

  it("treats empty variables as unset and trims the public URL", () => {
    const config = loadConfig({ DATABASE_URL: "", PUBLIC_URL: "https://koirapuisto.fi/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("https://koirapuisto.fi");
  });
});
