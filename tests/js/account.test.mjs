/* The account's pure parts (static/account.js): base64url both ways, the passkey options
   turned into what navigator.credentials wants and the authenticator's answer back into
   JSON, the refusals read as words to show, and the claim of a browser's tables. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  call, checkSignUp, claimBody, creationOptions, signIn, signOut, whoAmI, credentialJSON, fromBase64url, refusal, requestOptions, toBase64url, waitMinutes,
} from "../../koloda/server/static/account.js";

const bytes = (...values) => new Uint8Array(values);
const asArray = (buffer) => [...new Uint8Array(buffer)];

test("base64url has no padding and uses - and _ where base64 has + and /", () => {
  assert.equal(toBase64url(bytes(0xfb, 0xff)), "-_8");
  assert.equal(toBase64url(bytes(0xfb, 0xff).buffer), "-_8");
  assert.equal(toBase64url(bytes()), "");
  assert.equal(Buffer.from(bytes(0xfb, 0xff)).toString("base64"), "+/8=");
});

test("base64url decodes to the bytes it was made from, for every length", () => {
  for (let n = 0; n < 40; n++) {
    const original = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 13) % 256);
    const text = toBase64url(original);
    assert.equal(text, Buffer.from(original).toString("base64url"));
    assert.deepEqual(asArray(fromBase64url(text)), [...original], `length ${n}`);
  }
});

test("a view's own bytes are encoded, not its whole buffer's", () => {
  const whole = bytes(1, 2, 3, 4, 5);
  assert.equal(toBase64url(whole.subarray(1, 3)), Buffer.from([2, 3]).toString("base64url"));
});

test("padded base64 is read too; text that is not base64url is refused", () => {
  assert.deepEqual(asArray(fromBase64url("+/8=")), [0xfb, 0xff]);
  assert.throws(() => fromBase64url("a b"), TypeError);
  assert.throws(() => fromBase64url("abcde"), TypeError);
  assert.throws(() => fromBase64url(null), TypeError);
});

test("registration options: the challenge, the user's id and excluded ids become ArrayBuffers", () => {
  const server = {
    rp: { id: "localhost", name: "Koloda" },
    user: { id: toBase64url(bytes(7, 8, 9)), name: "Anna", displayName: "Anna" },
    challenge: toBase64url(bytes(1, 2, 3, 4)),
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [{ type: "public-key", id: toBase64url(bytes(5, 6)) }],
  };
  const options = creationOptions(server);
  assert.ok(options.challenge instanceof ArrayBuffer);
  assert.deepEqual(asArray(options.challenge), [1, 2, 3, 4]);
  assert.deepEqual(asArray(options.user.id), [7, 8, 9]);
  assert.equal(options.user.name, "Anna");
  assert.deepEqual(asArray(options.excludeCredentials[0].id), [5, 6]);
  assert.equal(options.excludeCredentials[0].type, "public-key");
  assert.deepEqual(options.pubKeyCredParams, server.pubKeyCredParams);
  assert.equal(typeof server.challenge, "string", "the server's options are left as they were");
});

test("sign-in options: the challenge and allowed ids become ArrayBuffers; none allowed stays empty", () => {
  const options = requestOptions({ challenge: toBase64url(bytes(9, 9)), rpId: "localhost", userVerification: "preferred" });
  assert.deepEqual(asArray(options.challenge), [9, 9]);
  assert.deepEqual(options.allowCredentials, []);
  assert.equal(options.rpId, "localhost");
  const allowed = requestOptions({ challenge: "AQ", allowCredentials: [{ type: "public-key", id: "Ag" }] });
  assert.deepEqual(asArray(allowed.allowCredentials[0].id), [2]);
});

test("a new passkey's answer is JSON with base64url fields and its transports", () => {
  const answer = credentialJSON({
    id: "AQID", rawId: bytes(1, 2, 3).buffer, type: "public-key", authenticatorAttachment: "platform",
    response: { clientDataJSON: bytes(10).buffer, attestationObject: bytes(11, 12).buffer, getTransports: () => ["internal"] },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  });
  assert.equal(answer.rawId, "AQID");
  assert.equal(answer.response.clientDataJSON, toBase64url(bytes(10)));
  assert.equal(answer.response.attestationObject, toBase64url(bytes(11, 12)));
  assert.deepEqual(answer.response.transports, ["internal"]);
  assert.deepEqual(answer.clientExtensionResults, { credProps: { rk: true } });
  assert.equal(answer.response.signature, undefined);
  assert.equal(JSON.parse(JSON.stringify(answer)).authenticatorAttachment, "platform");
});

test("a sign-in answer carries its signature, authenticator data and user handle", () => {
  const answer = credentialJSON({
    id: "BQ", rawId: bytes(5).buffer, type: "public-key",
    response: { clientDataJSON: bytes(1).buffer, authenticatorData: bytes(2).buffer, signature: bytes(3, 4).buffer, userHandle: bytes(6).buffer },
  });
  assert.equal(answer.response.authenticatorData, "Ag");
  assert.equal(answer.response.signature, toBase64url(bytes(3, 4)));
  assert.equal(answer.response.userHandle, "Bg");
  assert.equal(answer.response.attestationObject, undefined);
  assert.equal(answer.authenticatorAttachment, null);
  assert.deepEqual(answer.clientExtensionResults, {});
});

test("refusals: a taken name, a wrong password, the wait of too many attempts in minutes", () => {
  assert.deepEqual(refusal("sign_up", 409, "the name 'Anna' is taken", null), ["name_taken", null]);
  assert.deepEqual(refusal("sign_in", 401, "wrong name or password", null), ["wrong_password", null]);
  assert.deepEqual(refusal("passkey", 401, "this passkey is not known here", null), ["passkey_refused", null]);
  assert.deepEqual(refusal("sign_in", 429, "too many", "900"), ["too_many", 15]);
  assert.deepEqual(refusal("sign_in", 429, "too many", "61"), ["too_many", 2]);
  assert.deepEqual(refusal("sign_up", 429, "too many", "60"), ["too_many_new", null]);
  assert.deepEqual(refusal("sign_up", 422, "a password has at least 8 characters", null), ["invalid", "a password has at least 8 characters"]);
  assert.deepEqual(refusal("sign_in", 0, undefined, null), ["offline", null]);
  assert.deepEqual(refusal("passkey", -1, undefined, null), ["passkey_cancelled", null]);
  assert.deepEqual(refusal("sign_in", 500, "boom", null), ["other", "boom"]);
  assert.deepEqual(refusal("sign_in", 502, undefined, null), ["other", "502"]);
});

test("the wait is at least a minute, whatever the header says", () => {
  assert.equal(waitMinutes("1"), 1);
  assert.equal(waitMinutes("120"), 2);
  assert.equal(waitMinutes(null), 1);
  assert.equal(waitMinutes("soon"), 1);
});

test("a claim names each remembered table and token once, and skips broken entries", () => {
  const body = claimBody([
    { id: "t1", token: "a", seat: 0 }, { id: "t1", token: "a", seat: 0 }, { id: "t1", token: "b", seat: 1 },
    { id: "t2", token: 5 }, null, { id: "t3", token: "c" },
  ]);
  assert.deepEqual(body, { tables: [{ table_id: "t1", token: "a" }, { table_id: "t1", token: "b" }, { table_id: "t3", token: "c" }] });
  assert.deepEqual(claimBody([]), { tables: [] });
});

test("a name and password are checked as the server would before they are sent", () => {
  assert.equal(checkSignUp("Анна", "eight ch"), null);
  assert.equal(checkSignUp("  Anna   Karenina ", null), null, "spaces fold; a passkey needs no password");
  assert.equal(checkSignUp("Jo", "long enough"), "name_invalid");
  assert.equal(checkSignUp("J  o", "long enough"), null, "folded as the server folds it: 'J o', three characters");
  assert.equal(checkSignUp("J   ", "long enough"), "name_invalid");
  assert.equal(checkSignUp("x".repeat(25), "long enough"), "name_invalid");
  assert.equal(checkSignUp("x".repeat(24), "long enough"), null);
  assert.equal(checkSignUp("Anna!", "long enough"), "name_invalid");
  assert.equal(checkSignUp("Anna_K-2", "seven c"), "password_short");
  assert.equal(checkSignUp("Anna_K-2", ""), "password_short");
});

/* A stand-in for the browser's storage and fetch: every request kept, answers given in turn. */
function fakeBrowser(answers) {
  const stored = new Map();
  globalThis.localStorage = {
    getItem: (key) => (stored.has(key) ? stored.get(key) : null),
    setItem: (key, value) => stored.set(key, String(value)),
    removeItem: (key) => stored.delete(key),
  };
  const sent = [];
  globalThis.fetch = async (url, init) => {
    sent.push({ url, ...init });
    const [status, body] = answers.shift();
    return { ok: status < 300, status, json: async () => body, headers: { get: (name) => (name === "retry-after" && status === 429 ? "120" : null) } };
  };
  return sent;
}

