"""/health's tail per stage (load.py --profile): each thread's scheduler figures from /proc and,
with perf, every wakeup's wait for a CPU, idle against while 8 connections sign in."""
import os
import re
import subprocess
import threading
import time

from harness import PASSWORD, call, health_phase, median, start_server, stop_server


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


class Probe:
    """One phase's measurement for `health_phase`: the server's and both wrk processes' threads
    (Sched) and, with `perf`, every wakeup's wait (PerfSched), over the /health run's window."""

    def __init__(self, server_pid, folder, seconds, perf):
        self.sched = Sched()
        self.sched.watch(server_pid, "server")
        self.folder, self.seconds, self.perf = folder, seconds, perf
        self.recorder = None
        self.groups, self.cores, self.waits = {}, {}, {}

    def watch(self, pid, role):
        self.sched.watch(pid, role)

    def start(self):
        self.sched.start()
        if self.perf:
            self.recorder = PerfSched(self.folder, max(1, self.seconds - 1))

    def stop(self):
        self.groups, self.cores = self.sched.stop()
        self.waits = self.recorder.stop(dict(self.sched.roles)) if self.recorder else {}


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
                for connections in (4, 1):
                    for busy in (False, True):
                        probe = Probe(server.pid, folder, seconds, perf)
                        health, signing = health_phase(base, connections, seconds, busy, probe)
                        phase = phases.setdefault((index, connections, busy), [])
                        phase.append({"p99_us": health["p99_us"], "p50_us": health["p50_us"],
                                      "rps": health["rps"], "sign_ins": signing.get("rps"),
                                      "groups": probe.groups, "cores": probe.cores, "waits": probe.waits})
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
