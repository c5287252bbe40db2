import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


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
