"""RESULTS.md from the harness's raw data (bench/results/runs.json).

    data = json.loads(Path("bench/results/runs.json").read_text())
    write(data, Path("bench/results"))      # RESULTS.md and the PNG plots
"""
from __future__ import annotations

import statistics
from pathlib import Path

from . import cases, logparse, roofline

# sluice profile operation -> PMPI counter operation (bench/pmpi_count.c).
PROFILE_TO_PMPI = {
    "Allreduce": "Allreduce", "Iallreduce": "Iallreduce", "Wait": "Wait", "Waitall": "Waitall", "Test": "Test",
    "Isend": "Isend", "Irecv": "Irecv", "SendInit": "Send_init", "RecvInit": "Recv_init", "StartSend": "Start",
    "StartRecv": "Start", "Bcast": "Bcast", "Allgather": "Allgather", "Exscan": "Exscan",
    "CommCreate": "Comm_dup", "CommFree": "Comm_free", "Abort": "Abort", "Alltoall": "Alltoall", "Probe": "Probe",
    "Barrier": "Barrier", "Send": "Send", "Recv": "Recv", "Gather": "Gather", "Scatter": "Scatter",
}

CODE_LABEL = {"openfoam": "OpenFOAM", "sluice": "sluice"}


# ------------------------------------------------------------------ selection

def full_runs(data: dict, case: str, np: int, code: str, ok_only: bool = True) -> list[dict]:
    return [r for r in data["runs"] if r["case"] == case and r["np"] == np and r["code"] == code
            and r["round"] > 0 and (r["status"] == "ok" or not ok_only)]


def zero_run(data: dict, case: str, np: int, code: str) -> dict | None:
    for r in data["runs"]:
        if r["case"] == case and r["np"] == np and r["code"] == code and r["round"] == 0 and r["status"] == "ok":
            return r
    return None


def case_nps(data: dict) -> list[tuple[str, int]]:
    seen = []
    for r in data["runs"]:
        key = (r["case"], r["np"])
        if key not in seen:
            seen.append(key)
    return seen


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, spec=".3f", none="–"):
    return none if x is None else format(x, spec)


def mib(kib):
    return None if kib is None else kib / 1024


def status_of(data: dict, case: str, np: int, code: str) -> str:
    """'' when every full run is ok, else a short description."""
    runs = full_runs(data, case, np, code, ok_only=False)
    if not runs:
        return "not run"
    bad = [r["status"] for r in runs if r["status"] != "ok"]
    if not bad:
        return ""
    if all(b == "timeout" or b.startswith("not run (an earlier") for b in bad):
        limit = max((r.get("timeout_seconds") or 0) for r in runs)
        return f"did not finish in {limit / 60:.0f} min"
    return "; ".join(sorted(set(bad)))


# ------------------------------------------------------------------ figures

def time_rows(data: dict) -> list[dict]:
    """One row per (case, np): medians, per-pair ratios sluice/OpenFOAM."""
    rows = []
    for case, np in case_nps(data):
        spec = cases.CASES.get(case)
        ref = spec.reference if spec else case
        s_runs = full_runs(data, case, np, "sluice")
        o_runs = full_runs(data, ref, np, "openfoam") if ref else []
        o_by_round = {r["round"]: r for r in o_runs}
        ratios = [r["per_step"] / o_by_round[r["round"]]["per_step"] for r in s_runs
                  if r["round"] in o_by_round and r.get("per_step") and o_by_round[r["round"]].get("per_step")]
        rows.append({
            "case": case, "np": np, "reference": ref,
            "of_step": median(r["per_step"] for r in o_runs), "sl_step": median(r["per_step"] for r in s_runs),
            "of_startup": median(r["startup"] for r in o_runs), "sl_startup": median(r["startup"] for r in s_runs),
            "ratios": ratios, "ratio": median(ratios), "of_n": len(o_runs), "sl_n": len(s_runs),
            "of_status": status_of(data, ref, np, "openfoam") if ref else "not run",
            "sl_status": status_of(data, case, np, "sluice"),
            "of_rss": [median(mib(r["rss_kib"][k]) for r in o_runs) for k in range(np)],
            "sl_rss": [median(mib(r["rss_kib"][k]) for r in s_runs) for k in range(np)],
            "of_pre": next((p["seconds"] for p in data.get("preprocess", []) if p["case"] == ref and p["np"] == np),
                           None),
            "of_runs": o_runs, "sl_runs": s_runs,
        })
    return rows


