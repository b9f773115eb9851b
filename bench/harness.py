#!/usr/bin/python3
"""sluice versus OpenFOAM v1912 benchmark harness (issue 5). Normally started
by bench/run (`make bench`), which installs what is missing and builds the
tools first:

    /usr/bin/python3 bench/harness.py                      # full benchmark
    /usr/bin/python3 bench/harness.py --quick              # 1 run each, cavity200 and cavity200-write
    /usr/bin/python3 bench/harness.py --cases cavity200 --np 2 --runs 5
    /usr/bin/python3 bench/harness.py --report-only        # tables and plots again from bench/results/runs.json

For each case and rank count it runs both codes on their own copy of the same
generated case, alternating (OpenFOAM, sluice, OpenFOAM, sluice, ...), plus
one run of each with zero time steps (start-up only, for MPI calls per step).
Raw data go to bench/results/runs.json and runs.csv, the report to
bench/results/RESULTS.md with PNG plots; logs stay in the work directory
(build-bench/runs/). Standard library only, except matplotlib for the plots.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import cases, machine, report, roofline, runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEFAULT_GROUPS = ["cavity200", "cavity200-write", "cavity1000"]
QUICK_GROUPS = ["cavity200", "cavity200-write"]


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="1 run each, cases cavity200 and cavity200-write only")
    p.add_argument("--cases", help="comma-separated cases: " + ", ".join(cases.CASE_GROUPS))
    p.add_argument("--np", default="1,2", help="comma-separated rank counts (default 1,2)")
    p.add_argument("--runs", type=int, help="runs of each code per case and rank count (default 3; --quick 1)")
    p.add_argument("--runs-large", type=int,
                   help="runs for the 1000x1000 cases (default 1: one round takes about 15 min per rank count)")
    p.add_argument("--work", type=Path, default=REPO / "build-bench", help="build and scratch directory")
    p.add_argument("--results", type=Path, default=REPO / "bench/results", help="where results are written")
    p.add_argument("--report-only", action="store_true", help="only regenerate RESULTS.md and plots from runs.json")
    p.add_argument("--command", default=None, help="the command line to record in RESULTS.md")
    args = p.parse_args(argv)
    groups = args.cases.split(",") if args.cases else (QUICK_GROUPS if args.quick else DEFAULT_GROUPS)
    for g in groups:
        if g not in cases.CASE_GROUPS:
            p.error(f"unknown case '{g}'; known: {', '.join(cases.CASE_GROUPS)}")
    args.groups = groups
    try:
        args.nps = [int(x) for x in args.np.split(",")]
    except ValueError:
        p.error(f"--np {args.np}: expected comma-separated rank counts, e.g. 1,2")
    if any(n < 1 for n in args.nps):
        p.error(f"--np {args.np}: rank counts must be at least 1")
    if args.runs is None:
        args.runs = 1 if args.quick else 3
    if args.runs_large is None:
        args.runs_large = 1
    if args.runs < 1 or args.runs_large < 1:
        p.error("--runs and --runs-large must be at least 1")
    return args


def log(msg: str) -> None:
    print(msg, flush=True)


def compact_profile(profile: dict | None) -> dict | None:
    """The parts of sluice-profile.json the report uses."""
    if profile is None:
        return None
    return {
        "ranks": profile.get("ranks"), "steps": profile.get("steps"), "stepSeconds": profile.get("stepSeconds"),
        "regions": [{"name": r["name"], "calls": r["calls"], "seconds": r["seconds"]} for r in profile.get("regions", [])],
        "callsPerStep": {op: v["callsPerStep"] for op, v in profile.get("mpi", {}).items()
                         if v["callsPerStep"]["max"] > 0},
        "calls": {op: v["calls"] for op, v in profile.get("mpi", {}).items() if v["calls"]["max"] > 0},
    }


def compact_run(r: dict) -> dict:
    out = {k: v for k, v in r.items() if k not in ("solves", "profile")}
    out["solves"] = [[s["step"], s["equation"], s["iterations"]] for s in r["solves"]]
    out["profile"] = compact_profile(r.get("profile"))
    return out


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.work: Path = args.work
        self.tools = runners.Tools.in_build_dir(REPO, self.work)
        self.data: dict = {"settings": {}, "machine": {}, "stream": [], "meshes": {}, "preprocess": [],
                           "runs": [], "notes": []}
        self.started = time.monotonic()
        self.total_runs = 0
        self.done_runs = 0

    # ------------------------------------------------------------ bookkeeping
    def save(self, final: bool = False) -> None:
        """Progress goes to runs.partial.json after every run (kept if the bench
        is interrupted); runs.json, from which RESULTS.md is made, is replaced
        only by a finished bench."""
        self.args.results.mkdir(parents=True, exist_ok=True)
        partial = self.args.results / "runs.partial.json"
        text = json.dumps(self.data, indent=1) + "\n"
        if final:
            (self.args.results / "runs.json").write_text(text)
            partial.unlink(missing_ok=True)
        else:
            partial.write_text(text)

    def elapsed(self) -> str:
        s = int(time.monotonic() - self.started)
        return f"{s // 60:2d}m{s % 60:02d}s"

    def count_runs(self) -> int:
        total = 0
        for group in self.args.groups:
            specs = [cases.CASES[n] for n in cases.CASE_GROUPS[group]]
            runs = self.runs_for(specs)
            per_round = sum(1 + (1 if s.openfoam else 0) for s in specs)
            total += len(self.args.nps) * (runs * per_round + per_round)
        return total

    def runs_for(self, specs) -> int:
        return self.args.runs_large if any(s.n >= 1000 for s in specs) else self.args.runs

    # ------------------------------------------------------------ stages
    def run_all(self) -> None:
        a = self.args
        self.data["settings"] = {"groups": a.groups, "nps": a.nps, "runs": a.runs, "runs_large": a.runs_large,
                                 "quick": a.quick, "command": a.command or "bench/run " + " ".join(sys.argv[1:]),
                                 "started": time.strftime("%Y-%m-%d %H:%M:%S %z")}
        self.data["machine"] = machine.describe()
        m = self.data["machine"]
        log(f"[{self.elapsed()}] machine: {m['cpu_model']}, {m['cpus']} CPUs, L3 {m['l3']}, "
            f"{m['memory_GiB']} GiB; {m['open_mpi']} Open MPI; OpenFOAM {m['openfoam']}")

        ok, msg = runners.pmpi_selftest(self.tools, self.work / "runs/selftest")
        log(f"[{self.elapsed()}] {msg}")
        self.data["pmpi_selftest"] = {"ok": ok, "message": msg}

        for np in sorted(set([1, 2]) | set(a.nps)):
            try:
                s = runners.stream(self.tools, np)
                log(f"[{self.elapsed()}] triad at {np} process(es): {s['bandwidth_GBs']:.1f} GB/s "
                    f"(best of {s['repetitions']}, {s['elements_per_rank'] * 24 / 1e6:.0f} MB per rank)")
                self.data["stream"].append(s)
            except RuntimeError as e:
                log(f"[{self.elapsed()}] triad at {np} process(es) FAILED: {e}")
                self.data["notes"].append(f"triad at {np} process(es) failed: {e}")
        # simple decomposition on an odd mesh (201 x 201), where the split
        # cannot be even: which rank gets the extra cells?
        import dataclasses
        odd = dataclasses.replace(cases.CASES["cavity200"], name="decompose201", n=201)
        dc = runners.decomposition_check(self.tools, self.work / "cases/decompose201", odd)
        self.data["decomposition_check"] = dc
        log(f"[{self.elapsed()}] simple decomposition of {dc['case']} on 2 ranks: OpenFOAM "
            f"{'/'.join(map(str, dc['openfoam'])) or 'failed'}, sluice {'/'.join(map(str, dc['sluice'])) or 'failed'}")
        self.save()

        self.total_runs = self.count_runs()
        log(f"[{self.elapsed()}] {self.total_runs} runs planned: cases {', '.join(a.groups)}; ranks "
            f"{', '.join(map(str, a.nps))}; {a.runs} run(s) each (1000x1000: {a.runs_large})")
        for group in a.groups:
            for np in a.nps:
                self.run_group(group, np)
        log(f"[{self.elapsed()}] all runs done")

    def run_group(self, group: str, np: int) -> None:
        specs = [cases.CASES[n] for n in cases.CASE_GROUPS[group]]
        runs = self.runs_for(specs)
        base = self.work / "cases"
        dirs: dict[tuple[str, str], Path] = {}
        for spec in specs:
            sdir = cases.write_case(base / spec.name / f"np{np}" / "sluice", spec, spec.steps, np)
            dirs[(spec.name, "sluice")] = sdir
            if spec.name not in self.data["meshes"]:
                try:
                    mj = runners.mesh_json(self.tools, sdir)
                    self.data["meshes"][spec.name] = {"cells": mj["cells"], "internalFaces": mj["internalFaces"],
                                                      "faces": mj["faces"], "points": mj["points"]}
                except RuntimeError as e:
                    self.data["notes"].append(str(e))
            if spec.openfoam:
                odir = cases.write_case(base / spec.name / f"np{np}" / "openfoam", spec, spec.steps, np)
                prep = runners.prepare_openfoam(odir, np, self.tools)
                prep.update({"case": spec.name, "np": np})
                self.data["preprocess"].append(prep)
                log(f"[{self.elapsed()}] {spec.name} np {np}: OpenFOAM pre-processing (blockMesh"
                    f"{', decomposePar' if np > 1 else ''}) {prep['seconds']:.1f} s"
                    + ("" if prep["ok"] else " FAILED"))
                if prep["ok"]:
                    dirs[(spec.name, "openfoam")] = odir
                else:
                    self.data["notes"].append(f"{spec.name} np {np}: OpenFOAM pre-processing failed: {prep['error']}")

        order = []
        for spec in specs:
            if spec.openfoam:
                order.append((spec, "openfoam"))
        for spec in specs:
            order.append((spec, "sluice"))
        timed_out: set[str] = set()
        for rnd in range(1, runs + 1):
            for spec, code in order:
                self.one_run(spec, code, np, rnd, dirs, timed_out, spec.steps)
        # Zero-step runs: start-up only, for MPI calls per step.
        for spec, code in order:
            d = dirs.get((spec.name, code))
            if d is not None:
                cases.write_case(d, spec, 0, np, only=["system/controlDict"])
            try:
                self.one_run(spec, code, np, 0, dirs, set(), 0)
            finally:
                if d is not None:
                    cases.write_case(d, spec, spec.steps, np, only=["system/controlDict"])

    def one_run(self, spec, code: str, np: int, rnd: int, dirs, timed_out: set, steps: int) -> None:
        self.done_runs += 1
        label = f"{spec.name} np {np} {code:8s} " + (f"run {rnd}" if rnd else "zero-step")
        prefix = f"[{self.elapsed()}] ({self.done_runs}/{self.total_runs}) {label}"
        if sys.stdout.isatty():
            print(f"{prefix} ...", end="", flush=True)
        case_dir = dirs.get((spec.name, code))
        record_base = {"case": spec.name, "code": code, "np": np, "round": rnd, "steps_requested": steps}
        if case_dir is None:
            self.data["runs"].append({**record_base, "status": "not run (pre-processing failed)"})
            log(f"{prefix}: not run (pre-processing failed)")
            return
        if code == "openfoam" and spec.name in timed_out:
            self.data["runs"].append({**record_base, "status": "not run (an earlier run timed out)"})
            log(f"{prefix}: skipped, an earlier OpenFOAM run timed out")
            return
        timeout = spec.openfoam_timeout if (code == "openfoam" and spec.openfoam_timeout) else runners.DEFAULT_TIMEOUT
        work = self.work / "runs" / spec.name / f"np{np}" / code / (f"run{rnd}" if rnd else "zero")
        r = runners.run_code(code, case_dir, np, self.tools, work, steps, timeout=timeout)
        if sys.stdout.isatty():
            print("\r", end="")
        prefix = f"[{self.elapsed()}] ({self.done_runs}/{self.total_runs}) {label}"
        r.update(record_base)
        r["command"] = r["command"].replace(str(REPO) + "/", "")
        r["log"] = r["log"].replace(str(REPO) + "/", "")
        r["timeout_seconds"] = timeout
        if r["status"] == "timeout":
            timed_out.add(spec.name)
        self.data["runs"].append(compact_run(r))
        self.save()
        if r["status"] != "ok":
            log(f"{prefix}: {r['status'].upper()} after {r['wall']:.0f} s (log {r['log']})")
            return
        rss = "/".join(f"{k / 1024:.0f}" if k else "?" for k in r["rss_kib"])
        if steps:
            log(f"{prefix}: {r['per_step']:.3f} s/step, start-up {r['startup']:.2f} s, peak RSS {rss} MiB")
        else:
            log(f"{prefix}: start-up {r['startup']:.2f} s, peak RSS {rss} MiB")


def write_csv(data: dict, path: Path) -> None:
    """One row per run with the headline figures (the JSON has everything)."""
    fields = ["case", "code", "np", "round", "status", "steps", "startup_s", "per_step_s", "wall_s",
              "peak_rss_MiB_per_rank", "profile_step_s", "openfoam_execution_time_s", "p_iterations"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(fields)
        for r in data["runs"]:
            prof = r.get("profile") or {}
            step_s = None
            if prof.get("stepSeconds") and prof.get("steps"):
                step_s = prof["stepSeconds"]["mean"] / prof["steps"]
            w.writerow([r["case"], r["code"], r["np"], r["round"], r["status"], r.get("steps"),
                        _f(r.get("startup")), _f(r.get("per_step")), _f(r.get("wall")),
                        " ".join(f"{k / 1024:.1f}" if k else "?" for k in r.get("rss_kib", [])),
                        _f(step_s), _f(r.get("execution_time")),
                        sum(s[2] for s in r.get("solves", []) if s[1] == "p")])


def _f(x) -> str:
    return "" if x is None else f"{x:.6g}"


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    results: Path = args.results
    if args.report_only:
        data = json.loads((results / "runs.json").read_text())
    else:
        bench = Bench(args)
        bench.run_all()
        data = bench.data
        data["settings"]["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %z")
        data["settings"]["harness_seconds"] = time.monotonic() - bench.started
        bench.save(final=True)
    write_csv(data, results / "runs.csv")
    report.write(data, results)
    log(f"report: {results / 'RESULTS.md'}")
    failed = [r for r in data["runs"] if r["status"] != "ok" and not r["status"].startswith("not run")
              and r["status"] != "timeout"]
    if failed:
        log(f"{len(failed)} run(s) failed; see RESULTS.md")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
