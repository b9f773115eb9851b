#!/usr/bin/python3
"""Where sluice's heap goes at its peak (issue 13, memory per cell): runs
`sluice run` serially under valgrind massif on a copy of a case, takes the
snapshot massif marks as the peak (heap_tree=peak) and attributes each leaf
allocation of its tree to the chain of the first sluice:: frames of its stack
(parallelMain, runRunCommand and main skipped), innermost first. Prints, per
category, MB and bytes per cell, largest first.

    /usr/bin/python3 bench/memory_breakdown.py --build build --write          # cavity200, 2 steps
    /usr/bin/python3 bench/memory_breakdown.py --case cavity1000 --frames 2 --top 40
    /usr/bin/python3 bench/memory_breakdown.py --massif-file massif.out --cells 40000   # parse only

massif counts heap blocks (malloc/new) only, not stacks, code or MPI's
shared-memory segments: its peak is below the resident peak that
bench/memory.py measures. Needs valgrind (apt-get install valgrind).
"""
from __future__ import annotations

import argparse
import collections
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import cases, runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SKIPPED_FRAMES = ("parallelMain", "runRunCommand")
NODE = re.compile(r"^( *)n(\d+): (\d+) (.*)$")


def frame_name(description: str) -> str:
    """The function of a massif tree line, without address, arguments or object file."""
    d = re.sub(r"^0x[0-9A-Fa-f]+: ", "", description)
    d = re.sub(r" \(in .*\)$", "", d)
    d = re.sub(r" \([^()]*:\d+\)$", "", d)  # (file.cpp:123)
    return d.replace("(anonymous namespace)", "{anon}").split("(", 1)[0]


def peak_snapshot(lines: list[str]) -> tuple[int, int]:
    """(line index of the peak snapshot's heap_tree, its mem_heap_B)."""
    heap = None
    for i, line in enumerate(lines):
        if line.startswith("snapshot="):
            heap = None
        elif line.startswith("mem_heap_B="):
            heap = int(line.split("=", 1)[1])
        elif line == "heap_tree=peak":
            return i, heap or 0
    raise ValueError("no snapshot marked heap_tree=peak (massif writes one at the end of a run)")


def categories(lines: list[str], start: int, frames: int) -> collections.Counter:
    """Bytes per category: each leaf of the tree after line `start` under the
    chain of its first `frames` sluice:: frames (outermost skipped ones
    dropped); leaves without a sluice frame count as "(outside sluice)"."""
    totals: collections.Counter = collections.Counter()
    stack: list[str] = []
    for line in lines[start + 1:]:
        if line.startswith("snapshot=") or line.startswith("#"):
            break
        m = NODE.match(line)
        if not m:
            continue
        depth, children, size = len(m.group(1)), int(m.group(2)), int(m.group(3))
        stack = stack[:depth] + [frame_name(m.group(4))]
        if children > 0:
            continue
        if "below massif's threshold" in m.group(4):
            totals["(below the threshold, all places)"] += size
            continue
        sluice = [f for f in stack[1:] if "sluice::" in f and not any(s in f for s in SKIPPED_FRAMES)
                  and not f.startswith("main")]
        # The stack runs from the allocation outwards: the first frames are the innermost.
        totals[" <- ".join(sluice[:frames]) if sluice else "(outside sluice)"] += size
    return totals


def report(massif_file: Path, cells: int, frames: int, top: int) -> tuple[str, dict]:
    lines = massif_file.read_text(errors="replace").splitlines()
    start, heap = peak_snapshot(lines)
    totals = categories(lines, start, frames)
    rows = [{"category": k, "bytes": v, "bytes_per_cell": v / cells} for k, v in totals.most_common()]
    out = [f"Heap at its peak (massif): {heap / 1e6:.2f} MB, {heap / cells:.0f} bytes per cell ({cells} cells); "
           f"top {min(top, len(rows))} of {len(rows)} categories (first {frames} sluice frames, innermost first: "
           "A <- B means A called from B):", "",
           "| MB | bytes/cell | category |", "| ---: | ---: | --- |"]
    for r in rows[:top]:
        out.append(f"| {r['bytes'] / 1e6:.2f} | {r['bytes_per_cell']:.1f} | `{r['category'][:200]}` |")
    return "\n".join(out), {"heap_bytes": heap, "cells": cells, "categories": rows}


def run_massif(sluice: Path, case_dir: Path, massif_file: Path, depth: int, threshold: float) -> None:
    argv = ["valgrind", "--tool=massif", f"--depth={depth}", f"--threshold={threshold}",
            f"--massif-out-file={massif_file}", str(sluice), "run", str(case_dir), "--quiet"]
    rc, out, seconds = runners.run_plain(argv, timeout=7200)
    (case_dir / "log.massif").write_text(out)
    if rc != 0:
        raise RuntimeError(f"{' '.join(argv)} failed (exit {rc}):\n{runners.tail(out)}")
    print(f"massif run: {seconds:.0f} s", flush=True)


def breakdown(sluice: Path, case_name: str, steps: int, work: Path, frames: int = 3, top: int = 25,
              depth: int = 12, threshold: float = 0.1) -> tuple[str, dict]:
    """massif run of `sluice` on a fresh copy of the generated case; the table and its data."""
    spec = cases.CASES[case_name]
    case_dir = cases.write_case(work / f"{case_name}-massif", spec, steps, 1)
    massif_file = work / f"{case_name}-massif.out"
    run_massif(sluice, case_dir, massif_file, depth, threshold)
    text, data = report(massif_file, spec.cells, frames, top)
    data.update({"case": case_name, "steps": steps, "massif_file": str(massif_file),
                 "command": f"valgrind --tool=massif --depth={depth} --threshold={threshold} sluice run CASE"})
    return text, data


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--case", default="cavity200", choices=sorted(cases.CASES))
    p.add_argument("--steps", type=int, default=2)
    p.add_argument("--build", type=Path, default=REPO / "build-bench", help="build folder with bin/sluice")
    p.add_argument("--work", type=Path, default=REPO / "build-bench" / "memory_breakdown")
    p.add_argument("--frames", type=int, default=3, help="sluice frames per category")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--massif-file", type=Path, help="parse this massif output instead of running")
    p.add_argument("--cells", type=int, help="cells of the --massif-file run (default: the case's)")
    p.add_argument("--write", action="store_true", help="also write bench/results/MEMORY_BREAKDOWN.md")
    args = p.parse_args(argv)
    if args.massif_file:
        text, _ = report(args.massif_file, args.cells or cases.CASES[args.case].cells, args.frames, args.top)
    else:
        if shutil.which("valgrind") is None:
            print("needs valgrind (apt-get install valgrind)")
            return 1
        text, _ = breakdown(args.build / "bin/sluice", args.case, args.steps, args.work, args.frames, args.top)
    print(text)
    if args.write:
        command = "/usr/bin/python3 bench/memory_breakdown.py " + " ".join(argv)
        (REPO / "bench/results/MEMORY_BREAKDOWN.md").write_text(
            f"# sluice heap at its peak by category (valgrind massif)\n\nCommand: `{command}` "
            f"({args.steps} time steps of {args.case}, serial).\n\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
