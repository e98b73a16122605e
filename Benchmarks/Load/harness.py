"""What the load script and its profile share: a latchkey-server on a fresh SQLite file, requests,
and wrk runs."""
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGE = os.path.join(ROOT, "Integrations", "Hummingbird", "LatchkeyHummingbird")
PASSWORD = "load test passphrase, long enough"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_binary():
    binary = os.path.join(PACKAGE, ".build", "release", "latchkey-server")
    if not os.path.exists(binary):
        subprocess.run(["swift", "build", "-c", "release", "--package-path", PACKAGE], check=True,
                       stdout=sys.stderr)
    return binary


def call(base, method, path, body=None, token=None):
    """(status, parsed JSON body) of one request."""
    request = urllib.request.Request(base + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None


def wrk(url, script, seconds, connections, threads=2, env=None, watch=None):
    """wrk's summary (report.lua's JSON line) for one run; `watch` (a Sched and a role) samples wrk's
    threads while it runs."""
    command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "30s",
               "--latency", "-s", os.path.join(HERE, script), url]
    environment = dict(os.environ, LATCHKEY_LOAD_DIR=HERE, **(env or {}))
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    if watch:
        watch[0].watch(process.pid, watch[1])
    output, errors = process.communicate()
    if process.returncode != 0:
        sys.exit(f"load: wrk failed ({process.returncode}): {errors.strip()}")
    line = next(line for line in output.splitlines() if line.startswith("LOAD "))
    summary = json.loads(line[5:])
    summary["rps"] = summary["requests"] / summary["seconds"]
    return summary


def start_server(binary, folder, name, env=None):
    """A latchkey-server on a fresh SQLite file with the load user registered: (process, base URL, log)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(folder, name + ".log"), "w")
    server = subprocess.Popen([binary, "--listen", f"127.0.0.1:{port}", "--registration", "open", "--database",
                               os.path.join(folder, name + ".sqlite3")], stdout=log, stderr=log,
                              env=dict(os.environ, **(env or {})))
    for _ in range(400):
        try:
            if call(base, "GET", "/ready")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.05)
    else:
        sys.exit(f"load: latchkey-server ({name}) did not become ready")
    status, _ = call(base, "POST", "/v1/register", {"username": "loaduser", "password": PASSWORD})
    assert status == 201, f"register answered {status}"
    return server, base, log


def stop_server(server, log):
    server.terminate()
    exit_status = server.wait(timeout=30)
    log.close()
    return exit_status


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def health_phase(base, connections, seconds, busy, probe=None):
    """/health under wrk at `connections` for `seconds`, alone or (`busy`) while 8 connections sign in
    without pause, started a second earlier so the hashing lane is full: (wrk's summary, the sign-in
    wrk's or {}). `probe` (watch(pid, role), start(), stop()) watches both wrk processes and measures
    the /health run's window."""
    signing = {}
    sign_in_thread = None
    if busy:
        body = json.dumps({"username": "loaduser", "password": PASSWORD})
        sign_in_thread = threading.Thread(target=lambda: signing.update(
            wrk(base + "/v1/login", "sign_in.lua", seconds + 2, 8, threads=1, env={"LATCHKEY_LOGIN_BODY": body},
                watch=(probe, "sign-in wrk") if probe else None)))
        sign_in_thread.start()
        time.sleep(1)  # let the sign-ins fill the hashing lane first
    if probe:
        probe.start()
    health = wrk(base + "/health", "get.lua", seconds, connections, threads=1,
                 watch=(probe, "/health wrk") if probe else None)
    if probe:
        probe.stop()
    if sign_in_thread:
        sign_in_thread.join()
    return health, signing
