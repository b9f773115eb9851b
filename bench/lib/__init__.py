"""Modules of the sluice-versus-OpenFOAM benchmark harness (bench/harness.py)."""
