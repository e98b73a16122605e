#!/usr/bin/env python3
"""Checks the benchmark harness's JSON (every figure a number or null, never a string) and prints it
as a table for the CI log. Timing never fails CI; a malformed report does."""
import json
import os
import sys


REQUIRED = [
    "authenticate p99 under sign-ins / idle",
    "sign-ins per second / bare verify on all cores",
    "peak RSS of 100 simultaneous sign-ins, MiB over idle",
    "access token check / session check",
    "reset request: existing / no such account",
    "sign-in beside two busy processes / idle",
    "passkey sign-in / password sign-in (service)",
    "OpenID token exchange / password sign-in (service)",
    "OpenID userinfo / session authenticate (service)",
    "whoami process / static hello",
    "login process − bare verify, ms",
    "whoami peak RSS, MiB",
    "library whoami / raw C, 100k users",
    "library whoami / GRDB cached, 100k users",
    "2 threads / 1 thread, one shared worker",
]
# A record present with no figure at all means its measurement did not run: that fails too.
# The server's records (Benchmarks/Load/records.json, which load.py and the harness also read).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "Load", "records.json")) as names:
    MEASURED = json.load(names)
REQUIRED += MEASURED


def figure(row, key):
    value = row[key]
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
        sys.exit(f"bench: {row['name']!r}: {key} is {value!r}, not a number or null")
    return value


def main(path):
    with open(path) as handle:
        text = handle.read()
    try:
        rows = json.loads(text)
    except json.JSONDecodeError as error:
        sys.exit(f"bench: the report is not JSON ({error}); it begins: {text[:120]!r}")
    if not isinstance(rows, list) or not rows:
        sys.exit("bench: the report holds no rows")
    # The speed records, by their exact names: a harness that stopped writing one fails here.
    names = {row.get("name") for row in rows if isinstance(row, dict)}
    for required in REQUIRED:
        if required not in names:
            sys.exit(f"bench: the report lacks the record {required!r}")
    for name in MEASURED:
        row = next(row for row in rows if isinstance(row, dict) and row.get("name") == name)
        if row.get("ratio") is None:
            sys.exit(f"bench: the record {name!r} has no figure: {row.get('note')}")
    print("| case | median µs | p99 µs | ops/s | ratio | target | met |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        if set(row) != {"name", "median", "p99", "ops_per_second", "ratio", "target", "met", "note"}:
            sys.exit(f"bench: unexpected keys {sorted(row)}")
        median, p99, ops, ratio = (figure(row, key) for key in ("median", "p99", "ops_per_second", "ratio"))
        if row["met"] is not None and not isinstance(row["met"], bool):
            sys.exit(f"bench: {row['name']!r}: met is {row['met']!r}, not true, false or null")
        cells = [
            "" if median is None else f"{median / 1e3:.1f}",
            "" if p99 is None else f"{p99 / 1e3:.1f}",
            "" if ops is None else f"{ops:.0f}",
            f"{ratio:.2f}" if ratio is not None else (row["note"] or ""),
            row["target"] or "",
            {True: "yes", False: "**no**", None: ""}[row["met"]],
        ]
        print(f"| {row['name']} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
