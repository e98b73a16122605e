#!/usr/bin/env python3
"""The contract run: latchkey-server fuzzed by Schemathesis against its own OpenAPI document.

Starts latchkey-server (open registration, the plain-HTTP cookie) on a free port over a temporary
SQLite file, and again over a throwaway PostgreSQL server when its binaries are installed; registers
a user and makes it an administrator (`latchkey admin roles`, so the admin routes are fuzzed past
their 403); and runs `schemathesis run <server>/v1/openapi.json` with every check, a few cases
per operation, every request carrying that user's bearer token (hooks.py). Fails when Schemathesis
finds anything: a 5xx, or an answer the document does not describe.

Usage: python3 run.py [--binary PATH] [--cli PATH] [--engine sqlite|postgresql|both] [--max-examples N]
Needs Schemathesis 4 (PyPI: pip install 'schemathesis>=4,<5') on PATH, or --schemathesis PATH.
"""
import argparse
import collections
import contextlib
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(PACKAGE)))
USERNAME = "contract"
PASSWORD = "fuzzing the server with a long passphrase"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post(base, path, body, address):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Forwarded-For", address)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until_up(base, server):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"contract: latchkey-server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(base + "/ready", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    sys.exit("contract: latchkey-server did not become ready")


class Postgres:
    """A throwaway PostgreSQL server on a Unix socket in a temporary folder (as the tests start one)."""

    def __init__(self):
        bin_dir = os.environ.get("LATCHKEY_POSTGRES_BIN")
        if not bin_dir:
            found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                           key=lambda path: int(path.split("/")[-3]))
            bin_dir = os.path.dirname(found[-1]) if found else None
        self.bin = bin_dir
        self.folder = None

    def available(self):
        return bool(self.bin) and os.path.exists(os.path.join(self.bin, "initdb"))

    def run(self, tool, *arguments):
        as_server_user = ["/usr/sbin/runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        subprocess.run(as_server_user + [os.path.join(self.bin, tool), *arguments], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    def start(self):
        self.folder = tempfile.mkdtemp(prefix="latchkey-contract-pg-")
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        data = self.folder + "/data"
        self.run("initdb", "-D", data, "-U", "latchkey", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        settings = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
        self.run("pg_ctl", "-D", data, "-l", self.folder + "/server.log", "-w", "-o", settings, "start")
        return f"postgresql:///postgres?host={self.folder}&user=latchkey"

    def stop(self):
        if self.folder:
            self.run("pg_ctl", "-D", self.folder + "/data", "-m", "immediate", "stop")
            shutil.rmtree(self.folder, ignore_errors=True)


# A running server: its port and database, the temporary folder it was started in, and `log()`,
# the last 20,000 characters it wrote.
Started = collections.namedtuple("Started", "port database folder log")


@contextlib.contextmanager
def running_server(engine, binary, prefix, arguments):
    """latchkey-server on a free port over a temporary SQLite file, or over a throwaway PostgreSQL
    server for engine "postgresql", started with `arguments(port, folder)` beside --listen and
    --database, up when this yields, and stopped (its folder and PostgreSQL removed) afterwards."""
    folder = tempfile.mkdtemp(prefix=prefix)
    postgres = Postgres() if engine == "postgresql" else None
    database = postgres.start() if postgres else os.path.join(folder, "users.sqlite3")
    port = free_port()
    log = open(os.path.join(folder, "server.log"), "w")
    server = subprocess.Popen([binary, "--listen", f"127.0.0.1:{port}", "--database", database,
                               *arguments(port, folder)], stdout=log, stderr=subprocess.STDOUT)

    def written():
        log.flush()
        with open(os.path.join(folder, "server.log")) as output:
            return output.read()[-20000:]

    try:
        wait_until_up(f"http://127.0.0.1:{port}", server)
        yield Started(port, database, folder, written)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        if postgres:
            postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


def contract(engine, options):
    def arguments(port, folder):
        # 127.0.0.1 is a trusted proxy here so that the run's own sign-ins can name other addresses
        # (hooks.py); the fuzzer's requests name none and count as 127.0.0.1's.
        return ["--registration", "open", "--insecure-cookie", "--trusted-proxy", "127.0.0.1",
                # A delivery that drops the messages: without one, the reset and verification
                # requests answer 503 (by design) and go untested.
                "--deliver-command", "cat >/dev/null",
                # A public origin turns passkeys on, so their routes are fuzzed past the not_found
                # they answer while passkeys are off.
                "--public-origin", f"http://localhost:{port}"]

    with running_server(engine, options.binary, "latchkey-contract-", arguments) as started:
        base = f"http://127.0.0.1:{started.port}"
        status = post(base, "/v1/register", {"username": USERNAME, "password": PASSWORD}, "198.51.100.254")
        if status != 201:
            sys.exit(f"contract: registering the run's user answered {status}")
        # The operator's own tool, on the server's database and key, grants the role (and restores
        # the account in hooks.py when the fuzzer, as its administrator, disables or deletes it).
        subprocess.run([options.cli, "--database", started.database, "admin", "roles", USERNAME, "--add", "admin"],
                       check=True, stdout=subprocess.DEVNULL)
        environment = dict(os.environ, SCHEMATHESIS_HOOKS=os.path.join(HERE, "hooks.py"),
                           LATCHKEY_CONTRACT_BASE=base, LATCHKEY_CONTRACT_USER=USERNAME,
                           LATCHKEY_CONTRACT_PASSWORD=PASSWORD, LATCHKEY_CONTRACT_CLI=options.cli,
                           LATCHKEY_CONTRACT_DATABASE=started.database)
        command = [options.schemathesis, "--config-file", os.path.join(HERE, "schemathesis.toml"), "run",
                   base + "/v1/openapi.json", "--max-examples", str(options.max_examples),
                   "--seed", str(options.seed), "--workers", "1", "--no-color",
                   "--report", "junit", "--report-dir", os.path.join(started.folder, "report")]
        print(f"contract ({engine}): {' '.join(command)}", flush=True)
        # In the temporary folder, where Schemathesis leaves its cache.
        result = subprocess.run(command, env=environment, cwd=started.folder)
        if result.returncode != 0:
            print(f"contract ({engine}): the server's log follows", flush=True)
            sys.stdout.write(started.log())
        return result.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(PACKAGE, ".build", "debug", "latchkey-server"))
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build", "debug", "latchkey"))
    parser.add_argument("--engine", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--max-examples", type=int, default=10, help="cases per operation and phase")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--schemathesis", default=shutil.which("schemathesis") or "schemathesis")
    options = parser.parse_args()
    engines = ["sqlite", "postgresql"] if options.engine == "both" else [options.engine]
    if "postgresql" in engines and not Postgres().available():
        if options.engine == "postgresql":
            sys.exit("contract: no PostgreSQL server binaries (set LATCHKEY_POSTGRES_BIN)")
        print("contract: no PostgreSQL server binaries: SQLite only", flush=True)
        engines.remove("postgresql")
    failed = [engine for engine in engines if contract(engine, options) != 0]
    if failed:
        sys.exit(f"contract: Schemathesis found failures on {', '.join(failed)}")
    print("contract: no failures on " + ", ".join(engines))


if __name__ == "__main__":
    main()
