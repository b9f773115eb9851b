#!/usr/bin/python3
"""What writing costs (issue 11), sluice against OpenFOAM v1912 side by side:
time per step of a run writing every time step against the same run writing
never, for

  cavity200: the icoFoam cavity tutorial refined to 200 x 200 (deltaT 2.5e-4, 40 steps),
  damBreak:  the interFoam damBreak tutorial as installed (set up by `sluice setfields`), to t = 0.2 s,

at 1 and 2 ranks (decomposition simple). sluice writes VTK and a restart
snapshot per write on its writer thread; OpenFOAM writes its ascii time
directories (per processor in parallel). "Never": OpenFOAM writes nothing,
sluice writes only its final state (it always does), inside the last step.
Each pair (writes, no writes) runs --repeats times alternately, every run in a
fresh copy of the case (earlier runs' folders are deleted after the last
run, not before the next: see set_aside); the table has
the median time per step (first `Time =` line to `End`) and the ratio
with/without writes per code. Results: bench/results/WRITE_COST.md and
write_cost.json. Needs the benchmark tools bench/run builds (build-bench/benchtools).

    /usr/bin/python3 bench/write_cost.py
    /usr/bin/python3 bench/write_cost.py --cases cavity200 --np 1 --repeats 1
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lib import runners  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
CAVITY = TUTORIALS / "incompressible/icoFoam/cavity/cavity"
DAMBREAK = TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak"


def set_entry(text: str, key: str, value: str) -> str:
    return re.sub(rf"\n{key}\s+[^;]+;", f"\n{key} {value};", text)


def set_aside(case: Path, trash: Path) -> None:
    """Moves an earlier run's case folder into `trash`, deleted after the last
    run: file creation right after thousands of deletions is slow on some
    file systems (ext4 without a journal skips recently freed inodes when it
    allocates one, about 0.3-1 ms a file here), so deleting the previous
    run's output just before a run would time that, for both codes."""
    if case.exists():
        trash.mkdir(parents=True, exist_ok=True)
        case.rename(trash / f"{case.name}-{len(list(trash.iterdir()))}")


def make_case(name: str, case: Path, np: int, every_step: bool, tools: runners.Tools) -> tuple[str, int]:
    """The case folder; returns (application, expected steps or -1)."""
    set_aside(case, case.parent / "trash")
    if name == "cavity200":
        shutil.copytree(CAVITY, case)
        mesh = (case / "system/blockMeshDict").read_text()
        (case / "system/blockMeshDict").write_text(mesh.replace("(20 20 1)", "(200 200 1)"))
        control = (case / "system/controlDict").read_text()
        control = set_entry(control, "deltaT", "0.00025")
        control = set_entry(control, "endTime", "0.01")
        application, steps = "icoFoam", 40
    else:
        shutil.copytree(DAMBREAK, case)
        shutil.copy(case / "0/alpha.water.orig", case / "0/alpha.water")
        control = (case / "system/controlDict").read_text()
        control = re.sub(r"\n#sinclude[^\n]*", "\n", control)
        control = set_entry(control, "endTime", "0.2")
        application, steps = "interFoam", -1
    control = set_entry(control, "writeControl", "timeStep")
    control = set_entry(control, "writeInterval", "1" if every_step else "100000")
    (case / "system/controlDict").write_text(control)
    decompose = case / "system/decomposeParDict"
    if decompose.exists() or np > 1:
        text = decompose.read_text() if decompose.exists() else (
            "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n")
        text = re.sub(r"numberOfSubdomains\s+\d+;", "", text)
        text = re.sub(r"\nmethod\s+[^;]+;", "", text)
        text += f"\nnumberOfSubdomains {np};\nmethod simple;\nsimpleCoeffs {{ n ({np} 1 1); delta 0.001; }}\n"
        decompose.write_text(text)
    if name == "damBreak":
        rc, out, _ = runners.run_plain([str(tools.sluice), "setfields", str(case)])
        if rc != 0:
            raise RuntimeError("sluice setfields failed:\n" + out)
    return application, steps


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", default="cavity200,damBreak")
    p.add_argument("--np", default="1,2")
    p.add_argument("--repeats", type=int, default=3)
    runners.add_run_arguments(p, REPO, "write_cost", argv)
    args = p.parse_args(argv)
    if runners.missing_tutorial(CAVITY) or runners.missing_tutorial(DAMBREAK):
        return 1
    tools = runners.Tools.in_build_dir(REPO, args.build)
    rows, records = [], []
    for name in args.cases.split(","):
        for np in [int(n) for n in args.np.split(",")]:
            per_step: dict[tuple[str, bool], list[float]] = {}
            for repeat in range(args.repeats):
                for code in ("openfoam", "sluice"):
                    for every in (True, False):
                        case = args.work / f"{name}-np{np}-{code}-{'every' if every else 'never'}"
                        application, steps = make_case(name, case, np, every, tools)
                        r = runners.run_case(code, case, np, tools, steps, application=application)
                        print(f"{name} np{np} {code} {'every step' if every else 'never'} #{repeat}: "
                              f"{r['status']}, {r['per_step']} s/step, {r['steps']} steps", flush=True)
                        if r["status"] != "ok" or r["per_step"] is None:
                            print(r.get("log_tail", ""))
                            return 1
                        per_step.setdefault((code, every), []).append(r["per_step"])
                        records.append({"case": name, "np": np, "code": code, "writes": "every step" if every else "never",
                                        "per_step": r["per_step"], "steps": r["steps"]})
            row = {"case": name, "np": np}
            for code in ("openfoam", "sluice"):
                w, n = statistics.median(per_step[(code, True)]), statistics.median(per_step[(code, False)])
                row[code] = (w, n, w / n)
            rows.append(row)
    shutil.rmtree(args.work / "trash", ignore_errors=True)
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / "write_cost.json").write_text(json.dumps(records, indent=1))
    lines = ["# Cost of writing every time step (issue 11)", "",
             f"Command: `{args.command}`, {args.repeats} run(s) each, medians; time per step from the first "
             "`Time =` line to `End` (sluice: includes waiting for its writer thread at the end). OpenFOAM writes "
             "ascii time directories, sluice VTK plus a restart snapshot per write, on its writer thread.", "",
             "| case | ranks | OpenFOAM s/step writing / not | OpenFOAM ratio | sluice s/step writing / not | "
             "sluice ratio |", "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        of, sl = r["openfoam"], r["sluice"]
        lines.append(f"| {r['case']} | {r['np']} | {of[0]:.4f} / {of[1]:.4f} | {of[2]:.3f} | "
                     f"{sl[0]:.4f} / {sl[1]:.4f} | {sl[2]:.3f} |")
    (args.results / "WRITE_COST.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
