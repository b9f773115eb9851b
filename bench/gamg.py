#!/usr/bin/python3
"""GAMG benchmark, sluice against OpenFOAM v1912 side by side (issue 12): the
icoFoam cavity tutorial (copied from the installed openfoam-examples at run
time) refined to N x N cells, run for a fixed number of steps at 1 and 2
ranks (`simple` decomposition) by

  OpenFOAM icoFoam with p and pFinal by GAMG (what users run) and by PCG/DIC,
  sluice with p and pFinal by GAMG and by PCG/DIC,

with the GAMG settings of OpenFOAM's tutorials (smoother GaussSeidel,
nCellsInCoarsestLevel 10, faceAreaPair) and the cavity's tolerances (1e-6,
relTol 0.05, pFinal 0). Per run: wall time per step over the steps (first
step line to the last step's ExecutionTime line) and to End (which holds
sluice's final-state write: OpenFOAM writes nothing at the end here),
p iterations, peak RSS per rank and MPI calls per step by type (PMPI counter,
whole run divided by the steps). Results: bench/results/GAMG.md and gamg.json.
Needs the benchmark tools that bench/run builds (build-bench/benchtools).

    /usr/bin/python3 bench/gamg.py                        # 400x400 and 1000x1000, 1 and 2 ranks
    /usr/bin/python3 bench/gamg.py --n 400 --np 1 --steps 5
    /usr/bin/python3 bench/gamg.py --n 1000 --variants openfoam:GAMG,sluice:GAMG --name gamg_1000
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
TUTORIAL = Path("/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity")

GAMG = "solver GAMG; smoother GaussSeidel; nCellsInCoarsestLevel 10; agglomerator faceAreaPair; mergeLevels 1; " \
       "cacheAgglomeration true;"
VARIANTS = [
    ("openfoam", "GAMG", GAMG),
    ("openfoam", "PCG", "solver PCG; preconditioner DIC;"),
    ("sluice", "GAMG", GAMG),
    ("sluice", "PCG", "solver PCG; preconditioner DIC;"),
]


def make_case(case: Path, n: int, np: int, steps: int, p_solver: str) -> None:
    shutil.rmtree(case, ignore_errors=True)
    shutil.copytree(TUTORIAL, case)
    delta_t = 0.1 / n * 0.4  # Courant number about 0.4 at the lid (1 m/s)
    control = (case / "system/controlDict").read_text()
    control = re.sub(r"\ndeltaT\s+[^;]+;", f"\ndeltaT          {delta_t:.10g};", control)
    control = re.sub(r"\nendTime\s+[^;]+;", f"\nendTime         {steps * delta_t:.10g};", control)
    control = re.sub(r"\nwriteControl\s+[^;]+;", "\nwriteControl    timeStep;", control)
    control = re.sub(r"\nwriteInterval\s+[^;]+;", f"\nwriteInterval   {steps * 10};", control)  # nothing written
    (case / "system/controlDict").write_text(control)
    mesh = (case / "system/blockMeshDict").read_text()
    mesh = re.sub(r"\(20 20 1\)", f"({n} {n} 1)", mesh)
    (case / "system/blockMeshDict").write_text(mesh)
    solution = (case / "system/fvSolution").read_text()
    solution = re.sub(r"(\n    p\n    \{\n)\s+solver\s+PCG;\n\s+preconditioner\s+DIC;",
                      lambda m: m.group(1) + "        " + p_solver, solution)
    (case / "system/fvSolution").write_text(solution)
    (case / "system/decomposeParDict").write_text(
        "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"
        f"numberOfSubdomains {np};\nmethod simple;\nsimpleCoeffs {{ n (1 {np} 1); delta 0.001; }}\n")


def summarise(r: dict) -> dict:
    iterations = sum(sum(v) for k, v in (r.get("iterations") or {}).items() if k == "p")
    return {"status": r["status"], "steps": r["steps"], "per_step": r["per_step"],
            "per_step_steps": r.get("per_step_steps"), "rss_kib": r["rss_kib"],
            "p_iterations": iterations, "calls_per_step": runners.calls_per_step(r)}


def steps_only(r: dict | None) -> float | None:
    """Seconds per step over the steps alone (runs recorded before it was: to End)."""
    if r is None:
        return None
    return r.get("per_step_steps") or r["per_step"]


def report(results: list[dict], command: str) -> str:
    lines = ["# GAMG benchmark: icoFoam cavity refined, sluice against OpenFOAM v1912", "",
             f"Produced by `{command}` (bench/gamg.py; see its header), all rows of a table from the same run. "
             "Time per step over the steps (first step line to the last step's end, its ExecutionTime line) and, "
             "in the last two columns, to End (start-up excluded from both; the window to End also holds sluice's "
             "final-state write, which OpenFOAM does not make with these settings); memory: peak RSS per rank (max "
             "over ranks); calls: per time step on the busiest rank, PMPI counts of the whole run divided by the "
             "steps.", ""]
    for n in sorted({r["n"] for r in results}):
        for np in sorted({r["np"] for r in results}):
            rows = [r for r in results if r["n"] == n and r["np"] == np]
            ref = next((r for r in rows if r["code"] == "openfoam" and r["p"] == "GAMG" and steps_only(r)), None)
            mine = next((r for r in rows if r["code"] == "sluice" and r["p"] == "PCG" and steps_only(r)), None)
            lines += [f"## {n}x{n} cells, {np} rank(s)", "",
                      "| code | p | steps | p iterations | s/step | vs OpenFOAM GAMG | vs sluice PCG | peak RSS MiB | "
                      "Allreduce/step | Allgather(v)/step | Isend+Start/step | Alltoall/step | Probe/step | "
                      "Send+Recv/step | s/step to End | vs OpenFOAM GAMG to End |", "|" + " --- |" * 16]
            for r in rows:
                c = r["calls_per_step"]
                ps = steps_only(r)
                if not ps:
                    lines.append(f"| {r['code']} | {r['p']} | {r['status']} |")
                    continue
                rss = max((x for x in r["rss_kib"] if x), default=0) / 1024
                to_end = r["per_step"]
                lines.append(
                    f"| {r['code']} | {r['p']} | {r['steps']} | {r['p_iterations']} | {ps:.4f} | "
                    f"{ps / steps_only(ref) if ref else float('nan'):.3f} | "
                    f"{ps / steps_only(mine) if mine else float('nan'):.2f} | {rss:.0f} | "
                    f"{c.get('Allreduce', 0):.0f} | {c.get('Allgather', 0) + c.get('Allgatherv', 0):.0f} | "
                    f"{c.get('Isend', 0) + c.get('Start', 0) + c.get('Startall', 0):.0f} | "
                    f"{c.get('Alltoall', 0) + c.get('Alltoallv', 0):.0f} | {c.get('Probe', 0) + c.get('Iprobe', 0):.0f} | "
                    f"{c.get('Send', 0) + c.get('Recv', 0):.0f} | {to_end:.4f} | "
                    f"{to_end / ref['per_step'] if ref and ref['per_step'] else float('nan'):.3f} |")
            lines.append("")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", default="400,1000")
    p.add_argument("--np", default="1,2")
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--name", default="gamg", help="results in bench/results/<NAME>.json and <NAME upper>.md")
    p.add_argument("--variants", help="comma-separated code:p pairs, e.g. openfoam:GAMG,sluice:GAMG (default all)")
    runners.add_run_arguments(p, REPO, "gamg", argv)
    args = p.parse_args(argv)
    if runners.missing_tutorial(TUTORIAL):
        return 1
    tools = runners.Tools.in_build_dir(REPO, args.build)
    results = []
    for n in [int(x) for x in args.n.split(",")]:
        for np in [int(x) for x in args.np.split(",")]:
            for code, name, solver in VARIANTS:
                if args.variants and f"{code}:{name}" not in args.variants.split(","):
                    continue
                case = args.work / f"n{n}-np{np}-{code}-{name}"
                make_case(case, n, np, args.steps, solver)
                s = summarise(runners.run_case(code, case, np, tools, args.steps))
                s.update({"code": code, "p": name, "n": n, "np": np})
                results.append(s)
                print(f"n {n} np {np} {code:8s} {name:5s} {s['status']} steps {s['steps']} per step {s['per_step']} "
                      f"p iterations {s['p_iterations']}", flush=True)
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / f"{args.name}.json").write_text(json.dumps(results, indent=1))
    (args.results / f"{args.name.upper()}.md").write_text(report(results, args.command))
    print(f"wrote {args.results / (args.name.upper() + '.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
