#!/usr/bin/python3
"""The distributed start-up (issue 13, acceptance 2 and 3), sluice against
OpenFOAM v1912 side by side, in one run.

Part 1, at --np ranks (default 4) on a 3D lid-driven cavity of N^3 cells
(--n, default 100: 1M cells; icoFoam, 2 steps, PISO, p by PCG/DIC,
decomposition scotch), each variant from a fresh copy of the case:

  OpenFOAM   blockMesh, decomposePar (method simple: Debian's v1912 has only
             a stub for scotch), icoFoam -parallel; its start-up is
             blockMesh + decomposePar + icoFoam's time to its first step;
  sluice     from system/blockMeshDict: every rank generates its share;
  sluice     from constant/polyMesh (OpenFOAM's blockMesh output, ascii):
             every rank reads its share;
  sluice     from system/blockMeshDict with --method metis: the rank-0
             start-up (rank 0 meshes, partitions and sends), for comparison
             (simple and hierarchical take the distributed start-up too).

Peak resident memory of every rank process from /usr/bin/time
(bench/peak_rss) for both codes alike: rank 0 / the mean over ranks is the
figure of acceptance 2 (<= 1.3). sluice's start-up time is its own figure
(sluice-profile.json "startup": wall time of the start-up, slowest rank),
also the time from launch to its first step, which is what OpenFOAM's row
shows.

Part 2, the start-up model of docs/PERFORMANCE.md checked against runs: sluice
on a --model-n^3 cube at 1-4 ranks (1 step): all-to-all exchanges, messages
and bytes sent to other ranks, peak memory after start-up, next to what the
model predicts for that mesh; then the model's figures for 10^8 cells on 4096
ranks.

Results: bench/results/DISTRIBUTED_STARTUP.md and distributed_startup.json.

    /usr/bin/python3 bench/distributed_startup.py --build build
    /usr/bin/python3 bench/distributed_startup.py --build build --n 40 --model-n 30    # quick
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import cases, runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024

# ----------------------------------------------------------------- the model
# Per item of the mesh, the bytes each of the start-up's seven all-to-all
# exchanges carries (src/sluice/parallel/share_partition.cpp, share_migration.cpp):
#   1 graph edges     16 B per internal face end (2 per internal face)
#   2 cell asks        8 B per distinct cell a rank's faces touch
#   3 cell answers     4 B per such cell
#   4 neighbour parts  4 B per pair of parts sharing faces (negligible)
#   5 faces           (4 + vertices) x 8 B per face and receiving part (2 for a processor face)
#   6 point asks       8 B per point a part's faces use
#   7 point answers   24 B per such point
# An item crosses ranks only when its holder (cell block, face or point range)
# is not its destination: `offRank` is that fraction, which the runs measure.
EXCHANGES = 7


def mesh_counts(n: int, np: int, shared_faces: int = 0) -> dict:
    """Cells, faces and points of an n^3 hex cube, and the items the exchanges carry."""
    cells = n ** 3
    internal = 3 * n * n * (n - 1)
    boundary = 6 * n * n
    points = (n + 1) ** 3
    face_bytes = (internal + boundary + shared_faces) * (4 + 4) * 8
    return {"cells": cells, "internal_faces": internal, "faces": internal + boundary, "points": points,
            "volume_bytes": 2 * internal * 16 + cells * (8 + 4) + face_bytes + points * (8 + 24)}


def model_bytes(n: int, np: int, off_rank: float, shared_faces: int = 0) -> float:
    """Bytes sent to other ranks in all, by the model."""
    return off_rank * mesh_counts(n, np, shared_faces)["volume_bytes"] if np > 1 else 0.0


# ----------------------------------------------------------------- runs

def tools_for(build: Path) -> runners.Tools:
    return runners.Tools.in_build_dir(REPO, build)


def cube(n: int, steps: int, method: str = "scotch") -> cases.CaseSpec:
    # deltaT: lid Courant number 0.1 at this resolution (U = 1, dx = 0.1 / n).
    return cases.CaseSpec(f"cube{n}", n, 0.1 * 0.1 / n, steps, None, nz=n, method=method,
                          description=f"3D cavity {n}^3, {steps} steps")


def rss_row(rss_kib: list[int | None]) -> dict:
    mib = [r / 1024 if r is not None else None for r in rss_kib]
    known = [m for m in mib if m is not None]
    mean = statistics.mean(known) if known else None
    return {"rank_MiB": mib, "rank0_MiB": mib[0], "mean_MiB": mean, "max_MiB": max(known) if known else None,
            "rank0_over_mean": (mib[0] / mean) if mib[0] and mean else None}


def run_sluice(label: str, case_dir: Path, np: int, tools: runners.Tools, steps: int, method: str | None) -> dict:
    r = runners.run_code("sluice", case_dir, np, tools, case_dir / "run", steps, method=method)
    print(f"{label}: {r['status']}, start-up {r['startup']} s, peak RSS {r['rss_kib']} KiB", flush=True)
    if r["status"] != "ok":
        raise RuntimeError(f"{label} failed ({r['status']}):\n{r.get('log_tail', '')}")
    startup = (r.get("profile") or {}).get("startup") or {}
    return {"variant": label, "np": np, "command": r["command"], "first_step_s": r["startup"],
            "startup_s": startup.get("seconds"), "startup": startup, "per_step_s": r["per_step"]} | rss_row(
                r["rss_kib"])


def part1(args, tools: runners.Tools) -> dict:
    spec = cube(args.n, args.steps)
    work = args.work / "part1"
    of_dir = work / "openfoam"
    # Debian's OpenFOAM v1912 has no scotch (a stub library): it decomposes with simple, slabs along x.
    cases.write_case(of_dir, cube(args.n, args.steps, "simple"), args.steps, args.np)
    prep = runners.prepare_openfoam(of_dir, args.np, tools)
    if not prep["ok"]:
        raise RuntimeError(prep["error"])
    log_block = (of_dir / "log.blockMesh").read_text()
    of = runners.run_code("openfoam", of_dir, args.np, tools, of_dir / "run", args.steps)
    print(f"OpenFOAM: {of['status']}, blockMesh + decomposePar {prep['seconds']:.1f} s, icoFoam to its first step "
          f"{of['startup']} s, peak RSS {of['rss_kib']} KiB", flush=True)
    if of["status"] != "ok":
        raise RuntimeError(f"OpenFOAM failed:\n{of.get('log_tail', '')}")
    rows = [{"variant": "OpenFOAM blockMesh + decomposePar + icoFoam", "np": args.np, "command": of["command"],
             "mesh_and_decompose_s": prep["seconds"], "first_step_s": of["startup"],
             "startup_s": prep["seconds"] + of["startup"], "per_step_s": of["per_step"],
             "blockMesh_log_lines": len(log_block.splitlines())} | rss_row(of["rss_kib"])]

    block_dir = work / "sluice-blockMeshDict"
    cases.write_case(block_dir, spec, args.steps, args.np)
    rows.append(run_sluice("sluice from system/blockMeshDict", block_dir, args.np, tools, args.steps, None))

    poly_dir = work / "sluice-polyMesh"
    cases.write_case(poly_dir, spec, args.steps, args.np)
    shutil.copytree(of_dir / "constant/polyMesh", poly_dir / "constant/polyMesh")
    rows.append(run_sluice("sluice from constant/polyMesh (ascii)", poly_dir, args.np, tools, args.steps, None))

    root_dir = work / "sluice-rank0"
    cases.write_case(root_dir, spec, args.steps, args.np)
    rows.append(run_sluice("sluice, rank-0 start-up (--method metis)", root_dir, args.np, tools, args.steps,
                           "metis"))
    return {"n": args.n, "cells": spec.cells, "np": args.np, "steps": args.steps, "rows": rows}


def part2(args, tools: runners.Tools) -> dict:
    spec = cube(args.model_n, 1)
    rows = []
    for np in range(1, 5):
        case_dir = args.work / "part2" / f"np{np}"
        cases.write_case(case_dir, spec, 1, np)
        r = run_sluice(f"model cube {args.model_n}^3 at {np}", case_dir, np, tools, 1, None)
        s = r["startup"]
        rows.append({"np": np, "exchanges": s.get("exchanges"), "max_messages": s.get("maxMessages"),
                     "total_messages": s.get("totalMessages"), "total_bytes": s.get("totalBytes"),
                     "max_bytes": s.get("maxBytes"), "mean_peak_MiB": s.get("meanPeakResidentBytes", 0) / MIB,
                     "rank0_peak_MiB": s.get("rank0PeakResidentBytes", 0) / MIB, "distributed": s.get("distributed"),
                     "volume_bytes": mesh_counts(args.model_n, np)["volume_bytes"]})
    return {"n": args.model_n, "cells": spec.cells, "rows": rows}


# ----------------------------------------------------------------- report

def fit_memory(rows: list[dict], cells: int) -> tuple[float, float]:
    """Least squares peak = base + per_cell * cells/np over the distributed runs (np >= 2), MiB and bytes/cell."""
    xs = [cells / r["np"] for r in rows if r["distributed"]]
    ys = [r["mean_peak_MiB"] for r in rows if r["distributed"]]
    if len(xs) < 2:
        return float("nan"), float("nan")
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope * MIB


def markdown(data: dict) -> str:
    p1, p2 = data["part1"], data["part2"]
    f = lambda v, d=1: "-" if v is None else f"{v:.{d}f}"  # noqa: E731
    lines = ["# Distributed start-up: sluice against OpenFOAM v1912 (issue 13)", "",
             f"Command: `{data['command']}` (sources at {data['revision']}; {data['cores']} cores, shared).", "",
             f"## Start-up and peak memory per rank at {p1['np']} ranks, {p1['n']}^3 = {p1['cells']} cells "
             f"(3D cavity, icoFoam, {p1['steps']} steps; sluice: scotch, OpenFOAM: simple, as Debian's OpenFOAM v1912 has "
             "only a stub for scotch)", "",
             "Peak resident set of every rank process (/usr/bin/time), MiB. Start-up: OpenFOAM's row is blockMesh + "
             "decomposePar + icoFoam's time from launch to its first step; sluice's `startup` is its own figure (the "
             "start-up's wall time, slowest rank), `to 1st step` is launch to its first step like OpenFOAM's.", "",
             "| variant | start-up s | to 1st step s | s/step | rank 0 MiB | mean MiB | max MiB | rank 0 / mean |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in p1["rows"]:
        lines.append(f"| {r['variant']} | {f(r['startup_s'], 2)} | {f(r['first_step_s'], 2)} | {f(r['per_step_s'], 2)} | "
                     f"{f(r['rank0_MiB'], 0)} | {f(r['mean_MiB'], 0)} | {f(r['max_MiB'], 0)} | "
                     f"{f(r['rank0_over_mean'], 2)} |")
    lines += ["", "sluice's figures after start-up (sluice-profile.json `startup`): peak resident memory per rank "
              "when the start-up ends, rank 0 / mean / max MiB; bytes and messages it sent to other ranks.", "",
              "| variant | way | after start-up rank 0 / mean / max MiB | exchanges | messages per rank (max) | "
              "MiB sent per rank (max) |", "| --- | --- | --- | --- | --- | --- |"]
    for r in p1["rows"][1:]:
        s = r["startup"]
        lines.append(f"| {r['variant']} | {'distributed' if s.get('distributed') else 'rank 0'} | "
                     f"{s.get('rank0PeakResidentBytes', 0) / MIB:.0f} / {s.get('meanPeakResidentBytes', 0) / MIB:.0f} / "
                     f"{s.get('maxPeakResidentBytes', 0) / MIB:.0f} | {s.get('exchanges')} | {s.get('maxMessages')} | "
                     f"{s.get('maxBytes', 0) / MIB:.1f} |")

    rows = p2["rows"]
    dist = [r for r in rows if r["distributed"]]
    off = [r["total_bytes"] / r["volume_bytes"] for r in dist]
    base, per_cell = fit_memory(rows, p2["cells"])
    lines += ["", f"## The start-up model against runs: {p2['n']}^3 = {p2['cells']} cells at 1-4 ranks", "",
              "Model (docs/PERFORMANCE.md): 7 all-to-all exchanges; the data they carry is "
              "V = 32 F_i + 12 N + 64 F + 32 N_p bytes (F_i internal faces, F faces, N_p points; each face between "
              "ranks goes to both, 64 B more), of which the fraction crossing ranks goes over the network; peak memory after "
              "start-up per rank = base + c N/P. Measured below; `off-rank` = bytes sent / V.", "",
              "| ranks | way | exchanges | messages per rank max / total | bytes sent total | V (model) | off-rank | "
              "peak after start-up mean MiB | model MiB |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        model_mib = base + per_cell * p2["cells"] / r["np"] / MIB if r["distributed"] else None
        lines.append(f"| {r['np']} | {'distributed' if r['distributed'] else 'rank 0'} | {r['exchanges']} | "
                     f"{r['max_messages']} / {r['total_messages']} | {r['total_bytes']} | {r['volume_bytes']} | "
                     f"{(r['total_bytes'] / r['volume_bytes']) if r['distributed'] else 0:.2f} | "
                     f"{r['mean_peak_MiB']:.1f} | {f(model_mib)} |")
    worst_off = max(off) if off else float("nan")
    n8, p8 = 1e8, 4096
    per_rank_cells = n8 / p8
    v_per_cell = mesh_counts(464, p8)["volume_bytes"] / mesh_counts(464, p8)["cells"]
    lines += ["", f"Fit over the distributed runs: peak after start-up = {base:.1f} MiB + {per_cell:.0f} B x N/P. "
              f"Off-rank fraction {min(off) if off else float('nan'):.2f}-{worst_off:.2f}.", "",
              f"## Extrapolated: 10^8 cells on 4096 ranks ({per_rank_cells:.0f} cells per rank)", "",
              f"- exchanges: {EXCHANGES} MPI_Alltoall of P ints (16 KiB per rank each) + {EXCHANGES} MPI_Alltoallv; "
              "plus one MPI_Allgather (point ranges, 32 KiB) and one MPI_Allreduce of P counts (parts' sizes), "
              "PT-Scotch's own communication, and MPI_Dist_graph_create_adjacent;",
              f"- data per rank: V/P = {v_per_cell:.0f} B x {per_rank_cells:.0f} cells = "
              f"{v_per_cell * per_rank_cells / MIB:.1f} MiB carried, at most that sent (the runs above sent "
              f"{worst_off:.0%} of it to other ranks);",
              f"- memory per rank after start-up: {base:.0f} MiB + {per_cell:.0f} B x {per_rank_cells:.0f} = "
              f"{base + per_cell * per_rank_cells / MIB:.0f} MiB, none of it sized by the whole mesh except the "
              "O(P) arrays above (rank 0 as every other rank); the rank-0 start-up needs the whole mesh on rank 0.",
              "- messages per rank: at most P - 1 per exchange; in fact the ranks whose parts overlap its cell "
              "block, face range or point range (measured above), not P."]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=100, help="cells per side of the cube of part 1")
    p.add_argument("--np", type=int, default=4)
    p.add_argument("--steps", type=int, default=2)
    p.add_argument("--model-n", type=int, default=60, help="cells per side of the cube of part 2")
    runners.add_run_arguments(p, REPO, "distributed_startup", argv)
    args = p.parse_args(argv)
    tools = tools_for(args.build)
    for exe in (tools.sluice, tools.pmpi_lib, Path("/usr/bin/time")):
        if not exe.exists():
            print(f"missing {exe} (bench/run builds BUILD/benchtools; apt-get install time)")
            return 1
    if not (tools.openfoam_bin / "blockMesh").exists():
        print("needs OpenFOAM v1912 (apt-get install openfoam)")
        return 1
    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)
    rc, rev, _ = runners.run_plain(["git", "-C", str(REPO), "describe", "--always", "--dirty"], timeout=60)
    data = {"command": args.command, "revision": rev.strip() if rc == 0 else "unknown", "cores": os.cpu_count(),
            "part1": part1(args, tools), "part2": part2(args, tools)}
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / "distributed_startup.json").write_text(json.dumps(data, indent=1))
    text = markdown(data)
    (args.results / "DISTRIBUTED_STARTUP.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
