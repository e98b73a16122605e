"""What the OpenID provider runs share: latchkey-server with its provider on, the operator's CLI on
the same database (a user, clients, key rotation), a browser of plain HTTP requests with cookies (sign
in at /login, consent), and the lines every check prints.

Used by relying_parties.py (Authlib as the relying party) and hostile.py (a client that cheats).
"""
import base64
import contextlib
import hashlib
import hmac
import html.parser
import json
import os
import subprocess
import sys
import time
import urllib.parse

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Contract"))
from run import PACKAGE, ROOT, Postgres, running_server  # noqa: E402,F401

USERNAME = "olive"
PASSWORD = "an openid relying party's long passphrase"
EMAIL = "olive@example.com"
OTHER_USERNAME = "otto"
# Where the clients say they live: never contacted (the browser reads the redirect, never follows it).
HTTPS_CALLBACK = "https://rp.example/callback"
LOOPBACK_CALLBACK = "http://127.0.0.1:8765/callback"
TIMEOUT = 30


def b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def jwt_parts(token):
    """A compact JWS's header and payload, decoded, and its signature's bytes (nothing verified)."""
    header, payload, signature = token.split(".")
    return json.loads(unb64url(header)), json.loads(unb64url(payload)), unb64url(signature)


def query(location):
    """The query parameters of a redirect's Location, each name once."""
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query, keep_blank_values=True))


class Checks:
    """Each check prints one line, `ok: …` or `FAILED: …`, and a failure is remembered (the run
    goes on, so one report names every failure)."""

    def __init__(self, label):
        self.label = label
        self.failures = []

    def check(self, condition, what, detail=""):
        if condition:
            print(f"  ok: {what}", flush=True)
        else:
            self.failures.append(what)
            print(f"  FAILED: {what}" + (f" ({detail})" if detail else ""), flush=True)
        return bool(condition)

    def known(self, condition, what, detail=""):
        """A defect the provider is known to have: shown on every run, never failing it, and shown as
        fixed when it is (then it belongs in `check`)."""
        if condition:
            print(f"  ok (a known defect no longer seen: make it a check): {what}", flush=True)
        else:
            print(f"  known defect: {what}" + (f" ({detail})" if detail else ""), flush=True)
        return bool(condition)

    def report(self, text):
        """A figure or a fact for the log: never a pass or a fail."""
        print(f"  report: {text}", flush=True)

    @contextlib.contextmanager
    def group(self, name):
        """A group of checks that stops at its first exception, recorded as one failure."""
        print(f"{self.label}: {name}", flush=True)
        try:
            yield
        except Exception as error:  # noqa: BLE001 (any surprise is a failure of the group)
            self.check(False, f"{name}: stopped by {type(error).__name__}: {error}")


class Forms(html.parser.HTMLParser):
    """The forms of a page: their action, method, inputs and buttons."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if tag == "form":
            self.forms.append({"action": attributes.get("action") or "",
                               "method": (attributes.get("method") or "get").lower(), "inputs": [], "buttons": []})
        elif self.forms and tag == "input" and attributes.get("name"):
            self.forms[-1]["inputs"].append(attributes)
        elif self.forms and tag == "button":
            self.forms[-1]["buttons"].append(attributes)

    @classmethod
    def of(cls, text):
        parser = cls()
        parser.feed(text)
        return parser.forms


class Unexpected(Exception):
    """An answer the browser did not expect on its way through the flow."""

    def __init__(self, what, response):
        super().__init__(f"{what}: {response.request.method} {response.request.url} answered {response.status_code} "
                         f"{response.headers.get('Location', '')} {response.text[:300]!r}")
        self.response = response


class Browser:
    """A person's browser, as plain HTTP: cookies kept, redirects read rather than followed."""

    def __init__(self, provider, username=USERNAME, password=PASSWORD, second_factor=None):
        self.provider = provider
        self.username = username
        self.password = password
        # Answers the second-factor step's code, when the account has one.
        self.second_factor = second_factor
        self.session = requests.Session()
        self.sign_ins = 0
        self.consents = 0

    def get(self, url):
        return self.session.get(url, allow_redirects=False, timeout=TIMEOUT)

    def post_form(self, action, fields, base):
        # The page's own origin, as a browser sends it (the server's cross-origin check).
        return self.session.post(urllib.parse.urljoin(base, action or base), data=fields, allow_redirects=False,
                                 headers={"Origin": self.provider.issuer}, timeout=TIMEOUT)

    def authorize(self, url, decision="allow"):
        """Goes through GET `url` (an authorization request) as a person would: signs in when sent to
        /login, answers the consent page with `decision`; answers the Location of the redirect that
        leaves the provider (to the client), not followed. Raises Unexpected on anything else."""
        response = self.get(url)
        for _ in range(8):
            if response.status_code in (301, 302, 303, 307):
                location = urllib.parse.urljoin(response.url, response.headers["Location"])
                if not location.startswith(self.provider.issuer + "/"):
                    return location
                if urllib.parse.urlsplit(location).path == "/login":
                    response = self.sign_in(location)
                else:
                    response = self.get(location)
            elif response.status_code == 200 and self.consent_form(response.text):
                form = self.consent_form(response.text)
                fields = {field["name"]: field.get("value", "") for field in form["inputs"]}
                fields["decision"] = decision
                self.consents += 1
                response = self.post_form(form["action"], fields, response.url)
            else:
                raise Unexpected("the authorization request", response)
        raise Unexpected("too many steps", response)

    @staticmethod
    def consent_form(text):
        for form in Forms.of(text):
            if any(button.get("name") == "decision" for button in form["buttons"]):
                return form
        return None

    def answer_second_factor(self, page):
        for form in Forms.of(page.text):
            names = {field["name"]: field.get("value", "") for field in form["inputs"]}
            if "code" in names:
                names["code"] = self.second_factor()
                return self.post_form(form["action"] or "/login", names, page.url)
        raise Unexpected("no second-factor form after the password", page)

    def sign_in(self, login_url):
        page = self.get(login_url)
        if page.status_code != 200:
            raise Unexpected("the sign-in page", page)
        for form in Forms.of(page.text):
            names = {field["name"]: field.get("value", "") for field in form["inputs"]}
            if "password" in names:
                names.update(username=self.username, password=self.password)
                self.sign_ins += 1
                answer = self.post_form(form["action"] or "/login", names, page.url)
                if answer.status_code == 200 and self.second_factor:
                    answer = self.answer_second_factor(answer)
                if answer.status_code != 303:
                    raise Unexpected("signing in", answer)
                return answer
        raise Unexpected("no password form on the sign-in page", page)


