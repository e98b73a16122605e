#!/usr/bin/env python3
"""Load on a real latchkey-server (release build, a SQLite file, Argon2id at policy strength),
driven by wrk. Reports, in one run, as ratios measured side by side so a noisy machine cancels out:

  1. /v1/auth with a valid token at 32 connections, requests per second, divided by /health's
     (target >= 0.8): the forward-auth check costs little more than answering at all.
  2. /health p99 at 1 connection while 8 clients sign in continuously, divided by /health p99
     idle (target <= 2): hashing never starves the request threads. The same at 4 connections is
     reported beside it (a closed loop there: wrk and the server fill the cores they are given).
  3. Sign-ins per second at 8 clients, against a second server process of the same build whose
     Argon2id maps its memory for every hash (LATCHKEY_HASH_MEMORY=per-hash; target >= 1.6), and
     against Argon2id verifies alone on as many threads as the server hashes on (target >= 0.9,
     with --bare-verify-binary: LatchkeyBench, whose `--bare-verify` uses Latchkey's own hasher).
  4. 200 simultaneous sign-ins: how many were answered 503 (overloaded, at once, instead of
     queueing without bound) and the server's peak RSS.

Usage: python3 Benchmarks/Load/load.py [--seconds N] [--rounds N] [--json | --records]
  [--bare-verify-binary PATH] [--binary PATH] [--profile [--versus PATH]]
Needs wrk (Debian `wrk`); builds latchkey-server in release if it is not built. --records prints
the figures as the benchmark harness's rows (LatchkeyBench merges them into its report).
--profile runs only step 2, at 4 and at 1 /health connection(s), and prints per stage (the /health
wrk's threads, the sign-in wrk's, the server's event loops, Swift concurrency pool and lanes) the
scheduler's figures from /proc: mean run-queue wait per timeslice, timeslices and CPU per second,
idle -> busy; --versus PATH interleaves a second server build round by round (A/B).
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
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


class Sched:
    """Per-thread scheduler statistics of some processes over one window, from the kernel's
    /proc/PID/task/TID/schedstat (time on a CPU, time runnable but waiting for one, timeslices) and
    each thread's name, grouped by role and thread kind; and each core's utilisation (/proc/stat).
    Threads of processes that exit during the window (wrk) are sampled every `interval` seconds, so
    their last fraction of a second is missed: compare rates and means per timeslice, not totals."""

    def __init__(self, interval=0.2):
        self.interval = interval
        self.roles = {}
        self.first, self.last = {}, {}
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.thread = None

    def watch(self, pid, role):
        with self.lock:
            self.roles[pid] = role
        self.sample()

    @staticmethod
    def kind(role, pid, tid, name):
        if role != "server":
            return f"{role} (main)" if tid == pid else f"{role} (worker)"
        if name.startswith("NIO-"):
            return "server event loops (NIO)"
        if "qos" in name:
            return "server Swift concurrency pool"
        for prefix in ("latchkey-hash", "latchkey-db", "latchkey-send"):
            if name.startswith(prefix):
                return "server " + prefix + " lane"
        return "server other"

    def sample(self):
        with self.lock:
            roles = dict(self.roles)
        now = time.monotonic()
        for pid, role in roles.items():
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    with open(f"/proc/{pid}/task/{tid}/schedstat") as stats:
                        on_cpu, waiting, slices = (int(field) for field in stats.read().split()[:3])
                    with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                        text = stat.read()
                except (OSError, ValueError):
                    continue
                name = text[text.index("(") + 1:text.rindex(")")]
                nice = int(text[text.rindex(")") + 2:].split()[16])
                key = (pid, int(tid))
                value = (now, on_cpu, waiting, slices, self.kind(role, pid, int(tid), name), nice)
                with self.lock:
                    self.first.setdefault(key, value)
                    self.last[key] = value

    @staticmethod
    def cpu_times():
        """Per core: (busy, total) jiffies."""
        cores = {}
        with open("/proc/stat") as stat:
            for line in stat:
                if line.startswith("cpu") and line[3].isdigit():
                    fields = [int(field) for field in line.split()[1:]]
                    idle = fields[3] + fields[4]
                    cores[line.split()[0]] = (sum(fields[:8]) - idle, sum(fields[:8]))
        return cores

    def start(self):
        self.started = time.monotonic()
        self.cores = self.cpu_times()
        self.sample()

        def loop():
            while not self.stopping.wait(self.interval):
                self.sample()
        self.thread = threading.Thread(target=loop, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        """{group: {cpu, wait (fractions of a core), slices per second, wait per slice in µs, nice}},
        and each core's busy fraction."""
        self.stopping.set()
        self.thread.join()
        self.sample()
        cores = self.cpu_times()
        groups = {}
        for key, (end, on_cpu, waiting, slices, kind, nice) in self.last.items():
            start, on_cpu0, waiting0, slices0, _, _ = self.first[key]
            group = groups.setdefault(kind, {"cpu_ns": 0, "wait_ns": 0, "slices": 0, "seconds": 0.0,
                                             "threads": 0, "nice": set()})
            group["cpu_ns"] += on_cpu - on_cpu0
            group["wait_ns"] += waiting - waiting0
            group["slices"] += slices - slices0
            group["seconds"] = max(group["seconds"], end - start)
            group["threads"] += 1
            group["nice"].add(nice)
        result = {}
        for kind, group in groups.items():
            seconds = max(group["seconds"], 1e-9)
            result[kind] = {
                "cpu": group["cpu_ns"] / 1e9 / seconds,
                "wait": group["wait_ns"] / 1e9 / seconds,
                "slices_per_second": group["slices"] / seconds,
                "wait_per_slice_us": group["wait_ns"] / 1e3 / group["slices"] if group["slices"] else 0.0,
                "threads": group["threads"],
                "nice": sorted(group["nice"]),
            }
        utilisation = {core: (cores[core][0] - busy) / max(cores[core][1] - total, 1)
                       for core, (busy, total) in self.cores.items() if core in cores}
        return result, utilisation


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def simultaneous_sign_ins(base, count):
    """`count` sign-ins released at once; the number of each status."""
    barrier = threading.Barrier(count)
    statuses = {}
    lock = threading.Lock()

    def one():
        barrier.wait()
        status, _ = call(base, "POST", "/v1/login", {"username": "loaduser", "password": PASSWORD})
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    workers = [threading.Thread(target=one) for _ in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return statuses


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


def bare_verify_rate(binary, seconds, threads):
    """Latchkey's own Argon2id verify alone, per second, on `threads` threads (LatchkeyBench)."""
    output = subprocess.run([binary, "--bare-verify", str(seconds), str(threads)], check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)["verifies_per_second"]


def row(name, ops=None, ratio=None, target=None, met=None, note=None, median_ns=None, p99_ns=None):
    """One row in the benchmark harness's shape (every key, figures as numbers or null)."""
    return {"name": name, "median": median_ns, "p99": p99_ns, "ops_per_second": ops, "ratio": ratio,
            "target": target, "met": met, "note": note}


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def records(figures):
    """The figures as the benchmark harness's rows, by the names its report requires."""
    def at_least(value, target):
        return None if value is None else value >= target

    def at_most(value, target):
        return None if value is None else value <= target

    rows = [
        row("server sign-ins per second / bare verify on the hashing threads", ops=figures["sign_ins_per_second_8_clients"],
            ratio=figures["sign_ins_over_bare_verify"], target="≥ 0.9",
            met=at_least(figures["sign_ins_over_bare_verify"], 0.9),
            note=None if figures["bare_verifies_per_second"] else "no bare-verify binary given"),
        row("server bare verifies per second, on its %d hashing thread(s)" % figures["hashing_threads"],
            ops=figures["bare_verifies_per_second"]),
        row("server sign-ins per second, 8 clients", ops=figures["sign_ins_per_second_8_clients"],
            ratio=figures["sign_ins_kept_over_per_hash_memory"], target="≥ 1.6× the per-hash build",
            met=at_least(figures["sign_ins_kept_over_per_hash_memory"], 1.6)),
        row("server sign-ins per second, 8 clients, per-hash memory (same build)",
            ops=figures["sign_ins_per_second_8_clients_per_hash_memory"]),
        row("server /health p99 under sign-ins / idle", ratio=figures["health_p99_under_sign_ins_over_idle"],
            target="≤ 2", met=at_most(figures["health_p99_under_sign_ins_over_idle"], 2),
            p99_ns=figures["health_p99_under_sign_ins_us"] * 1000),
        row("server /health p99 idle", p99_ns=figures["health_p99_idle_us"] * 1000),
        row("server /health p99 under sign-ins / idle, 4 connections",
            ratio=figures["health_p99_under_sign_ins_over_idle_4_connections"],
            p99_ns=figures["health_p99_under_sign_ins_us_4_connections"] * 1000,
            note="idle p99 %s µs" % figures["health_p99_idle_us_4_connections"]),
        row("server /v1/auth req/s / /health req/s", ops=figures["auth_rps_32_connections"],
            ratio=figures["auth_over_health"], target="≥ 0.8", met=at_least(figures["auth_over_health"], 0.8)),
        row("server /health req/s (32 connections)", ops=figures["health_rps_32_connections"]),
        row("server 200 simultaneous sign-ins: 503 answers", ratio=figures["simultaneous_503"],
            note="peak RSS %s MiB" % figures["peak_rss_mib"]),
    ]
    # records.json names the rows the harness's report must hold with figures (one list for the
    # harness, its CI check and this script).
    with open(os.path.join(HERE, "records.json")) as names:
        missing = set(json.load(names)) - {each["name"] for each in rows}
    assert not missing, f"load: rows named in records.json are not produced: {sorted(missing)}"
    return rows


class PerfSched:
    """Every wakeup's wait for a CPU ("sch delay"), from `perf sched record -a` over one window and
    `perf sched timehist`, grouped like Sched's stages: the tail of each stage's waits, which the
    means per timeslice from /proc cannot show. Needs perf and the right to trace the whole system."""
    LINE = re.compile(r"^\s*[\d.]+\s+\[\d+\]\s+(.+?)\[(\d+)(?:/(\d+))?\]\s+[\d.]+\s+([\d.]+)\s+[\d.]+")

    def __init__(self, folder, seconds):
        self.path = os.path.join(folder, "perf-sched.data")
        self.process = subprocess.Popen(["perf", "sched", "record", "-a", "-o", self.path, "--", "sleep",
                                         str(seconds)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self, roles):
        """{stage: [waits in µs]} for the watched processes' threads ({pid: role}); others together."""
        self.process.wait()
        output = subprocess.run(["perf", "sched", "timehist", "-i", self.path], capture_output=True, text=True,
                                errors="replace").stdout
        os.remove(self.path)
        waits = {}
        for line in output.splitlines():
            match = self.LINE.match(line)
            if not match:
                continue
            name, tid, pid, delay = match.groups()
            tid, pid = int(tid), int(pid or tid)
            kind = Sched.kind(roles[pid], pid, tid, name.strip()) if pid in roles else "other processes"
            waits.setdefault(kind, []).append(float(delay) * 1000)
        return waits


def spread(values):
    """Median and range, rounded for printing."""
    return {"median": round(median(values), 2), "min": round(min(values), 2), "max": round(max(values), 2)}


def profile_health(binaries, folder, rounds, seconds, perf=False):
    """Step 2 per stage: for each binary (interleaved round by round), /health p99 at 4 and at 1
    connection(s), idle and while 8 connections sign in, with each phase's scheduler statistics for
    the server's threads and both wrk processes (Sched)."""
    servers = []
    try:
        for index, binary in enumerate(binaries):
            servers.append(start_server(binary, folder, f"profile-{index}"))
        phases = {}
        for _ in range(rounds):
            for index, (server, base, _) in enumerate(servers):
                status, _ = call(base, "POST", "/v1/login", {"username": "loaduser", "password": PASSWORD})
                assert status == 200, f"login answered {status}"
                sign_in_env = {"LATCHKEY_LOGIN_BODY": json.dumps({"username": "loaduser", "password": PASSWORD})}
                for connections in (4, 1):
                    for busy in (False, True):
                        signing = {}
                        sign_in_thread = None
                        sched = Sched()
                        sched.watch(server.pid, "server")
                        if busy:
                            sign_in_thread = threading.Thread(target=lambda: signing.update(
                                wrk(base + "/v1/login", "sign_in.lua", seconds + 2, 8, threads=1,
                                    env=sign_in_env, watch=(sched, "sign-in wrk"))))
                            sign_in_thread.start()
                            time.sleep(1)  # let the sign-ins fill the hashing lane first
                        sched.start()
                        recorder = PerfSched(folder, max(1, seconds - 1)) if perf else None
                        health = wrk(base + "/health", "get.lua", seconds, connections, threads=1,
                                     watch=(sched, "/health wrk"))
                        groups, cores = sched.stop()
                        waits = recorder.stop(dict(sched.roles)) if recorder else {}
                        if sign_in_thread:
                            sign_in_thread.join()
                        phase = phases.setdefault((index, connections, busy), [])
                        phase.append({"p99_us": health["p99_us"], "p50_us": health["p50_us"],
                                      "rps": health["rps"], "sign_ins": signing.get("rps"),
                                      "groups": groups, "cores": cores, "waits": waits})
    finally:
        for server, _, log in servers:
            stop_server(server, log)
    report = []
    for index, binary in enumerate(binaries):
        for connections in (4, 1):
            idle, busy = phases[(index, connections, False)], phases[(index, connections, True)]
            entry = {"binary": binary, "connections": connections,
                     "p99_idle_us": spread([run["p99_us"] for run in idle]),
                     "p99_busy_us": spread([run["p99_us"] for run in busy]),
                     "p99_ratio": spread([b["p99_us"] / max(a["p99_us"], 1) for a, b in zip(idle, busy)]),
                     "p50_idle_us": spread([run["p50_us"] for run in idle]),
                     "p50_busy_us": spread([run["p50_us"] for run in busy]),
                     "sign_ins_per_second": spread([run["sign_ins"] for run in busy]),
                     "stages": {}}
            for label, runs in (("idle", idle), ("busy", busy)):
                kinds = sorted({kind for run in runs for kind in run["groups"]})
                for kind in kinds:
                    present = [run["groups"][kind] for run in runs if kind in run["groups"]]
                    stage = entry["stages"].setdefault(kind, {})
                    stage[label] = {
                        "wait_per_slice_us": round(median([g["wait_per_slice_us"] for g in present]), 1),
                        "slices_per_second": round(median([g["slices_per_second"] for g in present])),
                        "cpu": round(median([g["cpu"] for g in present]), 3),
                        "wait": round(median([g["wait"] for g in present]), 3),
                        "threads": present[0]["threads"], "nice": present[0]["nice"],
                        # Time this stage spent waiting for a CPU per /health request answered: the
                        # stages' shares of a request's latency that queueing for a core explains.
                        "wait_per_request_us": round(median([g["wait"] * 1e6 / run["rps"] for g, run in zip(
                            [run["groups"].get(kind) for run in runs], runs) if g]), 1)}
                if perf:
                    for kind in sorted({kind for run in runs for kind in run["waits"]}):
                        waits = sorted(wait for run in runs for wait in run["waits"].get(kind, []))
                        stage = entry["stages"].setdefault(kind, {}).setdefault(label, {})
                        stage["wakeups"] = len(waits)
                        stage["wakeup_wait_p99_us"] = round(waits[int(len(waits) * 0.99)])
                        stage["wakeup_waits_over_1ms"] = sum(1 for wait in waits if wait > 1000)
                entry["rps_" + label] = round(median([run["rps"] for run in runs]))
                entry["cores_" + label] = {core: round(median([run["cores"][core] for run in runs]), 2)
                                           for core in runs[0]["cores"]}
            report.append(entry)
    return report


def print_profile(report):
    for entry in report:
        print(f"{entry['binary']}, /health at {entry['connections']} connection(s): p99 idle "
              f"{entry['p99_idle_us']} µs, busy {entry['p99_busy_us']} µs, ratio {entry['p99_ratio']}; "
              f"p50 idle {entry['p50_idle_us']['median']} busy {entry['p50_busy_us']['median']} µs; "
              f"sign-ins/s {entry['sign_ins_per_second']}")
        print(f"  /health req/s idle {entry['rps_idle']} busy {entry['rps_busy']}; core utilisation idle "
              f"{entry['cores_idle']} busy {entry['cores_busy']}")
        print(f"  {'stage':36} {'wait/slice µs':>17} {'wait/request µs':>17} {'slices/s':>15} "
              f"{'cpu (cores)':>15} {'wait (cores)':>15}  nice")
        for kind, stage in sorted(entry["stages"].items()):
            idle, busy = stage.get("idle", {}), stage.get("busy", {})

            def pair(field):
                return f"{idle.get(field, '-')!s:>7} → {busy.get(field, '-')!s:>7}"
            print(f"  {kind:36} {pair('wait_per_slice_us'):>17} {pair('wait_per_request_us'):>17} "
                  f"{pair('slices_per_second'):>15} "
                  f"{pair('cpu'):>15} {pair('wait'):>15}  {(busy or idle).get('nice')}")
            if "wakeup_wait_p99_us" in idle or "wakeup_wait_p99_us" in busy:
                print(f"  {'':36} perf: wakeup wait p99 {pair('wakeup_wait_p99_us')} µs, waits over 1 ms "
                      f"{pair('wakeup_waits_over_1ms')} of {pair('wakeups')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5, help="length of each wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of each comparison")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--records", action="store_true", help="print the figures as the harness's rows")
    parser.add_argument("--bare-verify-binary", help="LatchkeyBench, for the bare-verify baseline")
    parser.add_argument("--binary", help="a latchkey-server to measure instead of this tree's release build")
    parser.add_argument("--profile", action="store_true",
                        help="only step 2, per stage: scheduler statistics of the server's threads and "
                             "of wrk, idle and under sign-ins, at 4 and 1 connection(s)")
    parser.add_argument("--perf-sched", action="store_true",
                        help="with --profile: also each stage's wakeup waits from `perf sched` (needs perf)")
    parser.add_argument("--versus", action="append", default=[],
                        help="with --profile: another latchkey-server, interleaved round by round (repeatable)")
    options = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("load: wrk is not installed (apt-get install -y wrk)")

    binary = options.binary or server_binary()
    folder = tempfile.mkdtemp(prefix="latchkey-load-")
    if options.profile:
        try:
            report = profile_health([binary] + options.versus, folder,
                                    options.rounds, options.seconds,
                                    perf=options.perf_sched and shutil.which("perf") is not None)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if options.json:
            print(json.dumps(report, indent=2))
        else:
            print_profile(report)
        return
    server, base, log = start_server(binary, folder, "users")
    per_hash = None
    try:
        status, body = call(base, "POST", "/v1/login", {"username": "loaduser", "password": PASSWORD})
        assert status == 200, f"login answered {status}"
        token = body["token"]
        login_body = json.dumps({"username": "loaduser", "password": PASSWORD})
        sign_in_env = {"LATCHKEY_LOGIN_BODY": login_body}

        # 1. Forward-auth against /health, interleaved rounds at 32 connections.
        auth_ratios, auth_rps, health_rps = [], [], []
        for _ in range(options.rounds):
            auth = wrk(base + "/v1/auth", "get.lua", options.seconds, 32, env={"LATCHKEY_TOKEN": token})
            health = wrk(base + "/health", "get.lua", options.seconds, 32)
            assert set(auth["statuses"]) == {"200"}, f"/v1/auth answered {auth['statuses']}"
            auth_rps.append(auth["rps"])
            health_rps.append(health["rps"])
            auth_ratios.append(auth["rps"] / health["rps"])

        # 2. /health p99 idle and under 8 continuous sign-ins, interleaved, at 1 connection (the
        # record: one client's latency) and at 4 (closed loop, so wrk and the server fill the cores).
        latency = {connections: {"ratios": [], "idle": [], "busy": [], "sign_ins": []} for connections in (1, 4)}
        for _ in range(options.rounds):
            for connections, figures_at in latency.items():
                idle = wrk(base + "/health", "get.lua", options.seconds, connections, threads=1)
                signing = {}
                sign_in_thread = threading.Thread(target=lambda: signing.update(
                    wrk(base + "/v1/login", "sign_in.lua", options.seconds + 2, 8, threads=1,
                        env=sign_in_env)))
                sign_in_thread.start()
                time.sleep(1)  # let the sign-ins fill the hashing lane first
                busy = wrk(base + "/health", "get.lua", options.seconds, connections, threads=1)
                sign_in_thread.join()
                figures_at["idle"].append(idle["p99_us"])
                figures_at["busy"].append(busy["p99_us"])
                figures_at["sign_ins"].append(signing["rps"])
                figures_at["ratios"].append(busy["p99_us"] / max(idle["p99_us"], 1))
        latency_ratios, idle_p99, busy_p99, busy_sign_ins = (latency[1][key] for key in ("ratios", "idle", "busy",
                                                                                          "sign_ins"))

        # 3. Sign-ins per second at 8 clients: this server, the same build with per-hash memory,
        # and Latchkey's verify alone on the server's hashing threads (all cores but one), interleaved.
        per_hash = start_server(binary, folder, "per-hash", env={"LATCHKEY_HASH_MEMORY": "per-hash"})
        hashing_threads = max(1, (os.cpu_count() or 1) - 1)
        kept_rates, per_hash_rates, bare_rates = [], [], []
        for _ in range(options.rounds):
            for target_base, rates in ((base, kept_rates), (per_hash[1], per_hash_rates)):
                signing = wrk(target_base + "/v1/login", "sign_in.lua", options.seconds, 8, threads=1,
                              env=sign_in_env)
                assert set(signing["statuses"]) == {"200"}, f"sign-ins answered {signing['statuses']}"
                rates.append(signing["rps"])
            if options.bare_verify_binary:
                bare_rates.append(bare_verify_rate(options.bare_verify_binary, options.seconds, hashing_threads))
        stop_server(per_hash[0], per_hash[2])
        per_hash = None

        # 4. 200 sign-ins at once.
        statuses = simultaneous_sign_ins(base, 200)
        rss = peak_rss_mib(server.pid)
    finally:
        exit_status = stop_server(server, log)
        if per_hash is not None:
            stop_server(per_hash[0], per_hash[2])
        shutil.rmtree(folder, ignore_errors=True)

    figures = {
        "auth_rps_32_connections": round(median(auth_rps)),
        "health_rps_32_connections": round(median(health_rps)),
        "auth_over_health": round(median(auth_ratios), 2),
        "auth_over_health_target": 0.8,
        "health_p99_idle_us": median(idle_p99),
        "health_p99_under_sign_ins_us": median(busy_p99),
        "sign_ins_per_second_meanwhile": round(median(busy_sign_ins), 1),
        "health_p99_under_sign_ins_over_idle": round(median(latency_ratios), 2),
        "health_p99_ratio_target": 2,
        "health_p99_idle_us_4_connections": median(latency[4]["idle"]),
        "health_p99_under_sign_ins_us_4_connections": median(latency[4]["busy"]),
        "health_p99_under_sign_ins_over_idle_4_connections": round(median(latency[4]["ratios"]), 2),
        "sign_ins_per_second_8_clients": round(median(kept_rates), 1),
        "sign_ins_per_second_8_clients_per_hash_memory": round(median(per_hash_rates), 1),
        "sign_ins_kept_over_per_hash_memory": round(median([a / b for a, b in zip(kept_rates, per_hash_rates)]), 2),
        "bare_verifies_per_second": round(median(bare_rates), 1) if bare_rates else None,
        "sign_ins_over_bare_verify": round(median([a / b for a, b in zip(kept_rates, bare_rates)]), 2)
        if bare_rates else None,
        "hashing_threads": hashing_threads,
        "simultaneous_sign_ins": 200,
        "simultaneous_answered": {str(key): value for key, value in sorted(statuses.items())},
        "simultaneous_503": statuses.get(503, 0),
        "peak_rss_mib": round(rss, 1) if rss is not None else None,
        "exit_status_after_sigterm": exit_status,
    }
    if options.records:
        print(json.dumps(records(figures)))
    elif options.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"/v1/auth at 32 connections: {figures['auth_rps_32_connections']} req/s; /health "
              f"{figures['health_rps_32_connections']} req/s; ratio {figures['auth_over_health']} "
              f"(target >= 0.8; rounds {[round(r, 2) for r in auth_ratios]})")
        print(f"/health p99 at 1 connection idle {figures['health_p99_idle_us']} µs, under 8 sign-in clients "
              f"{figures['health_p99_under_sign_ins_us']} µs ({figures['sign_ins_per_second_meanwhile']} "
              f"sign-ins/s); ratio {figures['health_p99_under_sign_ins_over_idle']} (target <= 2; rounds "
              f"{[round(r, 2) for r in latency_ratios]}); at 4 connections "
              f"{figures['health_p99_idle_us_4_connections']} and "
              f"{figures['health_p99_under_sign_ins_us_4_connections']} µs, ratio "
              f"{figures['health_p99_under_sign_ins_over_idle_4_connections']}")
        print(f"sign-ins at 8 clients: {figures['sign_ins_per_second_8_clients']}/s, per-hash memory "
              f"{figures['sign_ins_per_second_8_clients_per_hash_memory']}/s, ratio "
              f"{figures['sign_ins_kept_over_per_hash_memory']} (target >= 1.6); bare verify on "
              f"{hashing_threads} thread(s) {figures['bare_verifies_per_second']}/s, ratio "
              f"{figures['sign_ins_over_bare_verify']} (target >= 0.9)")
        print(f"200 simultaneous sign-ins: {figures['simultaneous_answered']} (503: "
              f"{figures['simultaneous_503']}); peak RSS {figures['peak_rss_mib']} MiB; "
              f"exit after SIGTERM {exit_status}")


if __name__ == "__main__":
    main()
