"""Players other than people: random play for `sim`, tests and benchmarks."""
