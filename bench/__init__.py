"""Benchmarks (run by hand, not by pytest): `python -m bench.<name>`."""
