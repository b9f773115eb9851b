#!/usr/bin/python3
"""Latency/bandwidth model of parallel efficiency for a 2M-cell 3D dam break
(issue 10, docs/SCALING.md), fed with communication counted on the 2D damBreak
tutorial at 4 ranks (PMPI counter, per time step, steps 14-26 of a run to
t = 0.1 s: counts at endTime 0.1 minus counts at endTime 0.05, divided by 13).

    /usr/bin/python3 bench/scaling_model.py              # the table in docs/SCALING.md
    /usr/bin/python3 bench/scaling_model.py --plain      # the same as plain columns

Model of one time step on P ranks, each holding N = 2e6/P cells of a cube-like
part (halo of 6 N^(2/3) cells to at most 13 neighbours, fewer when P is small):

  T(P) = t_cell N                                   computation (per cell and step)
       + R (alpha_r + delta) ceil(log2 P)           R blocking reductions: tree latency plus the wait for
                                                    the slowest rank (noise, imbalance) at each level
       + I max(0, alpha_r ceil(log2 P) - w N)       I non-blocking reductions (PPCG), hidden behind the
                                                    preconditioner and product of one iteration (w per cell)
       + X (k alpha_p + bytes / beta)               X halo exchanges to k neighbours
       + A ((alpha_a + delta) ceil(log2 P) + 8 P B / beta)   A all-to-all size exchanges (PstreamBuffers)
       + S (alpha_p + delta)                        S blocking sends and receives on the busiest rank
       + G ((alpha_r + delta) ceil(log2 P) + 8 g P / beta)   G all-gathers of g values per rank (GAMG's
                                                    coarsest level, gathered on every rank per V-cycle)

Efficiency E(P) = T(1) / (P T(P)); the knee is the first P (powers of two up to
4096) where E < 0.5. Parameters: a commodity InfiniBand cluster (alpha_r = 2 us
per tree level, alpha_p = 1.5 us, alpha_a = 3 us per stage, beta = 10 GB/s,
delta = 1 us of waiting per synchronising stage), computation 1 us per cell and
step for both codes (the same algorithm; bench/results/DAMBREAK.md has the
measured times per step), w = 10 ns per cell for one CG iteration's
overlapped work. Only the communication counts differ between the codes,
which is what the model compares.
"""
from __future__ import annotations

import argparse
import math

CELLS = 2e6
T_CELL = 1e-6          # s per cell and time step
ALPHA_R = 2e-6         # s per reduction tree level
ALPHA_P = 1.5e-6       # s per point-to-point message
ALPHA_A = 3e-6         # s per all-to-all stage
BETA = 10e9            # B/s
DELTA = 1e-6           # s of waiting for the slowest rank per synchronising stage
W_OVERLAP = 1e-8       # s per cell of work overlapping one non-blocking reduction
HALO_VALUES = 1.5      # doubles per halo cell and exchange (scalars, vectors, the MULES lambda pair)
GATHER_VALUES = 15     # coarsest-level values per rank in GAMG's all-gather (nCellsInCoarsestLevel 10: 10-20)

# Per time step on the busiest rank, measured on damBreak at 4 ranks with its sampling function object
# (bench/dambreak_mpi_counts.sh; docs/SCALING.md):
# R blocking reductions, I non-blocking reductions, X halo exchanges (Waitall), A all-to-alls,
# S blocking sends + receives, G all-gathers; p_rgh by PCG, PPCG or GAMG (smoother DIC).
COUNTS = {
    "sluice PCG": {"R": 178.0, "I": 0.0, "X": 148.1, "A": 0.0, "S": 0.0, "G": 0.0},
    "sluice PPCG": {"R": 26.6, "I": 78.7, "X": 154.1, "A": 0.0, "S": 0.0, "G": 0.0},
    "sluice GAMG": {"R": 87.8, "I": 0.0, "X": 317.0, "A": 0.0, "S": 0.0, "G": 15.2},
    # blocking Send 20-46, Recv 23-43 and Probe 0-2 per step: the busiest rank's 46 + 43 + 2
    "OpenFOAM PCG": {"R": 273.4, "I": 0.0, "X": 167.2, "A": 10.0, "S": 91.0, "G": 0.0},
    "OpenFOAM GAMG": {"R": 645.8, "I": 0.0, "X": 517.0, "A": 10.0, "S": 91.0, "G": 0.0},
}


def step_time(code: str, P: int) -> float:
    c = COUNTS[code]
    N = CELLS / P
    t = T_CELL * N
    if P == 1:
        return t
    levels = math.ceil(math.log2(P))
    neighbours = min(13, P - 1)
    halo_bytes = HALO_VALUES * 6 * N ** (2 / 3) / neighbours * 8  # per message
    t += c["R"] * (ALPHA_R + DELTA) * levels
    t += c["I"] * max(0.0, ALPHA_R * levels - W_OVERLAP * N)
    t += c["X"] * neighbours * (ALPHA_P + halo_bytes / BETA)
    t += c["A"] * ((ALPHA_A + DELTA) * levels + 8 * P / BETA)
    t += c["S"] * (ALPHA_P + DELTA)
    t += c["G"] * ((ALPHA_R + DELTA) * levels + 8 * GATHER_VALUES * P / BETA)
    return t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--plain", action="store_true")
    args = p.parse_args()
    codes = list(COUNTS)
    rows, knee = [], {}
    for P in [2 ** i for i in range(13)]:
        row = [P]
        for code in codes:
            e = step_time(code, 1) / (P * step_time(code, P))
            row += [step_time(code, P), e]
            if e < 0.5 and code not in knee:
                knee[code] = P
        rows.append(row)
    if args.plain:
        for r in rows:
            print(" ".join(f"{x:.4g}" for x in r))
    else:
        print("| ranks | " + " | ".join(f"{c} s/step | {c} efficiency" for c in codes) + " |")
        print("| --- |" + " --- | --- |" * len(codes))
        for r in rows:
            cols = " | ".join(f"{r[1 + 2 * i]:.3g} | {r[2 + 2 * i]:.2f}" for i in range(len(codes)))
            print(f"| {r[0]} | {cols} |")
    print()
    for code in codes:
        print(f"{code}: efficiency below 0.5 from {knee.get(code, 'more than 4096')} ranks")


if __name__ == "__main__":
    main()
