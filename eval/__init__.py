"""Benchmarks and self-evaluation of the assistant (never imports Qt)."""
