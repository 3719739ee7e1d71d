import os
import sys
from pathlib import Path

from hypothesis import settings

# The shared test modules (tests/support: builders, plain references, fixtures' data)
# import by their bare names from every test folder.
sys.path.insert(0, str(Path(__file__).parent / "support"))
sys.path.insert(0, str(Path(__file__).parent))
# A few tests reuse a neighbour area's builders by its bare module name (test_web_history
# takes test_history's season): every area folder is importable, also when a folder or a
# single file runs alone (pytest would otherwise put only the running file's folder there).
for _area in sorted(Path(__file__).parent.iterdir()):
    if (
        _area.is_dir()
        and _area.name not in ("support", "data", "golden", "reference")
        and any(_area.glob("test_*.py"))
    ):
        sys.path.append(str(_area))

# No test reaches the internet: a web app (or `wertung serve` process) started by a test
# does not fetch the DSB list unless the test asks for it with its own local server.
os.environ["WERTUNG_DSB_LIST"] = "off"

# No Hypothesis deadline anywhere: a test's speed depends on the machine (a busy CI
# machine runs an example ten times slower than a quiet one); timings belong in benchmarks/.
settings.register_profile("wertung", deadline=None)
settings.load_profile("wertung")
