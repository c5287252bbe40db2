import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

# The slowest sweeps run at a size that still catches what each is for (each was
# shown to catch a fault planted in the code it guards at that size); CI
# (.ci/run) sets DECKCRAWL_FULL_SWEEPS=1 and runs them whole.  Read here only.
FULL_SWEEPS = os.environ.get("DECKCRAWL_FULL_SWEEPS") == "1"


def sweep(quick, full):
    """The size of a slow sweep: full under DECKCRAWL_FULL_SWEEPS=1, else quick.
    Import it as `from tests.conftest import sweep`."""
    return full if FULL_SWEEPS else quick


import pytest  # noqa: E402


@pytest.fixture
def too_long(monkeypatch):
    """Every text a screen sets that is longer than its line, as (width, text):
    a test asserts the list stays empty."""
    from ui import text

    seen = []
    real = text.Text.set

    def checked(self, s, right=False):
        if len(s) > self.width:
            seen.append((self.width, s))
        return real(self, s, right)

    monkeypatch.setattr(text.Text, "set", checked)
    return seen


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line("sweeps: " + ("full (DECKCRAWL_FULL_SWEEPS=1)" if FULL_SWEEPS else
                                              "quick (DECKCRAWL_FULL_SWEEPS=1 runs them whole, as CI does)"))
