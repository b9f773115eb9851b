"""Bandwidth roofline of the pressure solve: the bytes one PCG/DIC iteration
must move (pcg_dic_bytes_per_iteration, the ONE place the model lives; edit
it there) against the STREAM-like triad bandwidth.

    model = pcg_dic_bytes_per_iteration(cells=1_000_000, internal_faces=1_998_000)
    model["total"]                                    # bytes per iteration
    achieved_fraction(model["total"], triad_GBs=20.0, seconds_per_iteration=0.02)
"""
from __future__ import annotations


def pcg_dic_bytes_per_iteration(cells: int, internal_faces: int) -> dict:
    """Minimum main-memory traffic of one PCG iteration with the DIC
    preconditioner in sluice's matrix layout, STREAM convention: every array
    read or written once per pass, no write-allocate traffic, no cache reuse
    between passes. N = cells, F = internal faces; the symmetric matrix stores
    each internal face's coefficient twice (both rows), so 2F off-diagonals.

    sluice layout modelled: CSR-style rows, double values, 32-bit column
    indices, 32-bit row starts; DIC factor and 1/D in double, as the
    benchmark runs it (fvSolution without a single-precision setting).

    Terms (bytes):
      spmv_diag          8 N     read the diagonal (double)
      spmv_offdiag       8 * 2F  read the off-diagonal values (double)
      spmv_cols          4 * 2F  read the column indices (int32)
      spmv_rowstart      4 N     read the row starts (int32)
      spmv_x             8 N     read x (= p, the search direction)
      spmv_y             8 N     write y (= Ap)
      dic_fwd_factor     8 F     forward sweep: read lower factor values (double)
      dic_fwd_cols       4 F     forward sweep: read column indices
      dic_fwd_rowstart   4 N     forward sweep: read row starts
      dic_fwd_r          8 N     forward sweep: read the residual r
      dic_fwd_rD         8 N     forward sweep: read 1/D (double)
      dic_fwd_w          8 N     forward sweep: write w
      dic_bwd_factor     8 F     backward sweep: read upper factor values (double)
      dic_bwd_cols       4 F     backward sweep: read column indices
      dic_bwd_rowstart   4 N     backward sweep: read row starts
      dic_bwd_w         16 N     backward sweep: read and write w
      update_p          24 N     p = w + beta p  (read w, read p, write p)
      update_x          24 N     x += alpha p    (read x, read p, write x)
      update_r          24 N     r -= alpha Ap   (read r, read Ap, write r)
    Dot products and norms are fused into those loops and add nothing.

    Returns {"terms": {name: bytes}, "total": bytes, "cells": N, "internal_faces": F}.
    """
    n, f = cells, internal_faces
    terms = {
        "spmv_diag": 8 * n,
        "spmv_offdiag": 8 * 2 * f,
        "spmv_cols": 4 * 2 * f,
        "spmv_rowstart": 4 * n,
        "spmv_x": 8 * n,
        "spmv_y": 8 * n,
        "dic_fwd_factor": 8 * f,
        "dic_fwd_cols": 4 * f,
        "dic_fwd_rowstart": 4 * n,
        "dic_fwd_r": 8 * n,
        "dic_fwd_rD": 8 * n,
        "dic_fwd_w": 8 * n,
        "dic_bwd_factor": 8 * f,
        "dic_bwd_cols": 4 * f,
        "dic_bwd_rowstart": 4 * n,
        "dic_bwd_w": 16 * n,
        "update_p": 24 * n,
        "update_x": 24 * n,
        "update_r": 24 * n,
    }
    return {"terms": terms, "total": sum(terms.values()), "cells": n, "internal_faces": f}


def achieved_fraction(model_bytes: float, triad_GBs: float, seconds_per_iteration: float) -> float:
    """Fraction of the triad bandwidth the solver reaches, counting only the
    model's bytes: model_bytes / (bandwidth x seconds per iteration)."""
    return model_bytes / (triad_GBs * 1e9 * seconds_per_iteration)


def seconds_per_p_iteration(profile: dict, solves: list[dict]) -> tuple[float, int, float]:
    """(seconds per p iteration, total p iterations, p solve seconds) of one
    sluice run: profile regions "linear-solve:p" + "linear-solve:pFinal"
    (mean over ranks) divided by the p iterations of the log."""
    seconds = 0.0
    for region in profile.get("regions", []):
        if region["name"] in ("linear-solve:p", "linear-solve:pFinal"):
            seconds += region["seconds"]["mean"]
    iterations = sum(s["iterations"] for s in solves if s["equation"] == "p")
    return (seconds / iterations if iterations else float("nan")), iterations, seconds
