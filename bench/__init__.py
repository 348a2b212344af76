"""Benchmarks: `python -m bench` prints each figure against its target."""
