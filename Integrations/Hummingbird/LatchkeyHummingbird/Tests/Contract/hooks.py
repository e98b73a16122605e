"""Schemathesis hooks for run.py: every request is made by the run's administrator, by bearer token.

A fuzzed /v1/logout or /v1/logout-all ends the session the run signs in with; on a 401 Schemathesis
asks for a new token, and this signs in again. Each sign-in names a fresh client address in
X-Forwarded-For (the server trusts 127.0.0.1 as a proxy in this run), so the fuzzer's failed
sign-ins from 127.0.0.1 never throttle the run's own.

The fuzzer acts as an administrator, so it can disable, re-password, expire or delete the very account
it signs in with. When a sign-in is refused, the operator's CLI on the server's database puts the
account back (registering it again if it was deleted) and the sign-in is tried once more; and when an
admin route answers 403 (the fuzzer took the role away from itself, or expired its password), the
account is put back the same way.
"""
import itertools
import json
import os
import subprocess
import urllib.error
import urllib.request

import schemathesis

BASE = os.environ["LATCHKEY_CONTRACT_BASE"]
USERNAME = os.environ["LATCHKEY_CONTRACT_USER"]
PASSWORD = os.environ["LATCHKEY_CONTRACT_PASSWORD"]
CLI = os.environ["LATCHKEY_CONTRACT_CLI"]
DATABASE = os.environ["LATCHKEY_CONTRACT_DATABASE"]
ADDRESSES = (f"198.51.100.{n % 250 + 1}" for n in itertools.count())


def post(path, body):
    request = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Forwarded-For", next(ADDRESSES))
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def admin(*arguments, password=False):
    return subprocess.run([CLI, "--database", DATABASE, "admin", *arguments],
                          input=(PASSWORD + "\n") if password else None, text=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def restore():
    if admin("enable", USERNAME) != 0:
        post("/v1/register", {"username": USERNAME, "password": PASSWORD})
    admin("set-password", USERNAME, "--password-stdin", password=True)
    admin("mfa-reset", USERNAME)
    admin("unlock", USERNAME)
    admin("roles", USERNAME, "--add", "admin")


def sign_in():
    try:
        return post("/v1/login", {"username": USERNAME, "password": PASSWORD})["token"]
    except (urllib.error.HTTPError, KeyError):
        restore()
        return post("/v1/login", {"username": USERNAME, "password": PASSWORD})["token"]


@schemathesis.hook
def after_call(context, case, response):
    if response.status_code != 403:
        return
    try:
        code = response.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return
    if code == "password_change_required":
        restore()  # which ends the session: the next request answers 401 and signs in again
    elif code == "forbidden" and case.path.startswith("/v1/admin/"):
        admin("roles", USERNAME, "--add", "admin")


@schemathesis.auth(refresh_interval=3600)
class SignedIn:
    def get(self, case, context):
        return sign_in()

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
