"""Parsing of sluice and OpenFOAM (icoFoam) logs, which share the solver line
format. Input is a list of (seconds since launch, text line) pairs as the
harness timestamped them.

    lines = [(0.5, "Time = 0.00025"), (0.9, "DICPCG:  Solving for p, ... No Iterations 251"), ...]
    info = parse_log(lines)
    info["first_step_at"], info["end_at"], info["steps"], info["iterations"]["p"]
"""
from __future__ import annotations

import re

# "Time = 0.00025" exactly (sluice's progress line "Time = 0.00025   5.0 % ..."
# has more after the value and is not a step).
STEP_RE = re.compile(r"^Time = (\S+)\s*$")
END_RE = re.compile(r"^End\b")
SOLVE_RE = re.compile(r"^(\w+):\s+Solving for (\w+), Initial residual = (\S+), Final residual = (\S+), "
                      r"No Iterations (\d+)")
EXEC_RE = re.compile(r"^ExecutionTime = (\S+) s\s+ClockTime = (\S+) s")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# OpenFOAM decomposePar: "Processor 0" followed by "    Number of cells = 20000".
OF_PROC_RE = re.compile(r"^Processor (\d+)\s*$")
OF_CELLS_RE = re.compile(r"^\s*Number of cells = (\d+)")
# sluice start-up table: "      0        20000          200  1(200)".
SLUICE_RANK_RE = re.compile(r"^\s+(\d+)\s+(\d+)\s+(\d+)(\s+.*)?$")


def clean_line(raw: str) -> list[str]:
    """Splits one physical line into logical lines: a terminal-style progress
    display (sluice sees a pty under mpiexec) separates with carriage returns
    and erases with ANSI escapes."""
    text = ANSI_RE.sub("", raw.rstrip("\n"))
    return [part.rstrip() for part in text.split("\r")]


def parse_log(lines: list[tuple[float, str]]) -> dict:
    """Step times, solver iterations and end marker from a timestamped log.

    Returns a dict with
      steps          number of "Time = x" step lines
      step_at        timestamps of those lines
      first_step_at  timestamp of the first, or None
      end_at         timestamp of the first "End" line after the steps, or None
      last_step_end_at  timestamp of the last ExecutionTime line (the end of the
                     last step; both codes print one per step), or None
      solves         [{"step": i (1-based), "equation": "p", "solver": "DICPCG", "iterations": n,
                       "initial": r0, "final": r}, ...] in log order
      iterations     {"p": [n, ...], "Ux": [...], ...} per equation in log order
      execution_time last OpenFOAM ExecutionTime (CPU seconds, incl. start-up) or None
      clock_time     last OpenFOAM ClockTime (whole seconds) or None
    """
    step_at: list[float] = []
    end_at = last_step_end_at = None
    solves = []
    execution_time = clock_time = None
    for t, raw in lines:
        for line in clean_line(raw):
            m = STEP_RE.match(line)
            if m:
                step_at.append(t)
                continue
            m = SOLVE_RE.match(line)
            if m:
                solves.append({"step": len(step_at), "solver": m.group(1), "equation": m.group(2),
                               "initial": float(m.group(3)), "final": float(m.group(4)),
                               "iterations": int(m.group(5))})
                continue
            m = EXEC_RE.match(line)
            if m:
                execution_time, clock_time = float(m.group(1)), float(m.group(2))
                if end_at is None:
                    last_step_end_at = t
                continue
            if end_at is None and END_RE.match(line):
                end_at = t
    iterations: dict[str, list[int]] = {}
    for s in solves:
        iterations.setdefault(s["equation"], []).append(s["iterations"])
    return {"steps": len(step_at), "step_at": step_at, "first_step_at": step_at[0] if step_at else None,
            "end_at": end_at, "last_step_end_at": last_step_end_at, "solves": solves, "iterations": iterations,
            "execution_time": execution_time, "clock_time": clock_time}


def openfoam_decomposition(text: str) -> list[int]:
    """Cells per processor from decomposePar's output, in processor order."""
    cells: dict[int, int] = {}
    proc = None
    for line in text.splitlines():
        m = OF_PROC_RE.match(line)
        if m:
            proc = int(m.group(1))
            continue
        m = OF_CELLS_RE.match(line)
        if m and proc is not None and proc not in cells:
            cells[proc] = int(m.group(1))
    return [cells[p] for p in sorted(cells)]


def sluice_decomposition(lines: list[tuple[float, str]]) -> list[int]:
    """Cells per rank from sluice's start-up table ("  rank  cells  proc faces  neighbours")."""
    cells: dict[int, int] = {}
    in_table = False
    for _, raw in lines:
        for line in clean_line(raw):
            if re.match(r"^\s*rank\s+cells\s+proc faces", line):
                in_table = True
                continue
            if in_table:
                m = SLUICE_RANK_RE.match(line)
                if m:
                    cells[int(m.group(1))] = int(m.group(2))
                else:
                    in_table = False
        if cells and not in_table:
            break
    return [cells[r] for r in sorted(cells)]


def compare_iterations(a: list[dict], b: list[dict]) -> dict:
    """Compares two solve sequences (parse_log()["solves"]) equation by
    equation and solve by solve. Returns {"match": bool, "compared": n,
    "differences": [{"step", "equation", "index", "a", "b"}, ...] (first 20)}."""
    diffs = []
    n = min(len(a), len(b))
    for i in range(n):
        sa, sb = a[i], b[i]
        if sa["equation"] != sb["equation"] or sa["iterations"] != sb["iterations"]:
            diffs.append({"step": sa["step"], "index": i, "equation": sa["equation"],
                          "a": f'{sa["equation"]} {sa["iterations"]}', "b": f'{sb["equation"]} {sb["iterations"]}'})
    if len(a) != len(b):
        diffs.append({"step": None, "index": n, "equation": None, "a": f"{len(a)} solves", "b": f"{len(b)} solves"})
    return {"match": not diffs, "compared": n, "mismatches": len(diffs), "differences": diffs[:20]}
