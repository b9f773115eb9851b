"""PNG plots of the benchmark (matplotlib, from Debian's python3-matplotlib;
run by /usr/bin/python3).

    files, error = make_all(data, report.time_rows(data), Path("bench/results"))
"""
from __future__ import annotations

from pathlib import Path

COLORS = {"OpenFOAM": "#4c72b0", "sluice": "#dd8452", "sluice (PMPI)": "#dd8452", "OpenFOAM (PMPI)": "#4c72b0",
          "sluice (profile)": "#55a868"}


def make_all(data: dict, rows: list[dict], results: Path) -> tuple[list[tuple[str, str]], str | None]:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: F401
    except ImportError as e:
        return [], f"matplotlib is not available ({e}); install python3-matplotlib and run with /usr/bin/python3"
    from . import report

    files = []
    for title, name, fn in [
        ("Wall time per time step", "time_per_step.png", lambda p: time_plot(rows, p)),
        ("Peak resident memory per rank", "memory.png", lambda p: memory_plot(rows, p)),
        ("MPI calls per time step (rank 0)", "mpi_calls.png", lambda p: mpi_plot(data, p, report)),
        ("Bandwidth roofline of the pressure solve", "roofline.png", lambda p: roofline_plot(data, p, report)),
    ]:
        path = results / name
        if fn(path):
            files.append((title, name))
        elif path.exists():
            path.unlink()
    return files, None


def _label(r: dict) -> str:
    return f"{r['case']}\n{r['np']} rank{'s' if r['np'] > 1 else ''}"


def time_plot(rows: list[dict], path: Path) -> bool:
    import matplotlib.pyplot as plt

    rows = [r for r in rows if r["of_step"] is not None or r["sl_step"] is not None]
    if not rows:
        return False
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(rows)), 4.5))
    width = 0.38
    for k, (code, key, runs_key) in enumerate([("OpenFOAM", "of_step", "of_runs"), ("sluice", "sl_step", "sl_runs")]):
        xs = [i + (k - 0.5) * width for i in range(len(rows))]
        ax.bar(xs, [r[key] or 0 for r in rows], width, label=code + " (median)", color=COLORS[code])
        for x, r in zip(xs, rows):
            pts = [run["per_step"] for run in r[runs_key] if run.get("per_step")]
            ax.plot([x] * len(pts), pts, "k.", ms=4)
            if r[key] is None:
                ax.text(x, 0, "n/a", ha="center", va="bottom", fontsize=7, rotation=90)
    ax.set_xticks(range(len(rows)), [_label(r) for r in rows], fontsize=8)
    ax.set_ylabel("wall seconds per time step")
    ax.set_yscale("log")
    ax.set_title("Wall time per time step (start-up excluded; dots: single runs)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def memory_plot(rows: list[dict], path: Path) -> bool:
    import matplotlib.pyplot as plt

    bars = []
    for r in rows:
        for rank in range(r["np"]):
            bars.append((f"{r['case']} {r['np']}r\nrank {rank}",
                         r["of_rss"][rank] if r["of_n"] else None, r["sl_rss"][rank] if r["sl_n"] else None))
    if not bars:
        return False
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(bars)), 5.5))
    width = 0.38
    for k, code in enumerate(["OpenFOAM", "sluice"]):
        xs = [i + (k - 0.5) * width for i in range(len(bars))]
        ax.bar(xs, [(b[1 + k] or 0) for b in bars], width, label=code, color=COLORS[code])
    ax.set_xticks(range(len(bars)), [b[0] for b in bars], fontsize=7, rotation=60, ha="right")
    ax.set_ylabel("peak RSS per rank, MiB")
    ax.set_title("Peak resident memory per rank (median over runs)")
    ax.legend()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return True


def mpi_plot(data: dict, path: Path, report) -> bool:
    import matplotlib.pyplot as plt

    panels = []
    for case, np in report.case_nps(data):
        if np < 2:
            continue
        _, _, series = report.mpi_table(data, case, np)
        series = {k: v for k, v in series.items() if v}
        ops = sorted({op for v in series.values() for op, c in v.items() if c > 0.05})
        if ops:
            panels.append((f"{case}, {np} ranks", series, ops))
    if not panels:
        return False
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.5), squeeze=False)
    for ax, (title, series, ops) in zip(axes[0], panels):
        height = 0.8 / max(1, len(series))
        for k, (name, values) in enumerate(series.items()):
            ys = [i + (k - (len(series) - 1) / 2) * height for i in range(len(ops))]
            ax.barh(ys, [values.get(op, 0) for op in ops], height, label=name, color=COLORS.get(name))
        ax.set_yticks(range(len(ops)), ops, fontsize=8)
        ax.set_xscale("symlog", linthresh=1)
        ax.set_xlabel("calls per time step (rank 0)")
        ax.set_title(title, fontsize=9)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def roofline_plot(data: dict, path: Path, report) -> bool:
    import matplotlib.pyplot as plt

    streams = {st["ranks"]: st for st in data.get("stream", [])}
    roof = report.roofline_rows(data, streams)
    points = [p for p in roof["points"] if p["achieved"] is not None]
    if not points:
        return False
    fig, ax = plt.subplots(figsize=(6, 4.5))
    xs = range(len(points))
    ax.bar(xs, [p["achieved"] for p in points], 0.6, color=COLORS["sluice"], label="sluice, model bytes / time")
    for i, p in enumerate(points):
        if p["triad"]:
            ax.hlines(p["triad"], i - 0.4, i + 0.4, colors="k", linestyles="--",
                      label="triad bandwidth (same processes)" if i == 0 else None)
            ax.text(i, p["achieved"], f"{p['achieved'] / p['triad']:.0%}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(list(xs), [p["label"] for p in points])
    top = max([p["achieved"] for p in points] + [p["triad"] or 0 for p in points])
    ax.set_ylim(0, 1.3 * top)
    ax.set_ylabel("GB/s")
    ax.set_title(f"PCG/DIC pressure solve, {roof['model_case']}: achieved vs triad")
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
