#!/usr/bin/python3
"""interFoam benchmark, sluice against OpenFOAM v1912 side by side (issue 10):
OpenFOAM's damBreak tutorial (copied from the installed openfoam-examples at
run time, not from this repository) with its blocks refined 2x and 4x in
each direction (9072 and 36288 cells), run to t = 0.2 s at 1 and 2 ranks by

  OpenFOAM interFoam with p_rgh by PCG/DIC (the tutorial's) and by GAMG (what users run),
  sluice with p_rgh by PCG/DIC, by PPCG (pipelined CG, one Iallreduce per
  iteration), by PPCG with progressChunks 4 (MPI_Test between pieces of the overlapped work)
  and by that with overlapSolutionUpdate (x += alpha p moved into the overlap window, as RePiPePCG),
  by that with overlapDirectionUpdate (p = u + beta p moved there too, RePiPePCG's p and x),
  and with p_rgh by GAMG (OpenFOAM's settings above),

all set up by `sluice setfields` and decomposed with `simple`. Per run: wall
time per step (first step line to End), peak resident memory per rank, MPI
calls per step by type (PMPI counter, whole run / steps) and for sluice the
time in the alpha, momentum and pressure stages (its profile). Results:
bench/results/DAMBREAK.md and dambreak.json. Needs the benchmark tools that
bench/run builds (build-bench/benchtools).

    /usr/bin/python3 bench/dambreak.py                    # both sizes, 1 and 2 ranks
    /usr/bin/python3 bench/dambreak.py --refine 2 --np 1  # one size and rank count
    /usr/bin/python3 bench/dambreak.py --variants openfoam:PCG,openfoam:GAMG,sluice:GAMG --name dambreak_gamg
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = Path("/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/damBreak/damBreak")
END_TIME = 0.2

VARIANTS = [
    ("openfoam", "PCG", "solver PCG; preconditioner DIC;"),
    ("openfoam", "GAMG", "solver GAMG; smoother DIC; nCellsInCoarsestLevel 10; agglomerator faceAreaPair; "
                         "mergeLevels 1; cacheAgglomeration true;"),
    ("sluice", "PCG", "solver PCG; preconditioner DIC;"),
    ("sluice", "PPCG", "solver PPCG; preconditioner DIC;"),
    ("sluice", "PPCG-test", "solver PPCG; preconditioner DIC; progressChunks 4;"),
    ("sluice", "PPCG-test-x", "solver PPCG; preconditioner DIC; progressChunks 4; overlapSolutionUpdate yes;"),
    ("sluice", "PPCG-test-px", "solver PPCG; preconditioner DIC; progressChunks 4; overlapDirectionUpdate yes;"),
    ("sluice", "GAMG", "solver GAMG; smoother DIC; nCellsInCoarsestLevel 10; agglomerator faceAreaPair; "
                       "mergeLevels 1; cacheAgglomeration true;"),
]


def make_case(case: Path, refine: int, np: int, p_solver: str, tools: runners.Tools) -> None:
    shutil.rmtree(case, ignore_errors=True)
    shutil.copytree(TUTORIAL, case)
    shutil.copy(case / "0/alpha.water.orig", case / "0/alpha.water")
    control = (case / "system/controlDict").read_text()
    control = re.sub(r"\nendTime\s+[^;]+;", f"\nendTime         {END_TIME};", control)
    control = re.sub(r"\n#sinclude[^\n]*", "\n", control)  # no sampling: the stages are timed, not the output
    control = re.sub(r"\nwriteInterval\s+[^;]+;", "\nwriteInterval   1;", control)  # only the end is written
    (case / "system/controlDict").write_text(control)
    mesh = (case / "system/blockMeshDict").read_text()
    mesh = re.sub(r"\((\d+) (\d+) 1\)", lambda m: f"({int(m.group(1)) * refine} {int(m.group(2)) * refine} 1)", mesh)
    (case / "system/blockMeshDict").write_text(mesh)
    solution = (case / "system/fvSolution").read_text()
    solution = re.sub(r"(\n    p_rgh\n    \{\n)\s+solver\s+PCG;\n\s+preconditioner\s+DIC;",
                      lambda m: m.group(1) + "        " + p_solver, solution)
    (case / "system/fvSolution").write_text(solution)
    decompose = (case / "system/decomposeParDict").read_text()
    decompose = re.sub(r"numberOfSubdomains\s+\d+;", f"numberOfSubdomains {np};", decompose)
    decompose = re.sub(r"n\s+\(2 2 1\);", f"n ({np} 1 1);", decompose)
    (case / "system/decomposeParDict").write_text(decompose)
    rc, out, _ = runners.run_plain([str(tools.sluice), "setfields", str(case)])
    if rc != 0:
        raise RuntimeError("sluice setfields failed:\n" + out)


def summarise(r: dict) -> dict:
    p_iterations = sum(sum(v) for k, v in (r.get("iterations") or {}).items() if k.startswith("p_rgh"))
    out = {"status": r["status"], "steps": r["steps"], "per_step": r["per_step"], "rss_kib": r["rss_kib"],
           "p_rgh_iterations": p_iterations, "calls_per_step": runners.calls_per_step(r)}
    profile = r.get("profile")
    if profile:
        # Seconds of the slowest rank in each region.
        regions = {x["name"]: x["seconds"]["max"] if isinstance(x["seconds"], dict) else x["seconds"]
                   for x in profile.get("regions", [])}
        out["stages"] = {k: regions.get(k) for k in ("alpha-predictor", "momentum-predictor", "pressure-corrector",
                                                     "time-step")}
    return out


def report(results: list[dict], command: str) -> str:
    lines = ["# interFoam benchmark: damBreak refined, sluice against OpenFOAM v1912", "",
             f"Produced by `{command}` (bench/dambreak.py; see its header). Time per step from the first step line "
             "to End (start-up excluded); memory: peak RSS per rank (max over ranks); calls: per time step on the "
             "busiest rank, PMPI counts of the whole run divided by the steps.", ""]
    for refine in sorted({r["refine"] for r in results}):
        for np in sorted({r["np"] for r in results}):
            rows = [r for r in results if r["refine"] == refine and r["np"] == np]
            if not rows:
                continue
            ref = next((r for r in rows if r["code"] == "openfoam" and r["p"] == "PCG"), None)
            best = min((r for r in rows if r["code"] == "openfoam" and r["per_step"]), key=lambda r: r["per_step"],
                       default=None)
            lines += [f"## {rows[0]['cells']} cells (refined {refine}x), {np} rank(s)", "",
                      "| code | p_rgh | steps | p_rgh iterations | s/step | vs OpenFOAM PCG | vs OpenFOAM best | "
                      "peak RSS MiB | ratio to OpenFOAM PCG | Allreduce/step | Iallreduce/step | Alltoall/step | "
                      "Probe/step | Send+Recv/step |", "|" + " --- |" * 14]
            for r in rows:
                c = r["calls_per_step"]
                rss = max((x for x in r["rss_kib"] if x), default=0) / 1024
                ref_rss = max((x for x in ref["rss_kib"] if x), default=0) / 1024 if ref else 0
                ps = r["per_step"]
                lines.append(
                    f"| {r['code']} | {r['p']} | {r['steps']} | {r['p_rgh_iterations']} | {ps:.4f} | "
                    f"{ps / ref['per_step']:.2f} | {ps / best['per_step']:.2f} | {rss:.0f} | "
                    f"{rss / ref_rss:.2f} | {c.get('Allreduce', 0):.0f} | {c.get('Iallreduce', 0):.0f} | "
                    f"{c.get('Alltoall', 0) + c.get('Alltoallv', 0):.0f} | {c.get('Probe', 0) + c.get('Iprobe', 0):.0f} | "
                    f"{c.get('Send', 0) + c.get('Recv', 0):.0f} |" if ps and ref and best and ref["per_step"] else
                    f"| {r['code']} | {r['p']} | {r['status']} |")
            stages = [r for r in rows if r.get("stages")]
            if stages:
                lines += ["", "sluice, seconds per run in each stage (profile regions, slowest rank):", "",
                          "| p_rgh | alpha-predictor | momentum-predictor | pressure-corrector | time-step |",
                          "| --- | --- | --- | --- | --- |"]
                for r in stages:
                    s = r["stages"]
                    lines.append("| " + r["p"] + " | " + " | ".join(
                        f"{s[k]:.3f}" if s.get(k) is not None else "-" for k in
                        ("alpha-predictor", "momentum-predictor", "pressure-corrector", "time-step")) + " |")
            lines.append("")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--refine", default="2,4")
    p.add_argument("--np", default="1,2")
    p.add_argument("--name", default="dambreak", help="results in bench/results/<NAME>.json and <NAME upper>.md")
    p.add_argument("--variants", help="comma-separated code:p_rgh pairs, e.g. openfoam:GAMG,sluice:GAMG (default all)")
    runners.add_run_arguments(p, REPO, "dambreak", argv)
    args = p.parse_args(argv)
    if runners.missing_tutorial(TUTORIAL):
        return 1
    tools = runners.Tools.in_build_dir(REPO, args.build)
    results = []
    for refine in [int(x) for x in args.refine.split(",")]:
        for np in [int(x) for x in args.np.split(",")]:
            for code, name, solver in VARIANTS:
                if args.variants and f"{code}:{name}" not in args.variants.split(","):
                    continue
                case = args.work / f"r{refine}-np{np}-{code}-{name}"
                make_case(case, refine, np, solver, tools)
                s = summarise(runners.run_case(code, case, np, tools, -1, application="interFoam"))
                s.update({"code": code, "p": name, "refine": refine, "np": np,
                          "cells": 2268 * refine * refine})
                results.append(s)
                print(f"refine {refine} np {np} {code:8s} {name:9s} {s['status']} steps {s['steps']} "
                      f"per step {s['per_step']}", flush=True)
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / f"{args.name}.json").write_text(json.dumps(results, indent=1))
    (args.results / f"{args.name.upper()}.md").write_text(report(results, args.command))
    print(f"wrote {args.results / (args.name.upper() + '.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
