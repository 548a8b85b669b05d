"""Benchmarks that print figures (never timed unit tests): one module per subject."""
