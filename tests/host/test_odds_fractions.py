"""The hand-worked odds of tests/portable/test_odds.py and the luck of test_luck.py, exactly (issue 14, point 3: exact fractions
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


def _copy(name):
    """A copy of tests/portable/<name>.py of its own (patched here only)."""
    spec = importlib.util.spec_from_file_location("exact_" + name, os.path.join(os.path.dirname(_PATH), name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


test_odds = _copy("test_odds")
test_luck = _copy("test_luck")

_ORIG = exact.odds
TESTS = sorted(n for n in dir(test_odds) if n.startswith("test_"))


def _exact_odds(*args, **kw):
    kw["number"] = Fraction
    return _ORIG(*args, **kw)


def _equal(x, y, eps=None):
    assert isinstance(x, (Fraction, int)), type(x)   # the engine computed in fractions
    return x == Fraction(y).limit_denominator(10 ** 6)


def _same(x, y, eps=None):
    """Exactly the fraction (a test's own float sum of exact values, 0.0 + ..., is compared exactly too)."""
    return Fraction(x) == Fraction(y).limit_denominator(10 ** 6)


@pytest.mark.parametrize("name", TESTS)
def test_exactly(name, monkeypatch):
    """CL-C-12 and the ids the portable test of the same name cites."""
    monkeypatch.setattr(exact, "odds", _exact_odds)
    monkeypatch.setattr(test_odds, "odds", _exact_odds)
    monkeypatch.setattr(test_odds, "close", _equal)
    getattr(test_odds, name)()


@pytest.mark.parametrize("name", sorted(n for n in dir(test_luck) if n.startswith("test_")))
def test_luck_exactly(name, monkeypatch):
    """CL-C-12, CL-C-13, CL-U-01 and the ids the portable test of the same name cites: the luck
    ledger in fractions equals the hand-worked fractions."""
    base = test_luck.LuckLedger
    monkeypatch.setattr(test_luck, "LuckLedger", lambda board: base(board, number=Fraction))
    monkeypatch.setattr(test_luck, "_close", _same)
    getattr(test_luck, name)()
