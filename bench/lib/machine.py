"""Description of the machine and software the benchmark ran on."""
from __future__ import annotations

import os
import platform
import re
import subprocess


def _run(argv: list[str]) -> str:
    try:
        return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30,
                              env={**os.environ, "LC_ALL": "C"}).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.TimeoutExpired):
        return ""


def _first(pattern: str, text: str, default: str = "?") -> str:
    m = re.search(pattern, text, re.MULTILINE)
    return m.group(1).strip() if m else default


def describe() -> dict:
    lscpu = _run(["lscpu"])
    meminfo = open("/proc/meminfo").read() if os.path.exists("/proc/meminfo") else ""
    mem_kib = int(_first(r"^MemTotal:\s+(\d+)", meminfo, "0"))
    openfoam = _run(["dpkg-query", "-W", "-f=${Version}", "openfoam"]).strip()
    return {
        "cpu_model": _first(r"^Model name:\s*(.+)$", lscpu),
        "cpus": _first(r"^CPU\(s\):\s*(.+)$", lscpu),
        "cores_per_socket": _first(r"^Core\(s\) per socket:\s*(.+)$", lscpu),
        "threads_per_core": _first(r"^Thread\(s\) per core:\s*(.+)$", lscpu),
        "sockets": _first(r"^Socket\(s\):\s*(.+)$", lscpu),
        "hypervisor": _first(r"^Hypervisor vendor:\s*(.+)$", lscpu, "none"),
        "l1d": _first(r"^L1d cache:\s*(.+)$", lscpu),
        "l2": _first(r"^L2 cache:\s*(.+)$", lscpu),
        "l3": _first(r"^L3 cache:\s*(.+)$", lscpu),
        "memory_GiB": round(mem_kib / 2**20, 1),
        "kernel": platform.release(),
        "os": _first(r'^PRETTY_NAME="?([^"\n]+)', open("/etc/os-release").read() if os.path.exists("/etc/os-release")
                     else ""),
        "compiler": _run(["c++", "--version"]).splitlines()[0] if _run(["c++", "--version"]) else "?",
        "open_mpi": _first(r"\(Open(?:RTE| MPI)\)\s*(\S+)", _run(["mpiexec", "--version"])),
        "openfoam": f"v1912 (Debian package openfoam {openfoam})" if openfoam else "not installed",
        "python": platform.python_version(),
        "load_average_at_start": os.getloadavg(),
    }
