#!/usr/bin/env python3
"""Passkeys against the real server, with an authenticator Latchkey did not write.

Starts latchkey-server (as Tests/Contract/run.py does: a temporary SQLite file, then a throwaway
PostgreSQL server when its binaries are installed) with a public origin of http://localhost:PORT,
and drives the JSON routes with soft-webauthn (PyPI), a software authenticator of its own
(python-fido2's CBOR and COSE, cryptography's P-256): a user enrols a passkey, then signs in with it
without a username, into the session cookie, which /v1/me takes. And the refusals: a registration
from another origin, a replayed assertion (its challenge used), a signature counter gone backwards
(flagged on the passkey), a tampered signature and an assertion from another origin.

Usage: python3 soft_authenticator.py [--binary PATH] [--engine sqlite|postgresql|both]
Needs soft-webauthn (pip install soft-webauthn) importable by this Python.
"""
import argparse
import base64
import copy
import http.cookiejar
import json
import os
import sys
import urllib.error
import urllib.request

from soft_webauthn import SoftWebauthnDevice

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Contract"))
from run import PACKAGE, Postgres, running_server  # noqa: E402

USERNAME = "passkeys"
PASSWORD = "a software authenticator's long passphrase"


def b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def as_json(value):
    """soft-webauthn's credential (bytes everywhere) as the browser's credential.toJSON()."""
    if isinstance(value, bytes):
        return b64url(value)
    if isinstance(value, dict):
        return {key: as_json(item) for key, item in value.items()}
    return value


def credential(answer):
    answer = dict(answer)
    answer["id"] = b64url(answer["rawId"])
    return as_json(answer)


class Client:
    def __init__(self, base):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def call(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("  ok: " + what, flush=True)


def creation(options):
    """The routes' creation options as soft-webauthn takes them (bytes, under publicKey)."""
    public_key = copy.deepcopy(options)
    public_key["challenge"] = unb64url(options["challenge"])
    public_key["user"]["id"] = unb64url(options["user"]["id"])
    return {"publicKey": public_key}


def request(options):
    public_key = copy.deepcopy(options)
    public_key["challenge"] = unb64url(options["challenge"])
    return {"publicKey": public_key}


def ceremonies(client, origin):
    status, _ = client.call("POST", "/v1/register", {"username": USERNAME, "password": PASSWORD})
    check(status == 201, "registered a user")
    status, signed_in = client.call("POST", "/v1/login", {"username": USERNAME, "password": PASSWORD})
    token = signed_in["token"]

    device = SoftWebauthnDevice()
    status, options = client.call("POST", "/v1/passkeys/register/options", {}, token)
    check(status == 200 and options["rp"]["id"] == "localhost", "creation options for rp localhost")
    made = credential(device.create(creation(options), origin))
    status, passkey = client.call("POST", "/v1/passkeys/register", {"name": "soft", "credential": made}, token)
    check(status == 201 and passkey["name"] == "soft", "the passkey is registered (201)")
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "again", "credential": made}, token)
    check(status == 400 and "challenge" in error["error"]["message"], "a reused registration challenge: 400")

    stranger = SoftWebauthnDevice()
    status, options = client.call("POST", "/v1/passkeys/register/options", {}, token)
    elsewhere = credential(stranger.create(creation(options), "https://evil.example"))
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "evil", "credential": elsewhere}, token)
    check(status == 400 and "another origin" in error["error"]["message"], "a registration from another origin: 400")

    def assertion(from_origin=origin):
        _, options = client.call("POST", "/v1/passkeys/login/options", {})
        return credential(device.get(request(options), from_origin))

    signed = assertion()
    status, answer = client.call("POST", "/v1/passkeys/login", {"credential": signed, "cookie": True})
    check(status == 200 and answer["signed_in"] and "token" not in answer, "a passwordless sign-in into the cookie")
    check(any(cookie.name == "latchkey" for cookie in client.cookies), "the session cookie is set")
    status, me = client.call("GET", "/v1/me")
    check(status == 200 and me["username"] == USERNAME, "/v1/me through the cookie")
    client.cookies.clear()

    status, error = client.call("POST", "/v1/passkeys/login", {"credential": signed})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "a replayed assertion: 401")

    status, error = client.call("POST", "/v1/passkeys/login", {"credential": assertion("https://evil.example")})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "an assertion from another origin: 401")

    tampered = assertion()
    signature = bytearray(unb64url(tampered["response"]["signature"]))
    signature[-1] ^= 0x01
    tampered["response"]["signature"] = b64url(bytes(signature))
    status, error = client.call("POST", "/v1/passkeys/login", {"credential": tampered})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "a tampered signature: 401")

    status, answer = client.call("POST", "/v1/passkeys/login", {"credential": assertion()})
    check(status == 200 and answer.get("token"), "a sign-in with the token in the body")
    device.sign_count = 0
    status, error = client.call("POST", "/v1/passkeys/login", {"credential": assertion()})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "a counter gone backwards: 401")
    status, listed = client.call("GET", "/v1/passkeys", token=token)
    check(status == 200 and listed["passkeys"][0]["counter_went_backwards"], "the passkey is flagged")


def run(engine, binary):
    def arguments(port, folder):
        config = os.path.join(folder, "latchkey.json")
        with open(config, "w") as file:
            # The refusals are failed sign-ins: room for them before the lock.
            json.dump({"policy": {"maximumFailedLogins": 20}}, file)
        return ["--config", config, "--registration", "open", "--insecure-cookie",
                "--public-origin", f"http://localhost:{port}"]

    with running_server(engine, binary, "latchkey-passkeys-", arguments) as started:
        try:
            print(f"passkeys ({engine}):", flush=True)
            ceremonies(Client(f"http://127.0.0.1:{started.port}"), f"http://localhost:{started.port}")
            return 0
        except AssertionError as failure:
            print(f"passkeys ({engine}): FAILED: {failure}; the server's log follows", flush=True)
            sys.stdout.write(started.log())
            return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(PACKAGE, ".build", "debug", "latchkey-server"))
    parser.add_argument("--engine", choices=["sqlite", "postgresql", "both"], default="both")
    options = parser.parse_args()
    engines = ["sqlite", "postgresql"] if options.engine == "both" else [options.engine]
    if "postgresql" in engines and not Postgres().available():
        print("passkeys: no PostgreSQL server binaries: SQLite only", flush=True)
        engines.remove("postgresql")
    failed = [engine for engine in engines if run(engine, options.binary) != 0]
    if failed:
        sys.exit(f"passkeys: failures on {', '.join(failed)}")
    print("passkeys: every ceremony and refusal as expected on " + ", ".join(engines))


if __name__ == "__main__":
    main()
