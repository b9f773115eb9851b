#!/usr/bin/python3
"""Peak memory per rank, sluice against OpenFOAM v1912 icoFoam side by side
(issue 13), and the time per step of the sluice build under test against a
baseline sluice build, in the same run:

  cavity200:  the lid-driven cavity at 200 x 200 cells (bench/lib/cases.py: deltaT 2.5e-4, 20 steps),
  cavity1000: 1000 x 1000 cells (deltaT 5e-5, 5 steps; slow: about 2 min per sluice run on 2 cores),

at 1 and 2 ranks, decomposition simple, the same solver settings for both
codes (the generated case: PISO with 2 correctors, p with PCG/DIC, U with
symGaussSeidel). Peak resident memory per rank: /usr/bin/time's maximum
resident set of each rank process (bench/peak_rss), for both codes alike;
sluice's own figure (peakResidentBytes of sluice-profile.json, read at the
end of the run) is listed as a cross-check. Each sluice build runs --repeats
times, alternately; time per step is from the first `Time =` line to `End`,
median over the repeats; memory is the median per rank. OpenFOAM runs once
per case and rank count. Results: bench/results/MEMORY.md and memory.json.
Needs the benchmark tools bench/run builds (BUILD/benchtools: the PMPI
counter preloaded into every run).

    /usr/bin/python3 bench/memory.py --build build-bench --baseline-build ../main/build-bench
    /usr/bin/python3 bench/memory.py --cases cavity200,cavity1000 --np 1,2 --baseline-build DIR
    /usr/bin/python3 bench/memory.py --baseline-build DIR --breakdown     # + massif heap breakdown (serial)
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import memory_breakdown  # noqa: E402
from lib import cases, runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def tools_for(build: Path) -> runners.Tools:
    """The benchmark tools of `build` (its bin/sluice, benchtools/)."""
    return runners.Tools.in_build_dir(REPO, build)


def build_revision(build: Path) -> str:
    """The git revision of the sources `build` was configured from ("7d729dd", "7d729dd-dirty"), or "unknown"."""
    try:
        cache = (build / "CMakeCache.txt").read_text()
        source = next(line.split("=", 1)[1] for line in cache.splitlines()
                      if line.startswith("CMAKE_HOME_DIRECTORY:"))
        rc, out, _ = runners.run_plain(["git", "-C", source, "describe", "--always", "--dirty"], timeout=60)
        return out.strip() if rc == 0 else "unknown"
    except (OSError, StopIteration):
        return "unknown"


def median_per_rank(runs: list[list[int | None]]) -> list[float | None]:
    """Per rank, the median over runs of the peak RSS (KiB) in MiB."""
    out = []
    for rank in range(len(runs[0])):
        values = [r[rank] for r in runs if r[rank] is not None]
        out.append(statistics.median(values) / 1024 if values else None)
    return out


def range_per_rank(runs: list[list[int | None]]) -> list[tuple[float, float] | None]:
    """Per rank, (smallest, largest) peak RSS over runs in MiB."""
    out = []
    for rank in range(len(runs[0])):
        values = [r[rank] / 1024 for r in runs if r[rank] is not None]
        out.append((min(values), max(values)) if values else None)
    return out


def run_one(code: str, spec: cases.CaseSpec, steps: int, np: int, tools: runners.Tools, case_dir: Path) -> dict:
    cases.write_case(case_dir, spec, steps, np)
    r = runners.run_case(code, case_dir, np, tools, steps)
    label = f"{spec.name} np{np} {code} ({tools.sluice if code == 'sluice' else 'icoFoam'})"
    print(f"{label}: {r['status']}, {r['per_step']} s/step, peak RSS {r['rss_kib']} KiB", flush=True)
    if r["status"] != "ok" or r["per_step"] is None or None in r["rss_kib"]:
        raise RuntimeError(f"{label} failed ({r['status']}, RSS {r['rss_kib']}):\n{r.get('log_tail', '')}")
    return r


def profile_peak_mib(r: dict) -> dict | None:
    """sluice's own peak figure (sluice-profile.json), in MiB, or None for a build without it."""
    p = r.get("profile") or {}
    if "peakResidentBytes" not in p:
        return None
    return {k: v / MIB for k, v in p["peakResidentBytes"].items()} | {"rank0": p["rank0PeakResidentBytes"] / MIB}


