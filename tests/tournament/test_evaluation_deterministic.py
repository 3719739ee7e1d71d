"""The evaluation's working is the same in every run, whatever the hash seed.

The joint iteration's sweeps go through the new players in the tournament's order;
before, they went in a set's order, which depends on ``PYTHONHASHSEED``: the final
first DWZ was the same, but the published iteration steps (and at times the number
of sweeps) were not. The same evaluation in three interpreters with three hash
seeds must give the same ``to_dict()``, byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]

PROGRAM = """
import json, sys
sys.path.insert(0, {benchmarks!r})
from swiss import swiss_open
from wertung import evaluate
evaluation = evaluate(swiss_open(120, 7, 40, seed=3))
print(json.dumps(evaluation.to_dict(), default=str, sort_keys=False))
"""


def _run(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    code = PROGRAM.format(benchmarks=str(ROOT / "benchmarks"))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_iteration_working_does_not_depend_on_the_hash_seed() -> None:
    outputs = [_run(seed) for seed in ("1", "2", "3")]
    assert '"iteration_sweeps"' in outputs[0]
    assert outputs[0] == outputs[1] == outputs[2]
