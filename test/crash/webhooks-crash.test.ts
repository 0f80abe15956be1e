/**
 * Crash trial of the webhook outbox: the service runs as a child process (`attestkit service` on a
 * SQLite file) posting to a receiver in this process that checks signatures as the public
 * description says. Killed with SIGKILL while deliveries are being retried, or between an
 * endpoint's 2xx and its record, and restarted on the same file: every status of every request is
 * delivered, under the delivery id it had before the crash, in order per request; only a delivery
 * whose answer was not recorded is posted again (at least once, same id).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { CrashPoint } from "../../src/service/crash-points.ts";
import { quoteBody } from "../service/helpers.ts";
import { type Received, startReceiver, until } from "../webhooks/receiver.ts";
import { spawnService } from "./service-child.ts";

const API_KEY = "crash-webhook-key";
const STATUSES = ["waiting", "depositing", "pending", "success"];

describe("crash trial: webhooks survive a killed service", function () {
  this.timeout(120_000);
  let dir: string;
  let child: ChildProcess | null = null;
  let baseUrl = "";

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-webhook-crash-"));
  });
  after(() => {
    stopChild();
    rmSync(dir, { recursive: true, force: true });
  });

  function stopChild() {
    if (child !== null && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    child = null;
  }

  async function start(db: string, extraArgs: string[], crashAt?: CrashPoint): Promise<void> {
    stopChild();
    const args = ["--port", "0", "--db", db, "--new-db", "--api-keys", API_KEY, "--log-level", "silent"];
    ({ child, url: baseUrl } = await spawnService([...args, ...extraArgs], crashAt));
  }

  async function api(path: string, body: unknown) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
      body: JSON.stringify(body),
    });
    expect(res.status, path).to.equal(200);
    return (await res.json()) as Record<string, unknown>;
  }

  /** A request taken through its whole lifecycle: four status changes. */
  async function flow(): Promise<string> {
    const quote = await api("/quote/v2", quoteBody());
    const id = (quote.steps as { requestId: string }[])[0]?.requestId as string;
    await api(`/_mock/requests/${id}/deposit`, { final: false });
    await api(`/_mock/requests/${id}/deposit`, { final: true });
    return id;
  }

  /** Checks every status of `ids` was answered 2xx, in order per request, signatures valid. */
  function expectAllDelivered(received: Received[], answered: Received[], ids: string[]) {
    expect(received.every((d) => d.signatureValid)).to.equal(true);
    for (const id of ids) {
      const own = answered.filter((d) => d.event.data.requestId === id);
      const firstOfEach = [...new Map(own.map((d) => [d.deliveryId, d])).values()];
      expect(
        firstOfEach.map((d) => d.event.data.status),
        id,
      ).to.deep.equal(STATUSES);
    }
    // One delivery id per (request, status), however often it was posted.
    const idsByEvent = new Map<string, Set<string>>();
    for (const d of received) {
      const key = `${d.event.data.requestId}:${d.event.data.status}`;
      idsByEvent.set(key, (idsByEvent.get(key) ?? new Set()).add(d.deliveryId));
    }
    expect(idsByEvent.size).to.equal(ids.length * STATUSES.length);
    for (const [key, set] of idsByEvent) expect(set.size, key).to.equal(1);
  }

  it("killed while deliveries are being retried: after a restart on the file all are delivered, same ids, none lost", async () => {
    const db = join(dir, "retrying.sqlite");
    let healthy = false;
    const answered: Received[] = [];
    const receiver = await startReceiver(API_KEY, (delivery, res) => {
      if (!healthy) return void res.writeHead(503).end();
      answered.push(delivery);
      res.end();
    });
    try {
      await start(db, ["--webhook-url", receiver.url]);
      const ids = [await flow(), await flow(), await flow()];
      // Each request's first status is retried (1 s, then 2 s); its later statuses wait behind it.
      const retried = () =>
        ids.every((id) => receiver.received.filter((d) => d.event.data.requestId === id).length >= 2);
      await until(retried, 20_000, "a retry of every request's first delivery");
      const before = new Set(receiver.received.map((d) => d.deliveryId));
      expect(receiver.received.every((d) => d.event.data.status === "waiting")).to.equal(true);
      child?.kill("SIGKILL");
      await until(() => child?.signalCode === "SIGKILL", 5000, "the kill");
      healthy = true;
      // No --webhook-url this time: the endpoint is in the database too.
      await start(db, []);
      await until(() => new Set(answered.map((d) => d.deliveryId)).size === 12, 60_000, "12 deliveries");
      expectAllDelivered(receiver.received, answered, ids);
      for (const id of before)
        expect(
          answered.some((d) => d.deliveryId === id),
          id,
        ).to.equal(true);
      // Nothing was answered twice: no crash fell between an answer and its record.
      expect(answered).to.have.length(12);
    } finally {
      stopChild();
      await receiver.close();
    }
  });

  it("killed between an endpoint's 2xx and its record: that delivery is posted again under the same id, nothing else twice", async () => {
    const db = join(dir, "answered.sqlite");
    const receiver = await startReceiver(API_KEY);
    try {
      await start(db, ["--webhook-url", receiver.url], "webhook-answered");
      const quote = fetch(`${baseUrl}/quote/v2`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY },
        body: JSON.stringify(quoteBody()),
      });
      const id = ((await (await quote).json()) as { steps: { requestId: string }[] }).steps[0]
        ?.requestId as string;
      await until(() => child?.signalCode === "SIGKILL", 10_000, "the crash after the first 2xx");
      expect(receiver.received).to.have.length(1);
      const first = receiver.received[0] as Received;
      await start(db, []);
      await api(`/_mock/requests/${id}/deposit`, { final: false });
      await api(`/_mock/requests/${id}/deposit`, { final: true });
      await until(() => receiver.received.length === 5, 20_000, "the repeat and three more");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.map((d) => d.deliveryId)).to.have.length(5);
      expect(receiver.received[1]?.deliveryId).to.equal(first.deliveryId);
      expect(receiver.received[1]?.raw).to.equal(first.raw);
      expectAllDelivered(receiver.received, receiver.received, [id]);
    } finally {
      stopChild();
      await receiver.close();
    }
  });
});