class Provider:
    """The running server as an OpenID provider, and its operator's CLI."""

    def __init__(self, started, cli, key_file):
        self.started = started
        self.cli_path = cli
        self.key_file = key_file
        self.issuer = f"http://127.0.0.1:{started.port}"
        self.metadata = None

    def cli(self, *arguments, stdin=None, json_output=True, session_file=None):
        command = [self.cli_path, "--database", self.started.database, *arguments] + (["--json"] if json_output else [])
        environment = dict(os.environ, LATCHKEY_SECRET_KEY_FILE=self.key_file)
        if session_file:
            environment["LATCHKEY_SESSION_FILE"] = session_file
        result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, env=environment)
        if result.returncode != 0:
            raise RuntimeError(f"latchkey {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
        return json.loads(result.stdout) if json_output and result.stdout.strip() else result.stdout

    def add_client(self, name, redirect_uris, public=False, first_party=False,
                   scopes=("profile", "email", "roles"), post_logout_uris=()):
        """Registers a client: its ID and secret (None for a public client)."""
        arguments = ["clients", "add", name]
        for uri in redirect_uris:
            arguments += ["--redirect-uri", uri]
        for uri in post_logout_uris:
            arguments += ["--post-logout-redirect-uri", uri]
        for scope in scopes:
            arguments += ["--scope", scope]
        if public:
            arguments.append("--public")
        if first_party:
            arguments.append("--first-party")
        added = self.cli(*arguments)
        return added["client"]["client_id"], added.get("client_secret")

    def recent_events(self, username):
        """The kinds of the account's latest events in its history (`latchkey admin show`)."""
        return [event["kind"] for event in self.cli("admin", "show", username)["events"]]

    def discover(self):
        if self.metadata is None:
            answer = requests.get(self.issuer + "/.well-known/openid-configuration", timeout=TIMEOUT)
            answer.raise_for_status()
            self.metadata = answer.json()
        return self.metadata

    def endpoint(self, name):
        return self.discover()[name]

    def jwks(self):
        answer = requests.get(self.endpoint("jwks_uri"), timeout=TIMEOUT)
        answer.raise_for_status()
        return answer.json()


def totp(secret, steps_ahead=0):
    """RFC 6238's code (SHA-1, 6 digits, 30 s) for a base32 `secret`, `steps_ahead` steps from now."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    counter = int(time.time()) // 30 + steps_ahead
    digest = hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(int.from_bytes(digest[offset:offset + 4], 'big') & 0x7FFFFFFF) % 1_000_000:06d}"


def server_arguments(key_file):
    """latchkey-server's arguments for a run: the provider on (a public origin), cheap password
    hashing, room for the refusals before a lock, and the key file the CLI uses too."""

    def arguments(port, folder):
        config = os.path.join(folder, "latchkey.json")
        with open(config, "w") as file:
            json.dump({"server": {"secretKeyFile": key_file},
                       "policy": {"maximumFailedLogins": 20,
                                  "passwordHashing": {"memoryKibibytes": 1024, "iterations": 1}}}, file)
        # 127.0.0.1 is a trusted proxy so that the throttle's checks can name other addresses
        # (X-Forwarded-For); every other request counts as 127.0.0.1's.
        return ["--config", config, "--registration", "open", "--insecure-cookie", "--trusted-proxy", "127.0.0.1",
                "--public-origin", f"http://127.0.0.1:{port}"]

    return arguments


def seed_user(provider):
    """The person who signs in (a password, an email, the role admin), and another one."""
    provider.cli("register", USERNAME, "--email", EMAIL, "--name", "Olive Idc", "--password-stdin",
                 stdin=PASSWORD + "\n")
    provider.cli("admin", "roles", USERNAME, "--add", "admin")
    provider.cli("register", OTHER_USERNAME, "--password-stdin", stdin=PASSWORD + "\n")