def measure(spec: cases.CaseSpec, steps: int, np: int, new: runners.Tools, baseline: runners.Tools,
            repeats: int, work: Path) -> dict:
    of = run_one("openfoam", spec, steps, np, new, work / f"{spec.name}-np{np}-openfoam")
    runs: dict[str, list[dict]] = {"new": [], "baseline": []}
    for _ in range(repeats):
        for label, tools in (("baseline", baseline), ("new", new)):
            runs[label].append(run_one("sluice", spec, steps, np, tools, work / f"{spec.name}-np{np}-{label}"))
    row = {"case": spec.name, "cells": spec.cells, "np": np, "steps": steps, "repeats": repeats,
           "openfoam_MiB": median_per_rank([of["rss_kib"]]), "openfoam_s_per_step": of["per_step"]}
    for label in ("new", "baseline"):
        row[f"sluice_{label}_MiB"] = median_per_rank([r["rss_kib"] for r in runs[label]])
        row[f"sluice_{label}_MiB_range"] = range_per_rank([r["rss_kib"] for r in runs[label]])
        row[f"sluice_{label}_rss_kib_runs"] = [r["rss_kib"] for r in runs[label]]
        row[f"sluice_{label}_s_per_step"] = statistics.median(r["per_step"] for r in runs[label])
        row[f"sluice_{label}_s_per_step_runs"] = [r["per_step"] for r in runs[label]]
    row["sluice_profile_MiB"] = profile_peak_mib(runs["new"][-1])
    row["ratio_per_rank"] = [s / o for s, o in zip(row["sluice_new_MiB"], row["openfoam_MiB"])]
    row["ratio_max_rank"] = max(row["sluice_new_MiB"]) / max(row["openfoam_MiB"])
    row["time_ratio_new_over_baseline"] = row["sluice_new_s_per_step"] / row["sluice_baseline_s_per_step"]
    row["commands"] = {"openfoam": of["command"], "sluice_new": runs["new"][-1]["command"],
                       "sluice_baseline": runs["baseline"][-1]["command"]}
    return row


def mib_list(values: list[float | None], ranges: list[tuple[float, float] | None] | None = None) -> str:
    """"68 / 65", with each rank's range over runs where it spans more than 1 MiB: "68 (49-70) / 65"."""
    out = []
    for i, v in enumerate(values):
        text = "-" if v is None else f"{v:.0f}"
        if ranges and ranges[i] and ranges[i][1] - ranges[i][0] > 1:
            text += f" ({ranges[i][0]:.0f}-{ranges[i][1]:.0f})"
        out.append(text)
    return " / ".join(out)


def seconds_range(runs: list[float]) -> str:
    return f"{min(runs):.3f}-{max(runs):.3f}"


