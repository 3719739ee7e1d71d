import sys
from pathlib import Path

from hypothesis import settings

# The shared test modules (tests/support: builders, plain references, fixtures' data)
# import by their bare names from every test folder.
sys.path.insert(0, str(Path(__file__).parent / "support"))
sys.path.insert(0, str(Path(__file__).parent))

# No Hypothesis deadline anywhere: a test's speed depends on the machine (a busy CI
# machine runs an example ten times slower than a quiet one); timings belong in benchmarks/.
settings.register_profile("wertung", deadline=None)
settings.load_profile("wertung")
