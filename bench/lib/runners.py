"""Running sluice and OpenFOAM on a case directory, with every output line
timestamped as it arrives, peak resident memory per rank (bench/peak_rss) and
MPI call counts per rank (the PMPI counter, LD_PRELOADed into every run of
both codes).

    tools = Tools.in_build_dir(repo, build_dir)
    prep = prepare_openfoam(case_dir, np=2, tools=tools)      # blockMesh, decomposePar
    run = run_code("openfoam", case_dir, np=2, tools=tools, work=Path("build-bench/runs/x"))
    run["per_step"], run["startup"], run["rss_kib"], run["pmpi"]
"""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

from . import logparse

OPENFOAM_ENV = {"WM_PROJECT_DIR": "/usr/share/openfoam", "FOAM_ETC": "/usr/share/openfoam/etc"}
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
DEFAULT_TIMEOUT = 1800.0


@dataclasses.dataclass(frozen=True)
class Tools:
    """Executables the harness runs."""

    sluice: Path
    pmpi_lib: Path
    pmpi_selftest: Path
    stream_triad: Path
    peak_rss: Path
    openfoam_bin: Path = Path("/usr/bin")

    @staticmethod
    def in_build_dir(repo: Path, build_dir: Path) -> "Tools":
        tools = build_dir / "benchtools"
        return Tools(sluice=build_dir / "bin/sluice", pmpi_lib=tools / "libpmpi_count.so",
                     pmpi_selftest=tools / "pmpi_selftest", stream_triad=tools / "stream_triad",
                     peak_rss=repo / "bench/peak_rss")


def base_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(MPI_ENV)
    env.update(OPENFOAM_ENV)
    env.pop("LD_PRELOAD", None)
    return env


def mpiexec(np: int) -> list[str]:
    return ["mpiexec", "-n", str(np), "--oversubscribe"]


def run_timestamped(argv: list[str], log_path: Path, env: dict[str, str] | None = None,
                    timeout: float | None = None, cwd: Path | None = None) -> dict:
    """Runs `argv` with stdout and stderr merged into one pipe, timestamping
    each line (seconds since launch) as it arrives and copying it to
    `log_path` as "<seconds> <line>". The process runs in its own process
    group, killed as a whole on timeout.

    Returns {"lines": [(t, text)], "returncode", "timed_out", "wall"}."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    lines: list[tuple[float, str]] = []
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            env=env if env is not None else base_env(), cwd=cwd, start_new_session=True)

    def reader():
        with open(log_path, "w") as log:
            log.write("# " + " ".join(argv) + "\n")
            for raw in iter(proc.stdout.readline, b""):
                t = time.monotonic() - t0
                text = raw.decode("utf-8", "replace").rstrip("\n")
                lines.append((t, text))
                log.write(f"{t:10.4f} {text}\n")

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (subprocess.TimeoutExpired, ProcessLookupError):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
    wall = time.monotonic() - t0
    thread.join(timeout=10)
    return {"lines": lines, "returncode": proc.returncode, "timed_out": timed_out, "wall": wall}


def run_plain(argv: list[str], env: dict[str, str] | None = None, timeout: float = 1800,
              cwd: Path | None = None) -> tuple[int, str, float]:
    """Runs a command to completion; returns (returncode, output, seconds)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env or base_env(),
                           timeout=timeout, cwd=cwd, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode("utf-8", "replace"), time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return -1, out + f"\n(timed out after {timeout} s)", time.monotonic() - t0


# ----------------------------------------------------------------- OpenFOAM

