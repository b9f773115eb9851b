#!/usr/bin/python3
"""Capillary rise with a contact angle, sluice against OpenFOAM v1912 (issue 10):
OpenFOAM's capillaryRise tutorial (1 mm x 20 mm channel, 20 x 400 cells,
constantAlphaContactAngle 45 degrees on the walls, water entering from the
bottom), copied from the installed openfoam-examples at run time and left
unchanged, set up by `sluice setfields` and run by both codes to its end time
(0.5 s, about 50000 steps each: some 15 minutes per code on one core). The
meniscus height at the final time is compared: the height where alpha
crosses 0.5 in the two cell columns at the channel's centre (the bottom of
the meniscus) and next to the walls, and the mean water height (water
volume over the channel's cross-section).

    /usr/bin/python3 bench/capillary_rise.py                       # run both codes, then compare
    /usr/bin/python3 bench/capillary_rise.py --compare-only DIR    # compare DIR/openfoam and DIR/sluice again
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = Path("/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/capillaryRise")
NX, NY, WIDTH, HEIGHT = 20, 400, 1e-3, 20e-3


def heights(alpha: list[float]) -> dict:
    """Meniscus heights (m) from alpha in blockMesh order (x fastest)."""
    dy = HEIGHT / NY

    def crossing(i: int) -> float:
        column = [alpha[i + NX * j] for j in range(NY)]
        for j in range(NY - 1):
            if column[j] >= 0.5 > column[j + 1]:
                return (j + 0.5) * dy + (column[j] - 0.5) / (column[j] - column[j + 1]) * dy
        return float("nan")

    return {"centre": 0.5 * (crossing(NX // 2 - 1) + crossing(NX // 2)),
            "wall": 0.5 * (crossing(0) + crossing(NX - 1)),
            "mean": sum(alpha) * (WIDTH / NX) * dy / WIDTH}


def openfoam_alpha(case: Path) -> tuple[float, list[float]]:
    times = sorted((float(d.name), d) for d in case.iterdir() if d.is_dir() and re.fullmatch(r"[0-9.e+-]+", d.name))
    t, d = times[-1]
    text = (d / "alpha.water").read_text()
    m = re.search(r"internalField\s+nonuniform\s+List<scalar>\s+(\d+)\s*\(", text)
    return t, [float(x) for x in text[m.end():].split()[: int(m.group(1))]]


def sluice_alpha(case: Path) -> tuple[float, list[float]]:
    pvd = next((case / "VTK").glob("*.pvd")).read_text()
    entries = re.findall(r'timestep="([^"]+)" file="([^"]+)"', pvd)
    t, rel = entries[-1]

    def dump(name: str) -> list[float]:
        out = subprocess.run([sys.executable, str(REPO / "scripts/check_vtk.py"), str(case / "VTK" / rel), "--dump",
                              name], capture_output=True, text=True, check=True).stdout
        values = []
        for line in out.splitlines():
            # The internal block's pieces (<time>/internal_<rank>.vtu), not the patches' (in boundary/).
            piece, found, numbers = line.partition(".vtu: ")
            if found and Path(piece).name.startswith("internal_") and Path(piece).parent.name != "boundary":
                values += [float(x) for x in numbers.split()]
        return values

    ids, raw = dump("cellId"), dump("alpha.water")
    alpha = [0.0] * len(ids)
    for k, i in enumerate(ids):
        alpha[int(i)] = raw[k]
    return float(t), alpha


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", type=Path, default=REPO / "build-bench/capillaryRise")
    p.add_argument("--sluice", type=Path, default=REPO / "build-bench/bin/sluice")
    p.add_argument("--compare-only", type=Path)
    args = p.parse_args(argv)
    work = args.compare_only or args.work
    foam, ours = work / "openfoam", work / "sluice"
    if not args.compare_only:
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(TUTORIAL, foam)
        (foam / "0/alpha.water.gz").unlink(missing_ok=True)
        shutil.copy(foam / "0/alpha.water.orig", foam / "0/alpha.water")
        env = runners.base_env()
        for argv_ in ([str(Path("/usr/bin/blockMesh")), "-case", str(foam)], [str(args.sluice), "setfields", str(foam)]):
            rc, out, _ = runners.run_plain(argv_, env)
            if rc != 0:
                print(out)
                return 1
        shutil.copytree(foam, ours)
        for name, argv_ in (("openfoam", ["/usr/bin/interFoam", "-case", str(foam)]),
                            ("sluice", [str(args.sluice), "run", str(ours), "--no-renumber", "--quiet"])):
            rc, out, seconds = runners.run_plain(argv_, env, timeout=7200)
            (work / f"log.{name}").write_text(out)
            print(f"{name}: exit {rc}, {seconds:.0f} s")
            if rc != 0:
                return 1
    tf, af = openfoam_alpha(foam)
    ts, as_ = sluice_alpha(ours)
    hf, hs = heights(af), heights(as_)
    print(f"final time: OpenFOAM {tf}, sluice {ts}")
    for k in ("centre", "wall", "mean"):
        print(f"meniscus height ({k}): OpenFOAM {hf[k] * 1e3:.4f} mm, sluice {hs[k] * 1e3:.4f} mm, "
              f"difference {100 * (hs[k] - hf[k]) / hf[k]:+.3f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