def markdown(data: dict, breakdown: str | None) -> str:
    rows = data["rows"]
    lines = ["# Peak memory per rank: sluice against OpenFOAM v1912 icoFoam (issue 13)", "",
             f"Command: `{data['command']}`", "",
             f"sluice under test: `{data['build']}/bin/sluice` (sources at {data['build_revision']}); "
             f"baseline: `{data['baseline_build']}/bin/sluice` (sources at {data['baseline_revision']}; the "
             "sources' state when the benchmark ran, not necessarily at the build). Peak resident set per rank process from "
             "/usr/bin/time (bench/peak_rss), MiB, rank 0 / rank 1 / ...; median over the sluice runs "
             f"({rows[0]['repeats'] if rows else 0} per build, alternating; in brackets the range over the runs where it spans more "
             "than 1 MiB), one OpenFOAM run. Ratio: sluice (under test) / OpenFOAM "
             "per rank. Time per step: first `Time =` line to `End`, median; ratio under test / baseline "
             "(below 1: faster); in brackets the range over the runs. Same generated case for both codes (bench/lib/cases.py), decomposition simple.",
             "", "| case | ranks | OpenFOAM MiB | sluice MiB | sluice / OpenFOAM | sluice baseline MiB | "
             "sluice profile MiB (min / mean / max) | s/step under test / baseline | time ratio |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        prof = r["sluice_profile_MiB"]
        prof_text = "-" if prof is None else f"{prof['min']:.1f} / {prof['mean']:.1f} / {prof['max']:.1f}"
        lines.append(
            f"| {r['case']} ({r['cells']} cells, {r['steps']} steps) | {r['np']} | {mib_list(r['openfoam_MiB'])} | "
            f"{mib_list(r['sluice_new_MiB'], r['sluice_new_MiB_range'])} | "
            f"{' / '.join(f'{x:.2f}' for x in r['ratio_per_rank'])} | "
            f"{mib_list(r['sluice_baseline_MiB'], r['sluice_baseline_MiB_range'])} | {prof_text} | "
            f"{r['sluice_new_s_per_step']:.3f} ({seconds_range(r['sluice_new_s_per_step_runs'])}) / "
            f"{r['sluice_baseline_s_per_step']:.3f} ({seconds_range(r['sluice_baseline_s_per_step_runs'])}) | "
            f"{r['time_ratio_new_over_baseline']:.3f} |")
    lines += ["", "The sluice profile figure (last run of the build under test) is each rank's VmHWM read when the "
              "end-of-run profile is summarized; /usr/bin/time's figure covers the whole process life, so it is "
              "the same or a little higher.", "", f"Machine: {data['cores']} cores, shared (other builds may run "
              "beside the benchmark): a time ratio is only meaningful where the ranges of the runs do not "
              "overlap."]
    if breakdown:
        lines += ["", "## sluice heap at its peak by category (valgrind massif, serial)", "", breakdown]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", default="cavity200", help="comma-separated: cavity200, cavity1000")
    p.add_argument("--np", default="1,2")
    p.add_argument("--steps", type=int, help="time steps (default: the case's, 20 for cavity200, 5 for cavity1000)")
    p.add_argument("--repeats", type=int, default=3, help="runs of each sluice build per case and rank count")
    p.add_argument("--baseline-build", type=Path,
                   help="build folder of the baseline sluice (bin/sluice), e.g. a build of the previous main")
    p.add_argument("--report-only", action="store_true",
                   help="MEMORY.md again from RESULTS/memory.json (the command recorded there), no runs")
    p.add_argument("--breakdown", action="store_true",
                   help="also the massif heap breakdown of the build under test (serial, first case, 2 steps)")
    runners.add_run_arguments(p, REPO, "memory", argv)
    args = p.parse_args(argv)
    if args.report_only:
        data = json.loads((args.results / "memory.json").read_text())
        text = markdown(data, data.get("breakdown_text"))
        (args.results / "MEMORY.md").write_text(text)
        print(text)
        return 0
    if args.baseline_build is None:
        p.error("--baseline-build is required")
    new = tools_for(args.build)
    baseline = dataclasses.replace(new, sluice=args.baseline_build / "bin/sluice")
    for exe in (new.sluice, baseline.sluice, new.pmpi_lib, Path("/usr/bin/time")):
        if not exe.exists():
            print(f"missing {exe} (bench/run builds BUILD/benchtools; apt-get install time)")
            return 1
    rows = []
    for name in args.cases.split(","):
        spec = cases.CASES[name]
        for np in [int(n) for n in args.np.split(",")]:
            rows.append(measure(spec, args.steps or spec.steps, np, new, baseline, args.repeats, args.work))
    breakdown_text = None
    data: dict = {"command": args.command, "rows": rows, "build": str(args.build.resolve()),
                  "build_revision": build_revision(args.build), "baseline_build": str(args.baseline_build.resolve()),
                  "baseline_revision": build_revision(args.baseline_build), "cores": os.cpu_count()}
    if args.breakdown:
        if shutil.which("valgrind") is None:
            print("--breakdown needs valgrind (apt-get install valgrind)")
            return 1
        breakdown_text, data["breakdown"] = memory_breakdown.breakdown(new.sluice, args.cases.split(",")[0], 2,
                                                                       args.work)
        data["breakdown_text"] = breakdown_text
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / "memory.json").write_text(json.dumps(data, indent=1))
    text = markdown(data, breakdown_text)
    (args.results / "MEMORY.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