def prepare_openfoam(case_dir: Path, np: int, tools: Tools) -> dict:
    """blockMesh, and decomposePar for np > 1. Returns {"ok", "seconds",
    "cells_per_rank", "error"}."""
    total = 0.0
    rc, out, dt = run_plain([str(tools.openfoam_bin / "blockMesh"), "-case", str(case_dir)])
    total += dt
    (case_dir / "log.blockMesh").write_text(out)
    if rc != 0:
        return {"ok": False, "seconds": total, "cells_per_rank": [], "error": "blockMesh failed:\n" + tail(out)}
    cells: list[int] = []
    if np > 1:
        rc, out, dt = run_plain([str(tools.openfoam_bin / "decomposePar"), "-force", "-case", str(case_dir)])
        total += dt
        (case_dir / "log.decomposePar").write_text(out)
        if rc != 0:
            return {"ok": False, "seconds": total, "cells_per_rank": [], "error": "decomposePar failed:\n" + tail(out)}
        cells = logparse.openfoam_decomposition(out)
    return {"ok": True, "seconds": total, "cells_per_rank": cells, "error": None}


def clean_openfoam_output(case_dir: Path) -> None:
    """Removes time directories other than 0 (serial and per processor)."""
    for d in [case_dir] + sorted(case_dir.glob("processor*")):
        for t in d.iterdir():
            if t.is_dir() and t.name != "0" and _is_number(t.name):
                shutil.rmtree(t)


def clean_sluice_output(case_dir: Path) -> None:
    for name in ("VTK", "postProcessing", "restart"):
        shutil.rmtree(case_dir / name, ignore_errors=True)
    (case_dir / "sluice-profile.json").unlink(missing_ok=True)


