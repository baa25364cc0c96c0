import { loggableError } from "../../src/server/errors";

describe("errors as they are logged", () => {
  it("drop the query parameters a database error carries, keeping the SQLSTATE", () => {
    const driver = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_email_unique"'),
      {
        code: "23505",
      },
    );
    const drizzle = Object.assign(
      new Error('Failed query: insert into "customers" ("email") values ($1)\nparams: maija@example.com'),
      { cause: driver },
    );
    const logged = loggableError(drizzle);
    expect(logged.code).toBe("23505");
    expect(JSON.stringify(logged)).not.toContain("maija@example.com");
    expect(logged.message).toContain('insert into "customers"');
  });

  it("keeps an ordinary error as it is", () => {
    expect(loggableError(new Error("SMTP alhaalla"))).toMatchObject({
      name: "Error",
      message: "SMTP alhaalla",
    });
  });
});
