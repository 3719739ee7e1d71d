"""The shared kernel of the rules: errors, rounding, results, derivations, win expectancy, checks,
time controls; no rating system of its own, no I/O."""
