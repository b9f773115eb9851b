#!/usr/bin/python3
"""End-to-end time of a small case, sluice against OpenFOAM v1912 side by side
(issue 15): the icoFoam cavity tutorial as installed (20 x 20 cells, 100 steps,
6 writes), run from a fresh copy by

  OpenFOAM: blockMesh, then icoFoam (what a user types for this tutorial),
  sluice:   sluice run (it meshes system/blockMeshDict itself), serial: an
            isolated MPI singleton with the in-process transport only,
  sluice under `mpiexec -n 1` (Open MPI's daemon and transport selection, what
  a launched run pays), for scale.

Each variant runs --repeats times, interleaved, on a fresh copy of the case
each time; the table gives the median and the fastest wall time of the whole
command (process start to exit) and the ratio of medians to OpenFOAM.
Results: bench/results/STARTUP.md.

    /usr/bin/python3 bench/startup.py                 # 15 repeats
    /usr/bin/python3 bench/startup.py --repeats 5
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = Path("/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity")


def timed(commands: list[list[str]], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    for argv in commands:
        p = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL)
        if p.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed in {cwd}:\n{p.stderr.decode(errors='replace')[-2000:]}")
    return time.perf_counter() - t0


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeats", type=int, default=15)
    runners.add_run_arguments(p, REPO, "startup", argv)
    args = p.parse_args(argv)
    if runners.missing_tutorial(TUTORIAL):
        return 1
    sluice = (args.build / "bin/sluice").resolve()
    if not sluice.exists():
        print(f"needs {sluice}; build it first (cmake --build {args.build} --target sluice)")
        return 1

    env = runners.base_env()
    for key in list(env):
        if key.startswith("OMPI_MCA_"):
            del env[key]
    variants = {
        "OpenFOAM blockMesh + icoFoam": ([["/usr/bin/blockMesh"], ["/usr/bin/icoFoam"]], env),
        "sluice run": ([[str(sluice), "run"]], env),
        "mpiexec -n 1 sluice run": ([["mpiexec", "-n", "1", str(sluice), "run"]], env),
    }
    times: dict[str, list[float]] = {name: [] for name in variants}
    for i in range(args.repeats):
        for name, (commands, variant_env) in variants.items():
            case = args.work / "cavity"
            shutil.rmtree(case, ignore_errors=True)
            shutil.copytree(TUTORIAL, case)
            times[name].append(timed(commands, case, variant_env))

    reference = statistics.median(times["OpenFOAM blockMesh + icoFoam"])
    rows = []
    for name, t in times.items():
        med = statistics.median(t)
        rows.append(f"| {name} | {med:.3f} | {min(t):.3f} | {med / reference:.2f} |")
    machine = f"{os.cpu_count()} cores"
    text = "\n".join([
        "# End-to-end time of the cavity tutorial (20 x 20 cells, 100 steps), sluice vs OpenFOAM v1912",
        "",
        f"Command: `{args.command}` ({args.repeats} repeats, interleaved, a fresh copy of the case each run; "
        f"{machine}). Wall time of the whole command, process start to exit, in seconds.",
        "",
        "| variant | median | fastest | median / OpenFOAM |",
        "|---|---|---|---|",
        *rows,
        "",
        "OpenFOAM meshes with blockMesh and then runs icoFoam; sluice meshes the blockMeshDict itself inside",
        "`sluice run`. A serial sluice run is an isolated Open MPI singleton with only the in-process",
        "transport (no orted daemon, no network transports probed; apps/mpi_launch.cpp prepareSerialMpi); the",
        "last row is the same run started by Open MPI's launcher, which starts its daemon and selects transports.",
        "",
    ])
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / "STARTUP.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