def mpi_per_step(full: dict | None, zero: dict | None) -> list[dict] | None:
    """Per rank {op: calls per step} = (full run - zero-step run) / steps."""
    if not full or not zero or not full.get("steps"):
        return None
    out = []
    for f, z in zip(full.get("pmpi") or [], zero.get("pmpi") or []):
        if f is None or z is None:
            out.append(None)
            continue
        out.append({op: (f[op] - z.get(op, 0)) / full["steps"] for op in f})
    return out


def profile_per_step(run: dict | None) -> dict:
    """{PMPI op name: mean calls per step over ranks} from sluice's profile."""
    out: dict[str, float] = {}
    prof = (run or {}).get("profile") or {}
    for op, stat in (prof.get("callsPerStep") or {}).items():
        name = PROFILE_TO_PMPI.get(op, op)
        out[name] = out.get(name, 0.0) + stat["mean"]
    return out


def mpi_table(data: dict, case: str, np: int) -> tuple[list[str], list[list[str]], dict]:
    spec = cases.CASES.get(case)
    ref = spec.reference if spec else case
    of_full = next(iter(full_runs(data, ref, np, "openfoam")), None) if ref else None
    sl_full = next(iter(full_runs(data, case, np, "sluice")), None)
    of = mpi_per_step(of_full, zero_run(data, ref, np, "openfoam") if ref else None)
    sl = mpi_per_step(sl_full, zero_run(data, case, np, "sluice"))
    prof = profile_per_step(sl_full)
    columns = ["MPI call"] + [f"OpenFOAM r{k}" for k in range(np)] + [f"sluice r{k}" for k in range(np)] + \
              ["sluice profile (mean)"]
    ops = set(prof)
    for per_rank in (of or []) + (sl or []):
        if per_rank:
            ops |= {op for op, v in per_rank.items() if abs(v) > 1e-12}
    rows = []
    for op in sorted(ops):
        row = [op]
        for per_rank_list in (of, sl):
            for k in range(np):
                pr = per_rank_list[k] if per_rank_list and k < len(per_rank_list) else None
                row.append(fmt(pr.get(op, 0.0), ".1f") if pr else "–")
        row.append(fmt(prof.get(op, 0.0), ".1f") if sl_full and sl_full.get("profile") else "–")
        rows.append(row)
    series = {"OpenFOAM (PMPI)": of[0] if of and of[0] else None,
              "sluice (PMPI)": sl[0] if sl and sl[0] else None,
              "sluice (profile)": prof or None}
    return columns, rows, series


def iteration_summary(run: dict | None) -> dict:
    if not run:
        return {}
    solves = run.get("solves") or []
    per_eq: dict[str, list[int]] = {}
    for step, eq, it in solves:
        per_eq.setdefault(eq, []).append(it)
    first = [f"{eq} {it}" for step, eq, it in solves if step == 1]
    return {"mean": {eq: statistics.mean(v) for eq, v in per_eq.items()}, "solves": {eq: len(v) for eq, v in
                                                                                      per_eq.items()},
            "first_step": ", ".join(first)}


def compare_solves(a: dict | None, b: dict | None) -> dict | None:
    if not a or not b:
        return None
    conv = lambda r: [{"step": s, "equation": e, "iterations": i} for s, e, i in r.get("solves") or []]  # noqa: E731
    return logparse.compare_iterations(conv(a), conv(b))


# ------------------------------------------------------------------ markdown

