"""Schemathesis hooks for run.py: every request is made as a signed-in user, by bearer token.

A fuzzed /v1/logout or /v1/logout-all ends the session the run signs in with; on a 401 Schemathesis
asks for a new token, and this signs in again. Each sign-in names a fresh client address in
X-Forwarded-For (the server trusts 127.0.0.1 as a proxy in this run), so the fuzzer's failed
sign-ins from 127.0.0.1 never throttle the run's own.
"""
import itertools
import json
import os
import urllib.request

import schemathesis

BASE = os.environ["LATCHKEY_CONTRACT_BASE"]
USERNAME = os.environ["LATCHKEY_CONTRACT_USER"]
PASSWORD = os.environ["LATCHKEY_CONTRACT_PASSWORD"]
ADDRESSES = (f"198.51.100.{n % 250 + 1}" for n in itertools.count())


def sign_in():
    body = json.dumps({"username": USERNAME, "password": PASSWORD}).encode()
    request = urllib.request.Request(BASE + "/v1/login", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Forwarded-For", next(ADDRESSES))
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())["token"]


@schemathesis.auth(refresh_interval=3600)
class SignedIn:
    def get(self, case, context):
        return sign_in()

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
