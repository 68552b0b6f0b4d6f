"""The hand-worked odds of tests/portable/test_odds.py, exactly (issue 14, point 3: exact fractions
where the rule is exact). On a board the engine solves in single precision and the portable tests
compare to the fraction within 1e-5 and at the precision shown; here every one of those tests runs
again with the engine in fractions.Fraction (number=Fraction, host only) and close() demands
equality with the hand-worked fraction (recovered exactly from its float: every denominator there
is below 10**6). The rule ids are the ones each portable test cites."""
import importlib.util
import os
from fractions import Fraction

import pytest

from engine_core.odds import exact

_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable", "test_odds.py")
_SPEC = importlib.util.spec_from_file_location("portable_test_odds_exact", _PATH)
test_odds = importlib.util.module_from_spec(_SPEC)  # a copy of its own: patched here only
_SPEC.loader.exec_module(test_odds)

_ORIG = exact.odds
TESTS = sorted(n for n in dir(test_odds) if n.startswith("test_"))


def _exact_odds(*args, **kw):
    kw["number"] = Fraction
    return _ORIG(*args, **kw)


def _equal(x, y, eps=None):
    assert isinstance(x, (Fraction, int)), type(x)
    return x == Fraction(y).limit_denominator(10 ** 6)


@pytest.mark.parametrize("name", TESTS)
def test_exactly(name, monkeypatch):
    """CL-C-12 and the ids the portable test of the same name cites."""
    monkeypatch.setattr(exact, "odds", _exact_odds)
    monkeypatch.setattr(test_odds, "odds", _exact_odds)
    monkeypatch.setattr(test_odds, "close", _equal)
    getattr(test_odds, name)()