def table(columns: list[str], rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(columns) + " |", "|" + "|".join(" --- " for _ in columns) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def rss_text(values) -> str:
    return " / ".join(fmt(v, ".0f") for v in values)


def write(data: dict, results: Path) -> None:
    from . import plots

    results.mkdir(parents=True, exist_ok=True)
    rows = time_rows(data)
    plot_files, plot_error = plots.make_all(data, rows, results)
    s = data.get("settings", {})
    m = data.get("machine", {})
    out: list[str] = []
    w = out.append
    w("# sluice versus OpenFOAM v1912: benchmark results\n")
    w(f"Generated by `bench/harness.py` (run from `make bench`), started {s.get('started', '?')}, finished "
      f"{s.get('finished', '?')}; the harness took {fmt((s.get('harness_seconds') or 0) / 60, '.1f')} min. "
      f"Runs per code, case and rank count: {s.get('runs')} (1000x1000 cases: {s.get('runs_large')})"
      f"{'; **quick mode**' if s.get('quick') else ''}. The machine is shared: other work ran at the same time "
      f"(load average at start {', '.join(fmt(x, '.2f') for x in m.get('load_average_at_start', []))}), so "
      "timings are noisy; compare ratios of interleaved runs rather than absolute times.\n")
    w("Regenerate the tables and plots from the raw data with "
      "`/usr/bin/python3 bench/harness.py --report-only` (raw data: `runs.json`, one row per run in `runs.csv`).\n")

    w("## Machine\n")
    w(table(["item", "value"], [
        ["CPU", m.get("cpu_model", "?")],
        ["cores", f"{m.get('cpus', '?')} CPUs ({m.get('sockets', '?')} socket(s) x {m.get('cores_per_socket', '?')} "
                  f"cores x {m.get('threads_per_core', '?')} thread(s)); hypervisor {m.get('hypervisor', '?')}"],
        ["caches", f"L1d {m.get('l1d', '?')}, L2 {m.get('l2', '?')}, L3 {m.get('l3', '?')}"],
        ["memory", f"{m.get('memory_GiB', '?')} GiB"],
        ["OS, kernel", f"{m.get('os', '?')}, Linux {m.get('kernel', '?')}"],
        ["compiler", m.get("compiler", "?")],
        ["Open MPI", m.get("open_mpi", "?")],
        ["OpenFOAM", m.get("openfoam", "?")],
    ]))
    w("")

    w("## Commands\n")
    w("```\n" + (s.get("command") or "make bench") + "\n```\n")
    w("`bench/run` builds sluice with `cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build "
      "build-bench --target sluice`, the PMPI counter, its self-test and the triad with `mpicc -O2`, then runs "
      "`/usr/bin/python3 bench/harness.py`. Each case is generated into `build-bench/cases/<case>/np<N>/{openfoam,"
      "sluice}` (each code its own copy). OpenFOAM is prepared with `blockMesh` (and `decomposePar`, method "
      "`simple`, `n (2 1 1)`, for 2 ranks); sluice builds its mesh from `system/blockMeshDict` itself. "
      "Commands of the first run of each kind (logs in `build-bench/runs/`):\n")
    seen = set()
    cmds = []
    for r in data["runs"]:
        key = (r["code"], r["np"])
        if key in seen or "command" not in r:
            continue
        seen.add(key)
        cmds.append(r["command"])
    w("```\n" + "\n".join(cmds) + "\n```\n")
    w("sluice on 2 ranks is started with `mpiexec` directly, like OpenFOAM: `sluice run --np 2` would exec "
      "`mpiexec` itself, leaving no place for the per-rank wrapper. On 1 rank both run without `mpiexec` (sluice "
      "as a singleton MPI job).\n")
    w("`bench/peak_rss` runs each rank under `/usr/bin/time -f %M`; `env LD_PRELOAD=libpmpi_count.so` counts MPI "
      "calls per rank in every run of both codes (one counter increment per call); `stdbuf -oL` makes both codes "
      "write their log line by line into the harness's pipe, which timestamps each line as it arrives.\n")

    # ---- time
    w("## Wall time per time step\n")
    w("Per step = (time of the `End` line - time of the first `Time = ` line) / steps, from line timestamps; "
      "start-up = launch to the first `Time = ` line (sluice: reading the case, meshing from blockMeshDict, "
      "decomposing, distributing; OpenFOAM: reading the already meshed and decomposed case — its `blockMesh` + "
      "`decomposePar` time is in the column \"OF pre\"). Medians over the runs; the ratio is the median of the "
      "per-pair ratios sluice/OpenFOAM (runs alternate OpenFOAM, sluice, OpenFOAM, ...; pair = same round).\n")
    def with_range(value, runs, status):
        if value is None:
            return status or "–"
        steps = [run["per_step"] for run in runs if run.get("per_step") is not None]
        return fmt(value) + (f" ({fmt(min(steps))}–{fmt(max(steps))})" if len(steps) > 1 else "")

    trows = []
    for r in rows:
        of_step = with_range(r["of_step"], r["of_runs"], r["of_status"])
        sl_step = with_range(r["sl_step"], r["sl_runs"], r["sl_status"])
        trows.append([r["case"], r["np"], of_step, sl_step, fmt(r["ratio"], ".2f"),
                      " ".join(fmt(x, ".2f") for x in r["ratios"]) or "–",
                      fmt(r["of_startup"], ".2f"), fmt(r["of_pre"], ".2f"), fmt(r["sl_startup"], ".2f"),
                      f"{r['of_n']} / {r['sl_n']}"])
    w(table(["case", "ranks", "OpenFOAM s/step (min–max)", "sluice s/step (min–max)", "ratio sluice/OF",
             "pair ratios",
             "OF start-up s", "OF pre s", "sluice start-up s", "ok runs OF / sluice"], trows))
    w("")
    notes = [f"- {r['case']} at {r['np']} rank(s): OpenFOAM {r['of_status']}" for r in rows if r["of_status"]
             and r["of_status"] != "not run"]
    notes += [f"- {r['case']} at {r['np']} rank(s): sluice {r['sl_status']}" for r in rows if r["sl_status"]]
    if notes:
        w("\n".join(notes) + "\n")

    w("### Cross-checks of the per-step time\n")
    w("sluice: its profile's `stepSeconds.mean / steps` (wall time inside steps, mean over ranks). OpenFOAM: last "
      "`ExecutionTime / steps` (CPU time of the master process since launch, so it includes start-up and excludes "
      "waiting; on a loaded machine it is below the wall time).\n")
    crows = []
    for r in rows:
        prof = [run["profile"]["stepSeconds"]["mean"] / run["profile"]["steps"] for run in r["sl_runs"]
                if run.get("profile") and run["profile"].get("steps")]
        exe = [run["execution_time"] / run["steps"] for run in r["of_runs"] if run.get("execution_time")]
        crows.append([r["case"], r["np"], fmt(r["of_step"]), fmt(median(exe)), fmt(r["sl_step"]), fmt(median(prof))])
    w(table(["case", "ranks", "OF s/step (log)", "OF ExecutionTime/steps", "sluice s/step (log)",
             "sluice profile s/step"], crows))
    w("")

    w("### Output cost\n")
    w("Per-step time of a case that writes minus that of the same case without writes (medians). OpenFOAM writes "
      "its ascii time directories; sluice writes VTK. Note that sluice always writes the initial and the final "
      "state (so the no-write case still writes once inside its last step), OpenFOAM writes nothing there.\n")
    orows = []
    by_key = {(r["case"], r["np"]): r for r in rows}
    for r in rows:
        spec = cases.CASES.get(r["case"])
        if not spec or not spec.base or (spec.base, r["np"]) not in by_key:
            continue
        b = by_key[(spec.base, r["np"])]
        d_of = r["of_step"] - b["of_step"] if r["of_step"] is not None and b["of_step"] is not None else None
        d_sl = r["sl_step"] - b["sl_step"] if r["sl_step"] is not None and b["sl_step"] is not None else None
        every = spec.write_interval
        orows.append([f"{r['case']} - {spec.base}", r["np"], fmt(d_of), fmt(d_sl),
                      fmt(d_of * every if d_of is not None and every else None),
                      fmt(d_sl * every if d_sl is not None and every else None)])
    if orows:
        w(table(["cases", "ranks", "OpenFOAM s/step", "sluice s/step", "OpenFOAM s/write", "sluice s/write"], orows))
    else:
        w("(no pair of cases with and without output was run)")
    w("")

    # ---- memory
    w("## Peak resident memory per rank\n")
    w("Median over the runs of each rank's peak RSS (`/usr/bin/time` %M), MiB, ranks separated by `/`.\n")
    w(table(["case", "ranks", "OpenFOAM MiB", "sluice MiB", "ratio (rank 0)"],
            [[r["case"], r["np"], rss_text(r["of_rss"]) if r["of_n"] else (r["of_status"] or "–"),
              rss_text(r["sl_rss"]),
              fmt(r["sl_rss"][0] / r["of_rss"][0] if r["sl_rss"] and r["of_rss"] and r["sl_rss"][0]
                  and r["of_rss"][0] else None, ".2f")] for r in rows]))
    w("")

    # ---- iterations
    w("## Linear-solver iterations\n")
    w("Mean iterations per solve for each equation (first full run of each code), the sequence of the first "
      "time step, and whether every solve of the run took the same number of iterations in both codes "
      "(OpenFOAM prints `Solving for p` for p and pFinal alike; so does sluice).\n")
    irows = []
    mismatches = []
    for r in rows:
        of = r["of_runs"][0] if r["of_runs"] else None
        sl = r["sl_runs"][0] if r["sl_runs"] else None
        io, isl = iteration_summary(of), iteration_summary(sl)
        eqs = sorted(set(io.get("mean", {})) | set(isl.get("mean", {})))
        means = "; ".join(f"{eq}: {fmt(io.get('mean', {}).get(eq), '.1f')} / {fmt(isl.get('mean', {}).get(eq), '.1f')}"
                          for eq in eqs)
        cmp = compare_solves(of, sl)
        match = "–" if cmp is None else ("yes" if cmp["match"] else f"**no** ({cmp['mismatches']} of "
                                                                     f"{cmp['compared']} solves differ)")
        if cmp and not cmp["match"]:
            mismatches.append((r, cmp))
        irows.append([r["case"], r["np"], means or "–", io.get("first_step", "–") or "–",
                      isl.get("first_step", "–") or "–", match])
    w(table(["case", "ranks", "mean per solve OF / sluice", "OpenFOAM step 1", "sluice step 1", "all equal"], irows))
    w("")
    if mismatches:
        w("Differences (first ones; `step` is the time step, `index` the solve's position in the run):\n")
        for r, cmp in mismatches:
            diffs = ", ".join(f"step {d['step']} #{d['index']}: OF {d['a']} vs sluice {d['b']}"
                              for d in cmp["differences"][:8])
            w(f"- {r['case']} at {r['np']} rank(s): {diffs}")
        w("")

    # ---- decomposition
    w("### Decomposition check (method simple, n (2 1 1))\n")
    drows = []
    for p in data.get("preprocess", []):
        if p["np"] < 2:
            continue
        sl = full_runs(data, p["case"], p["np"], "sluice")
        sl_cells = sl[0].get("cells_per_rank") if sl else None
        same = "–" if not sl_cells or not p["cells_per_rank"] else ("yes" if sl_cells == p["cells_per_rank"] else
                                                                     "**no**")
        drows.append([p["case"], p["np"], " / ".join(map(str, p["cells_per_rank"])) or "–",
                      " / ".join(map(str, sl_cells or [])) or "–", same])
    dc = data.get("decomposition_check")
    if dc:
        same = "yes" if dc["openfoam"] == dc["sluice"] else "**no**"
        drows.append([f"{dc['case']} (check only)", dc["np"], " / ".join(map(str, dc["openfoam"])) or "failed",
                      " / ".join(map(str, dc["sluice"])) or "failed", same])
    w(table(["case", "ranks", "OpenFOAM decomposePar cells", "sluice cells", "same"], drows) if drows else
      "(no parallel runs)")
    w("")
    if dc and dc["openfoam"] and dc["sluice"] and dc["openfoam"] != dc["sluice"]:
        w("On the odd 201 x 201 mesh the two `simple` methods put the extra cells on different ranks (OpenFOAM "
          "gives the remainder to the first processors). The benchmark cases split evenly, so they are not "
          "affected.\n")

    # ---- MPI
    w("## MPI calls per time step per rank\n")
    w("PMPI counter (`bench/pmpi_count.c`, LD_PRELOADed): (calls of the full run - calls of a run with zero time "
      "steps, endTime = startTime) / steps, for each rank. The last column is sluice's own profile "
      "(`mpi.<Op>.callsPerStep`, mean over ranks; StartSend + StartRecv = Start, CommCreate = Comm_dup), the "
      "cross-check of the PMPI column. OpenFOAM in serial never initialises MPI (no counts); sluice in serial "
      "runs as a singleton MPI job.\n")
    for case, np in case_nps(data):
        columns, mrows, _ = mpi_table(data, case, np)
        w(f"**{case}, {np} rank(s)**\n")
        w(table(columns, mrows) if mrows else "(no MPI calls inside time steps)")
        w("")

    # ---- roofline
    w("## Bandwidth roofline of the pressure solve\n")
    streams = {st["ranks"]: st for st in data.get("stream", [])}
    if streams:
        w("STREAM-like triad (`bench/stream_triad.c`, `a[i] = b[i] + s*c[i]`, 24 bytes per element, best of "
          "the repetitions; with 2 processes the aggregate):\n")
        w(table(["processes", "elements per process", "array MB per process", "repetitions", "best s",
                 "bandwidth GB/s"],
                [[k, st["elements_per_rank"], fmt(st["elements_per_rank"] * 8 / 1e6, ".0f"), st["repetitions"],
                  fmt(st["best_seconds"], ".4f"), fmt(st["bandwidth_GBs"], ".2f")] for k, st in sorted(streams.items())]))
        w("")
    roof = roofline_rows(data, streams)
    if roof["model"]:
        mdl = roof["model"]
        w(f"Bytes one PCG/DIC iteration must move (`pcg_dic_bytes_per_iteration` in `bench/lib/roofline.py`; "
          f"N = {mdl['cells']} cells, F = {mdl['internal_faces']} internal faces from `sluice mesh --json` of "
          f"{roof['model_case']}): **{mdl['total'] / 1e6:.1f} MB** = "
          + " + ".join(f"{k} {v / 1e6:.1f}" for k, v in mdl["terms"].items()) + " (MB).\n")
    if roof["rows"]:
        w("Seconds per iteration = (profile `linear-solve:p` + `linear-solve:pFinal`, mean over ranks) / p iterations "
          "of the log; achieved = model bytes / seconds per iteration; fraction = achieved / triad at the same "
          "process count.\n")
        w(table(["case", "p solver", "ranks", "p iterations", "p solve s", "ms / iteration", "model GB/s achieved",
                 "triad GB/s", "fraction of triad"], roof["rows"]))
    else:
        w("(no sluice run of the 1000x1000 cases)")
    w("")

    # ---- failures
    bad = [r for r in data["runs"] if r["status"] != "ok"]
    w("## Runs that did not complete\n")
    if not bad:
        w("None.\n")
    for r in bad:
        w(f"- {r['case']} {CODE_LABEL.get(r['code'], r['code'])} at {r['np']} rank(s), "
          f"{'round ' + str(r['round']) if r['round'] else 'zero-step run'}: {r['status']}"
          + (f" (log `{r['log']}`)" if r.get("log") else ""))
        if r.get("log_tail") and r["status"] != "timeout":
            w("\n```\n" + r["log_tail"][-3000:] + "\n```")
    if data.get("notes"):
        w("\nNotes:\n")
        for n in data["notes"]:
            w(f"- {n}")
    st = data.get("pmpi_selftest")
    if st:
        w(f"\nPMPI counter self-test: {st['message']}")
    w("")

    # ---- plots
    w("## Plots\n")
    if plot_error:
        w(f"Plots not made: {plot_error}\n")
    for title, f in plot_files:
        w(f"![{title}]({f})\n")
    (results / "RESULTS.md").write_text("\n".join(out) + "\n")


def roofline_rows(data: dict, streams: dict) -> dict:
    rows = []
    model = None
    model_case = None
    plot_points = []
    for case, np in case_nps(data):
        spec = cases.CASES.get(case)
        if not spec or spec.n < 1000:
            continue
        mesh = data.get("meshes", {}).get(case)
        if not mesh:
            continue
        case_model = roofline.pcg_dic_bytes_per_iteration(mesh["cells"], mesh["internalFaces"])
        if model is None:
            model, model_case = case_model, case
        for run in full_runs(data, case, np, "sluice")[:1] or []:
            prof = run.get("profile")
            if not prof:
                continue
            solves = [{"equation": e, "iterations": i} for _, e, i in run.get("solves") or []]
            sec, iters, total = roofline.seconds_per_p_iteration(prof, solves)
            achieved = case_model["total"] / sec / 1e9 if sec and sec == sec else None
            triad = streams.get(np, {}).get("bandwidth_GBs")
            frac = roofline.achieved_fraction(case_model["total"], triad, sec) if triad and sec == sec else None
            rows.append([case, spec.p_solver, np, iters, fmt(total, ".2f"), fmt(sec * 1e3, ".2f"), fmt(achieved, ".2f"),
                         fmt(triad, ".2f"), fmt(frac, ".2f")])
            plot_points.append({"label": f"{spec.p_solver} np{np}", "achieved": achieved, "triad": triad, "np": np})
    return {"rows": rows, "model": model, "model_case": model_case, "points": plot_points}