test("a guest's browser is not asked who it is; once signed in, changes carry the CSRF token", async () => {
  const account = { name: "Anna", public_profile: false };
  const sent = fakeBrowser([[200, { account, csrf_token: "tok-1" }], [200, { account, csrf_token: "tok-1" }], [200, {}], [200, { sessions_ended: 1 }]]);
  assert.equal(await whoAmI(), null);
  assert.equal(sent.length, 0);
  const signed = await signIn("Anna", "a password");
  assert.equal(signed.ok, true);
  assert.equal(sent[0].headers["x-csrf-token"], undefined, "no token before there is one");
  assert.deepEqual(await whoAmI(), account);
  assert.equal(sent[1].method, "GET");
  assert.equal(sent[1].headers["x-csrf-token"], undefined, "a GET changes nothing and needs none");
  await call("POST", "/api/me/tables", { tables: [] });
  assert.equal(sent[2].headers["x-csrf-token"], "tok-1");
  assert.equal(sent[2].headers["content-type"], "application/json");
  await signOut();
  assert.equal(sent[3].method, "DELETE");
  assert.equal(sent[3].headers["x-csrf-token"], "tok-1");
  assert.equal(await whoAmI(), null, "signed out: not asked again");
  assert.equal(sent.length, 4);
});

test("a refused answer keeps its status and the seconds to wait; no server is status 0", async () => {
  fakeBrowser([[429, { detail: "too many failed sign-ins" }]]);
  const answer = await signIn("Anna", "wrong");
  assert.deepEqual([answer.ok, answer.status, answer.retryAfter], [false, 429, "120"]);
  globalThis.fetch = async () => { throw new TypeError("offline"); };
  assert.equal((await signIn("Anna", "wrong")).status, 0);
});
