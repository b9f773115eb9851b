#!/usr/bin/env bash
# MPI calls per time step of interFoam on OpenFOAM v1912's damBreak tutorial at
# 4 ranks, OpenFOAM (PCG and GAMG for p_rgh) against sluice (PCG, PPCG and
# GAMG), counted by the
# PMPI library bench/pmpi_count.c (docs/SCALING.md). Per step = (counts of a run
# to t = 0.1 s - counts of a run to t = 0.05 s) / 13 steps, so start-up is left
# out. Needs OpenFOAM v1912 with its tutorials and a built sluice:
#   bench/dambreak_mpi_counts.sh [SLUICE_BINARY]     # default build/bin/sluice
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
sluice=$(realpath "${1:-build/bin/sluice}")
work=$repo/build-bench/mpi-counts
mkdir -p "$work"
mpicc -O2 -shared -fPIC -o "$work/libpmpi_count.so" bench/pmpi_count.c
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
foam="env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc"
tutorial=/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/damBreak/damBreak
for end in 0.05 0.1; do
  for code in openfoam openfoam-GAMG sluice-PCG sluice-PPCG sluice-GAMG; do
    d=$work/$code-$end
    rm -rf "$d"; cp -r "$tutorial" "$d"; cd "$d"
    cp 0/alpha.water.orig 0/alpha.water
    sed -i "s/^endTime .*/endTime $end;/" system/controlDict
    [ "$code" = sluice-PPCG ] && sed -i 's/^\(\s*solver\s*\)PCG;/\1PPCG;/' system/fvSolution
    case $code in *GAMG) sed -i 's/^\(\s*solver\s*\)PCG;/\1GAMG; smoother DIC;/' system/fvSolution ;; esac
    $foam /usr/bin/blockMesh -case . > log.blockMesh 2>&1
    "$sluice" setfields . > log.setfields 2>&1
    if [[ $code == openfoam* ]]; then
      $foam /usr/bin/decomposePar -case . > log.decomposePar 2>&1
      PMPI_COUNT_PREFIX=$d/pmpi mpiexec -n 4 -x LD_PRELOAD="$work/libpmpi_count.so" -x PMPI_COUNT_PREFIX \
        -x WM_PROJECT_DIR=/usr/share/openfoam -x FOAM_ETC=/usr/share/openfoam/etc /usr/bin/interFoam -parallel \
        -case . > log.run 2>&1
    else
      PMPI_COUNT_PREFIX=$d/pmpi mpiexec -n 4 -x LD_PRELOAD="$work/libpmpi_count.so" -x PMPI_COUNT_PREFIX \
        "$sluice" run . --no-renumber > log.run 2>&1
    fi
    cd "$repo"
  done
done
/usr/bin/python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def load(d):
    out = {}
    for r in range(4):
        for k, v in json.load(open(f"{d}/pmpi.{r}.json"))["calls"].items():
            out.setdefault(k, [0] * 4)[r] = v
    return out
for code in ("openfoam", "openfoam-GAMG", "sluice-PCG", "sluice-PPCG", "sluice-GAMG"):
    a, b = load(f"{work}/{code}-0.05"), load(f"{work}/{code}-0.1")
    per = {op: [(b.get(op, [0] * 4)[r] - a.get(op, [0] * 4)[r]) / 13 for r in range(4)] for op in set(a) | set(b)}
    print(code + ": " + ", ".join(f"{op} {min(v):.1f}-{max(v):.1f}" for op, v in sorted(per.items()) if max(v) > 0))
PY