def _is_number(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def tail(text: str, n: int = 25) -> str:
    return "\n".join(text.splitlines()[-n:])


# ----------------------------------------------------------------- one run

def run_code(code: str, case_dir: Path, np: int, tools: Tools, work: Path, expected_steps: int,
             timeout: float | None = None, application: str = "icoFoam", method: str | None = "simple") -> dict:
    """One run of `code` ("sluice" or "openfoam") on `case_dir` at `np` ranks.
    `work` receives the log, peak-RSS files and PMPI counts. Returns the run
    record: status ("ok", "timeout", "failed (...)"), command, log, wall,
    steps, startup and per_step (seconds), step_at (timestamps), solves and
    iterations (logparse), execution_time (OpenFOAM), rss_kib and pmpi (per
    rank), and for sluice cells_per_rank and profile (sluice-profile.json).
    `application`: the OpenFOAM solver; `expected_steps` < 0: any number of
    steps (adjustable time steps); `method`: sluice's --method (None: the
    case's decomposeParDict)."""
    work.mkdir(parents=True, exist_ok=True)
    for old in list(work.glob("rss.*")) + list(work.glob("pmpi.*.json")):
        old.unlink()
    rss_prefix = work / "rss"
    pmpi_prefix = work / "pmpi"
    preload = ["env", f"LD_PRELOAD={tools.pmpi_lib.resolve()}", f"PMPI_COUNT_PREFIX={pmpi_prefix.resolve()}",
               "stdbuf", "-oL", "-eL"]
    if code == "openfoam":
        clean_openfoam_output(case_dir)
        program = [str(tools.openfoam_bin / application), "-case", str(case_dir)] + (["-parallel"] if np > 1 else [])
    elif code == "sluice":
        clean_sluice_output(case_dir)
        program = [str(tools.sluice.resolve()), "run", str(case_dir)] + (["--method", method] if method else [])
    else:
        raise ValueError(code)
    wrapped = [str(tools.peak_rss.resolve()), str(rss_prefix.resolve()), "--"] + preload + program
    argv = (mpiexec(np) + wrapped) if np > 1 else wrapped
    result = run_timestamped(argv, work / "log", timeout=timeout)
    lines = result["lines"]
    info = logparse.parse_log(lines)

    record = {
        "code": code, "np": np, "case_dir": str(case_dir), "command": " ".join(argv), "log": str(work / "log"),
        "returncode": result["returncode"], "timed_out": result["timed_out"], "wall": result["wall"],
        "steps": info["steps"], "expected_steps": expected_steps,
        "startup": info["first_step_at"], "end_at": info["end_at"],
        "step_at": info["step_at"], "solves": info["solves"], "iterations": info["iterations"],
        "execution_time": info["execution_time"], "clock_time": info["clock_time"],
    }
    # Time per step from the first step line to the End line (start-up excluded).
    if info["first_step_at"] is not None and info["end_at"] is not None and info["steps"] > 0:
        record["per_step"] = (info["end_at"] - info["first_step_at"]) / info["steps"]
    elif expected_steps == 0 and info["end_at"] is not None:
        record["per_step"] = None
        record["startup"] = info["end_at"]
    else:
        record["per_step"] = None
    # The same over the steps alone: to the end of the last step (its
    # ExecutionTime line), leaving out end-of-run work (sluice's final-state
    # write, which OpenFOAM does not make unless the write interval says so).
    record["per_step_steps"] = None
    if info["first_step_at"] is not None and info["last_step_end_at"] is not None and info["steps"] > 0:
        record["per_step_steps"] = (info["last_step_end_at"] - info["first_step_at"]) / info["steps"]

    record["rss_kib"] = read_rss(rss_prefix, np)
    record["pmpi"] = read_pmpi(pmpi_prefix, np)
    if code == "sluice":
        record["cells_per_rank"] = logparse.sluice_decomposition(lines)
        profile_path = case_dir / "sluice-profile.json"
        record["profile"] = json.loads(profile_path.read_text()) if profile_path.exists() else None
    record["status"] = run_status(record)
    if record["status"] != "ok":
        record["log_tail"] = "\n".join(text for _, text in lines[-25:])
    return record


def add_run_arguments(p, repo: Path, name: str, argv: list[str]) -> None:
    """The options every side-by-side script shares: --work, --results,
    --build and --command (the command line recorded in the results)."""
    p.add_argument("--work", type=Path, default=repo / "build-bench" / name)
    p.add_argument("--results", type=Path, default=repo / "bench/results")
    p.add_argument("--build", type=Path, default=repo / "build-bench")
    p.add_argument("--command", default=f"/usr/bin/python3 bench/{name}.py " + " ".join(argv))


def missing_tutorial(tutorial: Path) -> bool:
    """True, with a message, when OpenFOAM's tutorial is not installed."""
    if tutorial.exists():
        return False
    print(f"needs OpenFOAM v1912's tutorials ({tutorial}); apt-get install openfoam openfoam-examples")
    return True


def run_case(code: str, case_dir: Path, np: int, tools: Tools, expected_steps: int,
             application: str = "icoFoam") -> dict:
    """run_code on a generated case, after blockMesh (and decomposePar) for
    OpenFOAM; the work folder is case_dir/run."""
    if code == "openfoam":
        prep = prepare_openfoam(case_dir, np, tools)
        if not prep["ok"]:
            raise RuntimeError(prep["error"])
    return run_code(code, case_dir, np, tools, case_dir / "run", expected_steps, application=application)


def calls_per_step(r: dict) -> dict[str, float]:
    """MPI calls per time step on the busiest rank (PMPI counts of the whole
    run divided by its steps), calls of at least 0.05 per step."""
    steps = r["steps"] or 1
    calls: dict[str, float] = {}
    for rank in r["pmpi"] or []:
        for op, count in (rank or {}).items():
            calls[op] = max(calls.get(op, 0), count / steps)
    return {k: round(v, 1) for k, v in sorted(calls.items()) if v >= 0.05}


def run_status(r: dict) -> str:
    if r["timed_out"]:
        return "timeout"
    if r["returncode"] != 0:
        return f"failed (exit {r['returncode']})"
    if r["expected_steps"] >= 0 and r["steps"] != r["expected_steps"]:
        return f"failed ({r['steps']} of {r['expected_steps']} steps)"
    if r["end_at"] is None:
        return "failed (no End line)"
    return "ok"


def read_rss(prefix: Path, np: int) -> list[int | None]:
    """Peak RSS (KiB) per rank from /usr/bin/time's output files (last line)."""
    out: list[int | None] = []
    for rank in range(np):
        f = Path(f"{prefix}.{rank}")
        value = None
        if f.exists():
            for line in reversed(f.read_text().splitlines()):
                if line.strip().isdigit():
                    value = int(line.strip())
                    break
        out.append(value)
    return out


def read_pmpi(prefix: Path, np: int) -> list[dict | None]:
    """MPI call counts per rank written by the PMPI counter (None: rank wrote
    nothing, e.g. OpenFOAM in serial never initialises MPI)."""
    out: list[dict | None] = []
    for rank in range(np):
        f = Path(f"{prefix}.{rank}.json")
        out.append(json.loads(f.read_text())["calls"] if f.exists() else None)
    return out


# ----------------------------------------------------------------- tools

def pmpi_selftest(tools: Tools, work: Path) -> tuple[bool, str]:
    """Runs bench/pmpi_selftest.c on 2 ranks with the counter; checks the counts."""
    work.mkdir(parents=True, exist_ok=True)
    prefix = work / "selftest"
    for old in work.glob("selftest.*.json"):
        old.unlink()
    argv = mpiexec(2) + ["env", f"LD_PRELOAD={tools.pmpi_lib.resolve()}", f"PMPI_COUNT_PREFIX={prefix.resolve()}",
                         str(tools.pmpi_selftest.resolve())]
    rc, out, _ = run_plain(argv, timeout=120)
    if rc != 0:
        return False, f"pmpi_selftest failed (exit {rc}):\n{tail(out)}"
    expected = {"Allreduce": 3, "Barrier": 2, "Bcast": 1, "Isend": 4, "Irecv": 4, "Waitall": 4}
    for rank, counts in enumerate(read_pmpi(prefix, 2)):
        if counts is None:
            return False, f"pmpi_selftest: rank {rank} wrote no counts"
        nonzero = {k: v for k, v in counts.items() if v}
        if nonzero != expected:
            return False, f"pmpi_selftest: rank {rank} counted {nonzero}, expected {expected}"
    return True, "PMPI counter self-test passed (2 ranks: 3 Allreduce, 2 Barrier, 1 Bcast, 4 Isend/Irecv/Waitall)"


def stream(tools: Tools, np: int) -> dict:
    """STREAM-like triad at `np` processes (aggregate bandwidth)."""
    argv = ([str(tools.stream_triad.resolve())] if np == 1 else mpiexec(np) + [str(tools.stream_triad.resolve())])
    rc, out, _ = run_plain(argv, timeout=600)
    for line in out.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            data["command"] = " ".join(argv)
            return data
    raise RuntimeError(f"stream_triad at {np} process(es) failed (exit {rc}):\n{tail(out)}")


def mesh_json(tools: Tools, case_dir: Path) -> dict:
    rc, out, _ = run_plain([str(tools.sluice), "mesh", str(case_dir), "--json"], timeout=600)
    if rc != 0:
        raise RuntimeError(f"sluice mesh {case_dir} --json failed (exit {rc}):\n{tail(out)}")
    return json.loads(out[out.index("{"):])


def decomposition_check(tools: Tools, work: Path, spec, np: int = 2) -> dict:
    """Decomposes the same case with OpenFOAM's decomposePar and with
    `sluice decompose --method simple` (both read system/decomposeParDict:
    simple, n (np 1 1)) and returns the cells per rank of each."""
    from . import cases

    of_dir = cases.write_case(work / "openfoam", spec, 1, np)
    sl_dir = cases.write_case(work / "sluice", spec, 1, np)
    prep = prepare_openfoam(of_dir, np, tools)
    rc, out, _ = run_plain([str(tools.sluice), "decompose", str(sl_dir), "--np", str(np), "--method", "simple"],
                           timeout=300)
    (sl_dir / "log.decompose").write_text(out)
    sl_cells = logparse.sluice_decomposition([(0.0, line) for line in out.splitlines()]) if rc == 0 else []
    return {"case": f"{spec.n}x{spec.n}x1 cavity", "np": np, "openfoam": prep["cells_per_rank"],
            "sluice": sl_cells, "openfoam_ok": prep["ok"], "sluice_ok": rc == 0,
            "error": None if (prep["ok"] and rc == 0) else (prep["error"] or tail(out))}
