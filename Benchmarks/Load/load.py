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
import shutil
import subprocess
import sys
import tempfile
import threading

from harness import (HERE, PASSWORD, call, health_phase, median, server_binary, start_server, stop_server, wrk)
from tail_profile import print_profile, profile_health


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


def bare_verify_rate(binary, seconds, threads):
    """Latchkey's own Argon2id verify alone, per second, on `threads` threads (LatchkeyBench)."""
    output = subprocess.run([binary, "--bare-verify", str(seconds), str(threads)], check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)["verifies_per_second"]


def row(name, ops=None, ratio=None, target=None, met=None, note=None, median_ns=None, p99_ns=None):
    """One row in the benchmark harness's shape (every key, figures as numbers or null)."""
    return {"name": name, "median": median_ns, "p99": p99_ns, "ops_per_second": ops, "ratio": ratio,
            "target": target, "met": met, "note": note}


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
                idle, _ = health_phase(base, connections, options.seconds, busy=False)
                busy, signing = health_phase(base, connections, options.seconds, busy=True)
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
