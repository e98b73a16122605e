#!/usr/bin/env python3
"""Passkeys against the real server, with an authenticator Latchkey did not write.

Starts latchkey-server (as Tests/Contract/run.py does: a temporary SQLite file, then a throwaway
PostgreSQL server when its binaries are installed) with a public origin of http://localhost:PORT,
and drives the JSON routes with soft-webauthn (PyPI), a software authenticator of its own
(python-fido2's CBOR and COSE, cryptography's P-256): a user enrols a passkey, then signs in with it
without a username, into the session cookie, which /v1/me takes. And the refusals: a registration
from another origin, a used registration challenge, a credential ID registered to another user, a
registration for another RP ID, a key of an algorithm not offered (ES384), a replayed assertion (its
challenge used), one user's credential presented with another user's handle, a signature counter
gone backwards (flagged on the passkey), a tampered signature and an assertion from another origin.
(An expired challenge needs a clock the test moves: the Swift suites check it.)

What Latchkey accepts is verified again by a relying-party library Latchkey did not write, py_webauthn
(PyPI: webauthn): the registration against the options Latchkey issued (challenge, origin, RP ID),
and the first sign-in's assertion with the public key py_webauthn took from that registration; the
tampered signature Latchkey refuses, py_webauthn refuses too.

Usage: python3 soft_authenticator.py [--binary PATH] [--engine sqlite|postgresql|both]
Needs soft-webauthn and webauthn (pip install soft-webauthn webauthn) importable by this Python.
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

from cryptography.hazmat.primitives.asymmetric import ec
from fido2 import cbor
from soft_webauthn import SoftWebauthnDevice
from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse

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


def second_user(client):
    """Registers and signs in a second user; answers the session token."""
    status, _ = client.call("POST", "/v1/register", {"username": "other", "password": PASSWORD})
    check(status == 201, "registered a second user")
    return client.call("POST", "/v1/login", {"username": "other", "password": PASSWORD})[1]["token"]


def rebuilt(made, credential_id=None, cose_key=None):
    """A `none`-attested registration (nothing signs it) with its credential ID or public key
    replaced, as a forger would send it."""
    attestation = cbor.decode(unb64url(made["response"]["attestationObject"]))
    data = attestation["authData"]
    length = int.from_bytes(data[53:55], "big")
    old_id, old_key = data[55:55 + length], data[55 + length:]
    new_id = credential_id or old_id
    data = data[:53] + len(new_id).to_bytes(2, "big") + new_id + (cose_key or old_key)
    attestation["authData"] = data
    made = copy.deepcopy(made)
    made["response"]["attestationObject"] = b64url(cbor.encode(attestation))
    made["id"] = made["rawId"] = b64url(new_id)
    return made


def p384_cose_key():
    """An ES384 (P-384) COSE key, an algorithm Latchkey does not offer."""
    numbers = ec.generate_private_key(ec.SECP384R1()).public_key().public_numbers()
    return cbor.encode({1: 2, 3: -35, -1: 2, -2: numbers.x.to_bytes(48, "big"), -3: numbers.y.to_bytes(48, "big")})


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
    try:
        registered = verify_registration_response(
            credential=made, expected_challenge=unb64url(options["challenge"]), expected_rp_id=options["rp"]["id"],
            expected_origin=origin,
            require_user_verification=options["authenticatorSelection"]["userVerification"] == "required")
    except InvalidRegistrationResponse as refusal:
        raise AssertionError(f"py_webauthn refuses the registration Latchkey accepted: {refusal}")
    check(registered.credential_id == unb64url(made["rawId"]), "py_webauthn verifies the registration Latchkey accepted")
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "again", "credential": made}, token)
    check(status == 400 and "challenge" in error["error"]["message"], "a reused registration challenge: 400")

    stranger = SoftWebauthnDevice()
    status, options = client.call("POST", "/v1/passkeys/register/options", {}, token)
    elsewhere = credential(stranger.create(creation(options), "https://evil.example"))
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "evil", "credential": elsewhere}, token)
    check(status == 400 and "another origin" in error["error"]["message"], "a registration from another origin: 400")

    # The same credential, the wrong relying party, an algorithm not offered, another account's.
    other_token = second_user(client)
    status, options = client.call("POST", "/v1/passkeys/register/options", {}, other_token)
    twice = rebuilt(credential(SoftWebauthnDevice().create(creation(options), origin)), credential_id=device.credential_id)
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "twice", "credential": twice}, other_token)
    check(status == 400 and "registered already" in error["error"]["message"],
          "a credential ID registered to another user: 400")

    status, options = client.call("POST", "/v1/passkeys/register/options", {}, other_token)
    wrong_rp = copy.deepcopy(options)
    wrong_rp["rp"]["id"] = "example.com"
    made_elsewhere = credential(SoftWebauthnDevice().create(creation(wrong_rp), origin))
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "rp", "credential": made_elsewhere},
                                other_token)
    check(status == 400 and "another relying party" in error["error"]["message"],
          "a registration for another RP ID: 400")

    status, options = client.call("POST", "/v1/passkeys/register/options", {}, other_token)
    offered = [parameter["alg"] for parameter in options["pubKeyCredParams"]]
    p384 = rebuilt(credential(SoftWebauthnDevice().create(creation(options), origin)), cose_key=p384_cose_key())
    status, error = client.call("POST", "/v1/passkeys/register", {"name": "p384", "credential": p384}, other_token)
    check(-35 not in offered and status == 400 and "algorithm -35" in error["error"]["message"],
          "a key of an algorithm not offered (ES384): 400")

    other_device = SoftWebauthnDevice()
    status, options = client.call("POST", "/v1/passkeys/register/options", {}, other_token)
    other_handle = options["user"]["id"]
    other_made = credential(other_device.create(creation(options), origin))
    status, _ = client.call("POST", "/v1/passkeys/register", {"name": "other", "credential": other_made}, other_token)
    check(status == 201, "the second user registers a passkey of their own")

    def asked(from_origin=origin):
        """An assertion, and the request options it answers."""
        _, options = client.call("POST", "/v1/passkeys/login/options", {})
        return credential(device.get(request(options), from_origin)), options

    def assertion(from_origin=origin):
        return asked(from_origin)[0]

    def py_webauthn_refusal(signed, options):
        """py_webauthn's reason for refusing an assertion, with the key it took; None when it verifies."""
        try:
            verify_authentication_response(
                credential=signed, expected_challenge=unb64url(options["challenge"]), expected_rp_id=options["rpId"],
                expected_origin=origin, credential_public_key=registered.credential_public_key,
                credential_current_sign_count=registered.sign_count,
                require_user_verification=options["userVerification"] == "required")
            return None
        except InvalidAuthenticationResponse as refusal:
            return str(refusal)

    signed, signed_options = asked()
    status, answer = client.call("POST", "/v1/passkeys/login", {"credential": signed, "cookie": True})
    check(status == 200 and answer["signed_in"] and "token" not in answer, "a passwordless sign-in into the cookie")
    refusal = py_webauthn_refusal(signed, signed_options)
    check(refusal is None, "py_webauthn verifies the assertion Latchkey accepted" + (f": {refusal}" if refusal else ""))
    check(any(cookie.name == "latchkey" for cookie in client.cookies), "the session cookie is set")
    status, me = client.call("GET", "/v1/me")
    check(status == 200 and me["username"] == USERNAME, "/v1/me through the cookie")
    client.cookies.clear()

    status, error = client.call("POST", "/v1/passkeys/login", {"credential": signed})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "a replayed assertion: 401")

    status, error = client.call("POST", "/v1/passkeys/login", {"credential": assertion("https://evil.example")})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "an assertion from another origin: 401")

    # The first user's credential presented as the second user's (their user handle): refused.
    borrowed = assertion()
    borrowed["response"]["userHandle"] = other_handle
    status, error = client.call("POST", "/v1/passkeys/login", {"credential": borrowed})
    check(status == 401 and error["error"]["code"] == "invalid_credentials",
          "an assertion of one user's credential for another user: 401")

    tampered, tampered_options = asked()
    untouched = copy.deepcopy(tampered)
    signature = bytearray(unb64url(tampered["response"]["signature"]))
    signature[-1] ^= 0x01
    tampered["response"]["signature"] = b64url(bytes(signature))
    status, error = client.call("POST", "/v1/passkeys/login", {"credential": tampered})
    check(status == 401 and error["error"]["code"] == "invalid_credentials", "a tampered signature: 401")
    # The same assertion before the flipped bit verifies: the refusal is the signature's.
    check(py_webauthn_refusal(untouched, tampered_options) is None, "py_webauthn verifies it untampered")
    refusal = py_webauthn_refusal(tampered, tampered_options)
    check(refusal is not None and "signature" in refusal, f"py_webauthn refuses the tampered signature ({refusal})")

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
